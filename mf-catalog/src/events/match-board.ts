import { statusGroupOf } from '@crease/contract';
import type { CatalogEvent, League } from '@crease/contract';

/** An event with the league it belongs to (a card shows the league in the all-leagues view). */
export interface BoardEvent {
  event: CatalogEvent;
  league: League;
}

/** What the screen shows, in the order it shows it: live, then upcoming, then finished. */
export interface MatchBoard {
  live: BoardEvent[];
  upcoming: BoardEvent[];
  finished: BoardEvent[];
}

const byStart = (a: BoardEvent, b: BoardEvent) =>
  a.event.startTime.localeCompare(b.event.startTime) ||
  a.event.eventId.localeCompare(b.event.eventId);

/**
 * Sorts the leagues' events into the three groups by match status (the API's status, never the
 * clock: a match that should have started but has not is still upcoming). Live and upcoming
 * run soonest first; finished runs most recent first. `leagueId` null means every league.
 */
export function matchBoard(leagues: readonly League[], leagueId: string | null): MatchBoard {
  const board: MatchBoard = { live: [], upcoming: [], finished: [] };
  for (const league of leagues) {
    if (leagueId !== null && league.leagueId !== leagueId) continue;
    for (const event of league.events) board[statusGroupOf(event.status)].push({ event, league });
  }
  board.live.sort(byStart);
  board.upcoming.sort(byStart);
  board.finished.sort((a, b) => byStart(b, a));
  return board;
}

/** The league filter kept in the URL: `?league=<leagueId>`, or null for every league. */
export const LEAGUE_PARAM = 'league';

export function leagueFromSearch(search: string): string | null {
  const value = new URLSearchParams(search).get(LEAGUE_PARAM);
  return value ? value : null;
}

/** The /events link for a league (null: every league). */
export function eventsHref(pathname: string, leagueId: string | null, search = ''): string {
  // The other filters in the URL (following, date, team) stay as they are.
  const params = new URLSearchParams(search);
  if (leagueId === null) params.delete(LEAGUE_PARAM);
  else params.set(LEAGUE_PARAM, leagueId);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
