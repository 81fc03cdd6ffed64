import type {
  CommitResult,
  HistoryEntry,
  PublishResult,
  ReleaseStatus,
} from '../../registry/release-types';

/** A plain-text table for terminals: padded columns, a header row, "-" for empty cells. */
export function formatTable(
  headers: string[],
  rows: (string | number | null | undefined)[][],
): string {
  const cells = rows.map((row) =>
    row.map((cell) => (cell === null || cell === undefined || cell === '' ? '-' : String(cell))),
  );
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...cells.map((row) => (row[i] ?? '').length)),
  );
  const line = (row: string[]) =>
    row
      .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), ...cells.map(line)].join('\n');
}

const COMMITTED: Record<string, string> = {
  promote: 'Promoted',
  rollback: 'Rolled back',
  'mark-good': 'Marked good',
};

/** What a promote, rollback or mark-good changed, and in which revision. */
export function commitTable(result: CommitResult, action: string): string {
  if (result.changes.length === 0)
    return action === 'mark-good'
      ? `Nothing to do: already marked good (revision ${result.revision}).`
      : `Nothing to ${action}: already live (revision ${result.revision}).`;
  return `${formatTable(
    ['APP', 'FROM', 'TO'],
    result.changes.map((c) => [c.app, c.from, c.to]),
  )}\n\n${COMMITTED[action] ?? action} in revision ${result.revision}; the next page load gets it.`;
}

export function publishTable(result: PublishResult): string {
  return `${formatTable(
    ['APP', 'VERSION', 'CONTRACT', 'NEW'],
    [
      [
        result.app,
        result.version,
        String(result.contract),
        result.created ? 'yes' : 'no (already published)',
      ],
    ],
  )}\n\nPromote it with: npm run release -- promote ${result.app} ${result.version}`;
}

export function historyTable(entries: HistoryEntry[]): string {
  if (entries.length === 0) return 'No releases yet.';
  return formatTable(
    ['REV', 'AT', 'ACTOR', 'ACTION', 'APP', 'FROM', 'TO', 'REASON'],
    entries.map((e) => [e.revision, e.at, e.actor, e.action, e.app, e.from, e.to, e.reason]),
  );
}

export function statusTable(status: ReleaseStatus, where: string): string {
  if (status.apps.length === 0) return `Nothing is live yet (revision ${status.revision}).`;
  return `${formatTable(
    ['APP', 'LIVE', 'LAST KNOWN GOOD', 'CONTRACT', 'FALLBACKS', 'SINCE', 'BY'],
    status.apps.map((a) => [
      a.app,
      a.version,
      a.lastKnownGood,
      a.contract === null ? null : String(a.contract),
      a.fallbacks,
      a.since,
      a.by,
    ]),
  )}\n\nRegistry revision ${status.revision}; ${where}.`;
}
