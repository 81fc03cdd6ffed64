/**
 * The capacity report from the files in this checkout: the measured file, read and checked, run
 * through the model with the default assumptions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_ASSUMPTIONS } from './assumptions';
import type { Assumptions } from './assumptions';
import { verdicts } from './bottlenecks';
import type { CapacityReport } from './capacity-doc';
import { parseMeasured } from './measured';
import { parseIngestMeasured } from './ingest';
import { planTiers } from './model';
import { apiScalingPolicy } from './scaling-policy';

export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
/** Where bench:surge writes its figures (repo-relative, as the doc quotes it). */
export const MEASURED_FILE = 'deploy/capacity/surge-measured.json';
/** The transcoder's measured CPU (decision 418), for the ingest section. */
export const INGEST_MEASURED_FILE = 'deploy/capacity/ingest-measured.json';
export const CAPACITY_DOC = 'docs/capacity.md';

export function buildReport(
  root: string = REPO_ROOT,
  assumptions: Assumptions = DEFAULT_ASSUMPTIONS,
): CapacityReport {
  const text = fs.readFileSync(path.join(root, MEASURED_FILE), 'utf8');
  const measured = parseMeasured(text, MEASURED_FILE);
  const ingestText = fs.readFileSync(path.join(root, INGEST_MEASURED_FILE), 'utf8');
  const ingest = parseIngestMeasured(ingestText, INGEST_MEASURED_FILE);
  const plans = planTiers(measured, assumptions);
  const policy = apiScalingPolicy(measured, assumptions);
  return {
    measured,
    measuredFile: MEASURED_FILE,
    ingest,
    ingestFile: INGEST_MEASURED_FILE,
    assumptions,
    plans,
    verdicts: verdicts(plans, measured, assumptions, policy),
    policy,
  };
}
