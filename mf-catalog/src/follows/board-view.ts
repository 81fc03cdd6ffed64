import type { ViewerFollows } from '@crease/contract';
import type { BoardEvent, MatchBoard } from '../events/match-board';

/**
 * The /events view beyond the league: only followed matches, one day, a team search. Each is
 * kept in the URL (`?following=1&date=2026-11-24&team=mumbai`), so a copied link opens the same
 * view; the league stays in its own `?league=`.
 */
export interface BoardFilters {
  following: boolean;
  /** A day in the viewer's own time zone, YYYY-MM-DD; null: every day. */
  date: string | null;
  /** Part of a team's name or short name, any case; '' matches every team. */
  team: string;
}

export const FILTER_PARAMS = { following: 'following', date: 'date', team: 'team' } as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromSearch(search: string): BoardFilters {
  const params = new URLSearchParams(search);
  const date = params.get(FILTER_PARAMS.date);
  return {
    following: params.get(FILTER_PARAMS.following) === '1',
    date: date && DAY.test(date) ? date : null,
    team: params.get(FILTER_PARAMS.team) ?? '',
  };
}

/** `search` with the filters changed (others, such as the league, kept); '' when none is left. */
export function searchWith(search: string, change: Partial<BoardFilters>): string {
  const params = new URLSearchParams(search);
  const set = (name: string, value: string | null) =>
    value ? params.set(name, value) : params.delete(name);
  if (change.following !== undefined) set(FILTER_PARAMS.following, change.following ? '1' : null);
  if (change.date !== undefined) set(FILTER_PARAMS.date, change.date);
  if (change.team !== undefined) set(FILTER_PARAMS.team, change.team.trim() ? change.team : null);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The day a match starts on in the viewer's time zone (what a date input shows). */
export function localDay(isoTime: string): string {
  const start = new Date(isoTime);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`;
}

export function isFollowed({ event, league }: BoardEvent, follows: ViewerFollows | null): boolean {
  if (!follows) return false;
  return (
    follows.leagues.includes(league.leagueId) ||
    event.teams.some((team) => follows.teams.includes(team.name))
  );
}

function matches(item: BoardEvent, filters: BoardFilters, follows: ViewerFollows | null) {
  if (filters.following && !isFollowed(item, follows)) return false;
  if (filters.date && localDay(item.event.startTime) !== filters.date) return false;
  const needle = filters.team.trim().toLowerCase();
  return (
    !needle ||
    item.event.teams.some(
      (team) =>
        team.name.toLowerCase().includes(needle) || team.shortName.toLowerCase().includes(needle),
    )
  );
}

/** The board filtered, with followed matches first in each section (otherwise in its order). */
export function arrangeBoard(
  board: MatchBoard,
  filters: BoardFilters,
  follows: ViewerFollows | null,
): MatchBoard {
  const arrange = (items: BoardEvent[]) => {
    const kept = items.filter((item) => matches(item, filters, follows));
    return [
      ...kept.filter((item) => isFollowed(item, follows)),
      ...kept.filter((item) => !isFollowed(item, follows)),
    ];
  };
  return {
    live: arrange(board.live),
    upcoming: arrange(board.upcoming),
    finished: arrange(board.finished),
  };
}

/** True when any filter narrows the board (the screen then offers to clear them). */
export const anyFilter = (filters: BoardFilters) =>
  filters.following || filters.date !== null || filters.team.trim() !== '';
