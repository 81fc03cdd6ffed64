/** Types of decision-index.mjs (plain JavaScript so that `npm run decisions:index` needs no build). */
export interface DecisionRecord {
  number: string;
  file: string;
  title: string;
  status: 'accepted' | 'superseded' | 'superseded in part';
  supersededBy: string[];
}
export const INDEX_FILE: string;
export const TEMPLATE_FILE: string;
export function readRecord(
  fileName: string,
  text: string,
): (DecisionRecord & { problem?: undefined }) | { problem: string };
export function readRecords(dir: string): { records: DecisionRecord[]; problems: string[] };
export function renderIndex(records: DecisionRecord[]): string;
