/** The catalog writes' own checks (400 naming the field) and the audit's field diff. */
import type { AuditEntry, EventCreate } from '@crease/contract';
import { ApiError } from './errors';

type Changes = AuditEntry['changes'];

/** Fields whose value differs (compared as JSON), as {before, after}. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Changes {
  const changes: Changes = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      changes[key] = { before: before[key] ?? null, after: after[key] ?? null };
  }
  return changes;
}

export const invalid = (field: string, message: string) =>
  new ApiError('VALIDATION_FAILED', `Field "${field}" ${message}`);

export function checkTimes(startTime: Date, estimatedEnd: Date) {
  if (estimatedEnd.getTime() <= startTime.getTime())
    throw invalid('estimatedEnd', 'must be after startTime.');
}

export function checkTeams(teams: EventCreate['teams']) {
  if (teams[0].shortName === teams[1].shortName)
    throw invalid('teams.1.shortName', 'must differ from the other team’s.');
}
