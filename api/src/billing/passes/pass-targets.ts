/**
 * What a pass is for, read from the catalog, and whether it may be sold at all (decision 452):
 * - a match pass: refused for a cancelled match, and for a finished one (completed, abandoned)
 *   with no replay to watch (its stream never ended as a replay: `eventStatus` is not `ended`).
 *   A postponed match keeps its pass: the pass names the match, not a date, so it plays on the
 *   new date;
 * - a season pass: a league is one season in the catalog; refused once the league is completed.
 */
import { eq } from 'drizzle-orm';
import type { PassScope, PassUnavailableReason } from '@crease/contract';
import type { Db } from '../../platform/db/client';
import { catalogLeagues, getEvent } from '../../catalog';
import { ApiError } from '../errors';

export interface PassTarget {
  scope: PassScope;
  eventId: string | null;
  leagueId: string;
  title: string;
  /** When the match is expected to end (a match pass), for "a running plan covers it". */
  estimatedEnd: Date | null;
  /** Why nothing is sold for it, whoever asks; null when it is on sale. */
  refusal: Extract<PassUnavailableReason, 'MATCH_CANCELLED' | 'MATCH_OVER' | 'SEASON_OVER'> | null;
}

const FINISHED = ['completed', 'abandoned'];

export async function matchTarget(db: Db, eventId: string): Promise<PassTarget> {
  const event = await getEvent(db, eventId); // 404 EVENT_NOT_FOUND for an unknown or hidden one
  const refusal =
    event.status === 'cancelled'
      ? 'MATCH_CANCELLED'
      : FINISHED.includes(event.status) && event.eventStatus !== 'ended'
        ? 'MATCH_OVER'
        : null;
  return {
    scope: 'MATCH',
    eventId: event.eventId,
    leagueId: event.leagueId,
    title: event.title,
    estimatedEnd: new Date(event.estimatedEnd),
    refusal,
  };
}

export async function seasonTarget(db: Db, leagueId: string): Promise<PassTarget> {
  const [league] = await db
    .select({
      id: catalogLeagues.id,
      caption: catalogLeagues.caption,
      status: catalogLeagues.status,
      active: catalogLeagues.active,
    })
    .from(catalogLeagues)
    .where(eq(catalogLeagues.id, leagueId));
  if (!league || !league.active)
    throw new ApiError('PLAN_NOT_FOUND', `There is no league "${leagueId}" to sell a pass for.`);
  return {
    scope: 'SEASON',
    eventId: null,
    leagueId: league.id,
    title: league.caption,
    estimatedEnd: null,
    refusal: league.status === 'completed' ? 'SEASON_OVER' : null,
  };
}

/** The target named by a request: exactly one of `eventId` (a match) or `leagueId` (a season). */
export async function passTargetOf(
  db: Db,
  scope: PassScope,
  named: { eventId?: string; leagueId?: string },
): Promise<PassTarget> {
  const wanted = scope === 'MATCH' ? named.eventId : named.leagueId;
  const other = scope === 'MATCH' ? named.leagueId : named.eventId;
  if (!wanted || other !== undefined)
    throw new ApiError(
      'VALIDATION_FAILED',
      scope === 'MATCH'
        ? 'A match pass needs "eventId", the match it is for (and no "leagueId").'
        : 'A season pass needs "leagueId", the league it is for (and no "eventId").',
    );
  return scope === 'MATCH' ? matchTarget(db, wanted) : seasonTarget(db, wanted);
}
