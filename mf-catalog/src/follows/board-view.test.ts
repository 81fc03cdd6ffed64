import type { ViewerFollows } from '@crease/contract';
import { CHENNAI, LEEDS, LONDON, MUMBAI, catalogEvent, league } from '../testing/catalog-fixtures';
import { matchBoard } from '../events/match-board';
import { arrangeBoard, filtersFromSearch, localDay, searchWith } from './board-view';

const HOUR = 3_600_000;
const now = Date.parse('2026-11-24T12:00:00.000Z');
const leagues = [
  league('county-cup', 'County Cup', [
    catalogEvent('lon-lee', 'county-cup', [LONDON, LEEDS], now + HOUR),
  ]),
  league('premier-league', 'Premier League', [
    catalogEvent('mum-che', 'premier-league', [MUMBAI, CHENNAI], now + 2 * HOUR),
    catalogEvent('mum-che-2', 'premier-league', [MUMBAI, CHENNAI], now + 48 * HOUR),
  ]),
];
const follows = (teams: string[], leagueIds: string[] = []): ViewerFollows => ({
  teams,
  leagues: leagueIds,
  reminders: [],
  remindFollowed: false,
  remindBefore: 15,
  timeZone: null,
});
const ids = (board: ReturnType<typeof matchBoard>) =>
  board.upcoming.map((item) => item.event.eventId);

describe('the /events view: filters in the URL, followed first', () => {
  it('reads the filters from the URL and ignores a malformed date', () => {
    expect(filtersFromSearch('?league=x&following=1&date=2026-11-24&team=che')).toEqual({
      following: true,
      date: '2026-11-24',
      team: 'che',
    });
    expect(filtersFromSearch('?following=yes&date=24/11/2026')).toEqual({
      following: false,
      date: null,
      team: '',
    });
  });

  it('writes a change next to the other parameters and drops empty ones', () => {
    expect(searchWith('?league=county-cup', { following: true })).toBe(
      '?league=county-cup&following=1',
    );
    expect(searchWith('?following=1&team=lee', { following: false, team: '  ' })).toBe('');
    expect(searchWith('', { date: '2026-11-25', team: 'Mumbai Monsoons' })).toBe(
      '?date=2026-11-25&team=Mumbai+Monsoons',
    );
  });

  it('puts followed matches first, by team or by league, and keeps the order otherwise', () => {
    const board = matchBoard(leagues, null);
    const none = { following: false, date: null, team: '' };
    expect(ids(arrangeBoard(board, none, null))).toEqual(['lon-lee', 'mum-che', 'mum-che-2']);
    expect(ids(arrangeBoard(board, none, follows([CHENNAI.name])))).toEqual([
      'mum-che',
      'mum-che-2',
      'lon-lee',
    ]);
    expect(ids(arrangeBoard(board, none, follows([], ['county-cup'])))).toEqual([
      'lon-lee',
      'mum-che',
      'mum-che-2',
    ]);
  });

  it('filters by following, by the local day and by a team name or short name', () => {
    const board = matchBoard(leagues, null);
    const base = { following: false, date: null, team: '' };
    expect(ids(arrangeBoard(board, { ...base, following: true }, follows([LEEDS.name])))).toEqual([
      'lon-lee',
    ]);
    expect(ids(arrangeBoard(board, { ...base, following: true }, null))).toEqual([]);
    const day = localDay(new Date(now + 48 * HOUR).toISOString());
    expect(ids(arrangeBoard(board, { ...base, date: day }, null))).toEqual(['mum-che-2']);
    expect(ids(arrangeBoard(board, { ...base, team: 'MUM' }, null))).toEqual([
      'mum-che',
      'mum-che-2',
    ]);
    expect(ids(arrangeBoard(board, { ...base, team: 'larks' }, null))).toEqual(['lon-lee']);
  });
});
