/**
 * What viewers read: active leagues, their events, filtered and paginated by keyset. Only the
 * events of active leagues are visible; everything else is 404, as if it did not exist.
 */
import { and, asc, desc, eq, gt, gte, inArray, lt, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { STATUS_GROUP_MEMBERS } from '@crease/contract';
import type {
  CatalogEvent,
  EventPage,
  EventStatusGroup,
  EventTimeline,
  League,
  MatchState,
} from '@crease/contract';
import type { Db } from '../platform/db/client';
import { catalogEventTimeline, catalogEvents, catalogLeagues } from './tables';
import { ApiError } from './errors';
import { toEvent, toLeague } from './event-row';
import type { LogoLibrary } from './logos';

export interface EventFilter {
  league?: string;
  status?: EventStatusGroup;
  from?: Date;
  to?: Date;
}

/** A league lists at most this many events; GET events pages through any number. */
export const LEAGUE_EVENTS_CAP = 100;

interface Cursor {
  startTime: Date;
  eventId: string;
}

export function encodeCursor(event: CatalogEvent): string {
  return Buffer.from(JSON.stringify([event.startTime, event.eventId])).toString('base64url');
}

export function decodeCursor(raw: string): Cursor {
  try {
    const [start, eventId] = JSON.parse(
      Buffer.from(raw, 'base64url').toString('utf8'),
    ) as unknown[];
    const startTime = new Date(String(start));
    if (typeof eventId === 'string' && typeof start === 'string' && !isNaN(startTime.getTime()))
      return { startTime, eventId };
  } catch {
    // fall through: any undecodable cursor is the client's mistake
  }
  throw new ApiError('VALIDATION_FAILED', 'Field "cursor" is not a cursor this API gave out.');
}

/** Finished matches are listed newest first; everything else soonest first. */
const newestFirst = (filter: EventFilter) => filter.status === 'finished';

function conditions(filter: EventFilter, cursor?: Cursor): SQL[] {
  const where: SQL[] = [eq(catalogLeagues.active, true)];
  if (filter.league) where.push(eq(catalogEvents.leagueId, filter.league));
  if (filter.status)
    where.push(inArray(catalogEvents.status, [...STATUS_GROUP_MEMBERS[filter.status]]));
  // Overlap of [startTime, estimatedEnd] with [from, to).
  if (filter.from) where.push(gte(catalogEvents.estimatedEnd, filter.from));
  if (filter.to) where.push(lt(catalogEvents.startTime, filter.to));
  if (cursor) {
    const after = newestFirst(filter) ? lt : gt;
    where.push(
      or(
        after(catalogEvents.startTime, cursor.startTime),
        and(eq(catalogEvents.startTime, cursor.startTime), after(catalogEvents.id, cursor.eventId)),
      ) as SQL,
    );
  }
  return where;
}

async function selectEvents(
  db: Db,
  filter: EventFilter,
  limit: number,
  cursor?: Cursor,
): Promise<CatalogEvent[]> {
  const order = newestFirst(filter) ? desc : asc;
  const rows = await db
    .select({ event: catalogEvents })
    .from(catalogEvents)
    .innerJoin(catalogLeagues, eq(catalogLeagues.id, catalogEvents.leagueId))
    .where(and(...conditions(filter, cursor)))
    .orderBy(order(catalogEvents.startTime), order(catalogEvents.id))
    .limit(limit);
  return rows.map((r) => toEvent(r.event));
}

async function assertLeagueVisible(db: Db, leagueId: string) {
  const [row] = await db
    .select()
    .from(catalogLeagues)
    .where(and(eq(catalogLeagues.id, leagueId), eq(catalogLeagues.active, true)));
  if (!row) throw new ApiError('LEAGUE_NOT_FOUND', `There is no league "${leagueId}".`);
  return row;
}

export async function listEvents(
  db: Db,
  filter: EventFilter,
  limit: number,
  cursor?: string,
): Promise<EventPage> {
  if (filter.league) await assertLeagueVisible(db, filter.league);
  // One extra row says whether another page exists.
  const rows = await selectEvents(db, filter, limit + 1, cursor ? decodeCursor(cursor) : undefined);
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

export async function getEvent(db: Db, eventId: string): Promise<CatalogEvent> {
  const [row] = await db
    .select({ event: catalogEvents })
    .from(catalogEvents)
    .innerJoin(catalogLeagues, eq(catalogLeagues.id, catalogEvents.leagueId))
    .where(and(eq(catalogEvents.id, eventId), eq(catalogLeagues.active, true)));
  if (!row) throw new ApiError('EVENT_NOT_FOUND', `There is no event "${eventId}".`);
  return toEvent(row.event);
}

/**
 * An event of an active league and that league's application (the origin's folder for its
 * stream), in one read: a stream grant needs both (decision 374).
 */
export async function getEventWithApplication(
  db: Db,
  eventId: string,
): Promise<{ event: CatalogEvent; application: string }> {
  const [row] = await db
    .select({ event: catalogEvents, application: catalogLeagues.application })
    .from(catalogEvents)
    .innerJoin(catalogLeagues, eq(catalogLeagues.id, catalogEvents.leagueId))
    .where(and(eq(catalogEvents.id, eventId), eq(catalogLeagues.active, true)));
  if (!row) throw new ApiError('EVENT_NOT_FOUND', `There is no event "${eventId}".`);
  return { event: toEvent(row.event), application: row.application };
}

export async function getTimeline(db: Db, eventId: string, after: number): Promise<EventTimeline> {
  await getEvent(db, eventId);
  const rows = await db
    .select()
    .from(catalogEventTimeline)
    .where(and(eq(catalogEventTimeline.eventId, eventId), gt(catalogEventTimeline.seq, after)))
    .orderBy(asc(catalogEventTimeline.seq));
  return {
    eventId,
    entries: rows.map((r) => ({
      seq: r.seq,
      at: r.at.toISOString(),
      state: r.state as MatchState,
      commentary: r.commentary,
      moment: r.moment ?? null,
    })),
  };
}

/** Active leagues by caption, each with its events matching the filter (capped). */
export async function listLeagues(
  db: Db,
  filter: EventFilter,
  logos: LogoLibrary,
): Promise<League[]> {
  const leagues = filter.league
    ? [await assertLeagueVisible(db, filter.league)]
    : await db
        .select()
        .from(catalogLeagues)
        .where(eq(catalogLeagues.active, true))
        .orderBy(asc(catalogLeagues.caption));
  const result: League[] = [];
  for (const league of leagues) {
    const events = await selectEvents(db, { ...filter, league: league.id }, LEAGUE_EVENTS_CAP);
    result.push(toLeague(league, (logo) => logos.filenameOf(logo), events));
  }
  return result;
}
