import { momentsOf, visibleMoments } from './key-moments';
import { matchView, pageTitleFor } from './spoiler-free';
import { CHASE_TIMELINE, FOUR, T0, WICKET } from '../testing/match-fixtures';

describe('spoiler-free', () => {
  const moments = momentsOf(CHASE_TIMELINE);

  it('shows no moment after the picture, and none before the picture is known', () => {
    expect(visibleMoments(moments, T0 + 900_000, true).map((m) => m.seq)).toEqual([1, 2]);
    expect(visibleMoments(moments, null, true)).toEqual([]);
    expect(visibleMoments(moments, T0 + 900_000, false).map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('gives the picture’s state always, and the newest only when revealed', () => {
    expect(matchView(CHASE_TIMELINE, T0 + 900_000, true)).toEqual({
      shown: FOUR.state,
      latest: null,
    });
    expect(matchView(CHASE_TIMELINE, T0 + 900_000, false)).toEqual({
      shown: FOUR.state,
      latest: WICKET.state,
    });
    // At the newest entry there is nothing more to reveal.
    expect(matchView(CHASE_TIMELINE, T0 + 1_300_000, false).latest).toBeNull();
  });

  it('titles the tab with the picture’s score', () => {
    expect(pageTitleFor('MUM v CHE', FOUR.state, 'Crease')).toBe(
      'CHE 40/0 (4.1) · MUM v CHE | Crease',
    );
    expect(pageTitleFor('MUM v CHE', null, 'Crease')).toBe('MUM v CHE | Crease');
  });
});
