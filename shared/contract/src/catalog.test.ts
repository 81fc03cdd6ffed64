import {
  CATALOG_PATHS,
  EVENT_STATUS_GROUPS,
  MATCH_STATUS_MOVES,
  MATCH_STATUSES,
  PLAY_STATES,
  STATUS_GROUP_MEMBERS,
  STREAM_EVENT_STATUS_MOVES,
  catalogEventPath,
  catalogLogoPath,
  isBreakPlayState,
  statusGroupOf,
} from './catalog';

describe('catalog contract', () => {
  it('puts every match status in exactly one list group, and statusGroupOf agrees', () => {
    for (const status of MATCH_STATUSES) {
      const groups = EVENT_STATUS_GROUPS.filter((g) => STATUS_GROUP_MEMBERS[g].includes(status));
      expect(groups).toEqual([statusGroupOf(status)]);
    }
  });

  it('has no way back from a finished match or an ended stream', () => {
    expect(MATCH_STATUS_MOVES.completed).toEqual([]);
    expect(MATCH_STATUS_MOVES.live).not.toContain('scheduled');
    expect(STREAM_EVENT_STATUS_MOVES.ended).toEqual([]);
  });

  it('only moves to statuses that exist', () => {
    for (const moves of Object.values(MATCH_STATUS_MOVES))
      for (const to of moves) expect(MATCH_STATUSES).toContain(to);
  });

  it('counts every play state but in_play as a break (what the player shows over the picture)', () => {
    expect(isBreakPlayState('in_play')).toBe(false);
    expect(isBreakPlayState('rain_delay')).toBe(true);
    expect(isBreakPlayState('stumps')).toBe(true);
    expect(PLAY_STATES.filter(isBreakPlayState)).toHaveLength(PLAY_STATES.length - 1);
    expect(isBreakPlayState(null)).toBe(false);
    expect(isBreakPlayState(undefined)).toBe(false);
  });

  it('escapes ids in paths', () => {
    expect(catalogEventPath('a/b')).toBe(`${CATALOG_PATHS.events}/a%2Fb`);
    expect(catalogLogoPath('x.svg')).toBe('api/v1/catalog/logos/x.svg');
  });
});
