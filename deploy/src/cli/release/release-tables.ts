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
  'clear-veto': 'Veto cleared',
  canary: 'Canary started',
};

/** What a promote, rollback or mark-good changed, and in which revision. */
export function commitTable(result: CommitResult, action: string): string {
  if (result.changes.length === 0)
    return action === 'mark-good'
      ? `Nothing to do: already marked good (revision ${result.revision}).`
      : `Nothing to ${action}: already live (revision ${result.revision}).`;
  if (action === 'canary') {
    const change = result.changes[0]!;
    return `${formatTable(
      ['APP', 'STABLE', 'CANARY', 'PERCENT'],
      [[change.app, change.from, change.to, `${change.percent} %`]],
    )}\n\nCanary started in revision ${result.revision}: ${change.percent} % of browsers get ${change.to} from their next page load or route change. The canary guard rolls it back by itself if viewers fail with it; promote ${change.app} ${change.to} to finish, rollback ${change.app} to abort.`;
  }
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
    entries.map((e) => [
      e.revision,
      e.at,
      e.actor,
      e.percent !== undefined
        ? `${e.action} ${e.percent} %`
        : e.automatic
          ? `${e.action} (automatic)`
          : e.action,
      e.app,
      e.from,
      e.to,
      e.reason,
    ]),
  );
}

const VETO_WORDS = {
  anonymous: 'warning: from anonymous browsers only, too few signed-in viewers to veto',
  few: 'too few reporters to veto',
  expired: 'veto expired (no report for the veto period)',
  cleared: 'veto cleared by a release manager',
} as const;

export function statusTable(status: ReleaseStatus, where: string): string {
  if (status.apps.length === 0) return `Nothing is live yet (revision ${status.revision}).`;
  const table = formatTable(
    ['APP', 'LIVE', 'LAST KNOWN GOOD', 'CONTRACT', 'FALLBACKS', 'CANARY', 'SINCE', 'BY'],
    status.apps.map((a) => [
      a.app,
      a.version,
      a.lastKnownGood,
      a.contract === null ? null : String(a.contract),
      a.fallbacks,
      a.canary ? `${a.canary.version} ${a.canary.percent} % (${a.canary.health.verdict})` : null,
      a.since,
      a.by,
    ]),
  );
  // The canaries' verdicts and the guard's rollbacks, in words, under the table.
  const notes = status.apps.flatMap((a) => [
    ...(a.canary
      ? [
          `${a.app} canary ${a.canary.version} (since ${a.canary.since}, by ${a.canary.by}): ${a.canary.health.summary}`,
        ]
      : []),
    ...(a.lastAutomaticRollback
      ? [
          `${a.app}: the canary guard rolled back ${a.lastAutomaticRollback.version} at ${a.lastAutomaticRollback.at}. ${a.lastAutomaticRollback.reason}`,
        ]
      : []),
  ]);
  // Fallback reports and what they mean for a veto (decision 411), one line per version.
  for (const f of status.fallbacks) {
    const why = f.vetoes
      ? 'vetoes it as a last-known-good (clear-veto clears it)'
      : VETO_WORDS[f.notVetoing ?? 'few'];
    notes.push(
      `${f.remote} ${f.failedVersion}: ${f.count} fallback report${f.count === 1 ? '' : 's'}, ${why}.`,
    );
  }
  return `${table}\n${notes.length > 0 ? `\n${notes.join('\n')}\n` : ''}\nRegistry revision ${status.revision}; ${where}.`;
}
