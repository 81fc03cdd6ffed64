import { render, screen, within } from '@testing-library/react';
import type { Innings, Scorecard } from '@crease/contract';
import { ScorecardDetail } from './scorecard-detail';

/**
 * Issue 36 §5: the batting card as a scorer writes it. The batters and the extras add up to the
 * total, each batter is out some way or "not out", and the fall of wickets follows; The Hundred
 * counts balls, never overs.
 */
const scorecard = (extra: Partial<Scorecard> = {}): Scorecard => ({
  battingTeam: 'MUM',
  batters: [
    {
      name: 'Das',
      runs: 12,
      balls: 9,
      fours: 2,
      sixes: 0,
      onStrike: false,
      dismissal: 'c Roy b Khan',
    },
    { name: 'Rahul', runs: 40, balls: 27, fours: 4, sixes: 2, onStrike: true, dismissal: null },
    { name: 'Iyer', runs: 21, balls: 15, fours: 1, sixes: 1, onStrike: false, dismissal: null },
  ],
  bowlers: [{ name: 'Khan', overs: '3.4', maidens: 0, runs: 24, wickets: 1, current: true }],
  lastBalls: ['1', '4', 'W', '1wd', '6', '0'],
  target: null,
  requiredRunRate: null,
  interruption: null,
  extras: { byes: 1, legByes: 2, wides: 3, noBalls: 1, penalties: 0 },
  fallOfWickets: [{ wicket: 1, runs: 23, batter: 'Das', overs: '3.4' }],
  ...extra,
});
const innings: Innings = { team: 'MUM', runs: 80, wickets: 1, overs: '10.2', declared: false };

describe('the batting card', () => {
  it('lists each batter out or not out, the extras by kind, the total and the fall of wickets', () => {
    render(<ScorecardDetail scorecard={scorecard()} innings={innings} format="t20" />);
    const card = screen.getByRole('table', { name: 'Batters' });
    const row = (name: string) =>
      within(card).getByRole('row', { name: new RegExp(`^${name}`) }).textContent;
    expect(row('Das')).toContain('c Roy b Khan');
    expect(row('Rahul')).toContain('not out');
    expect(row('Iyer')).toContain('not out');
    expect(row('Extras')).toBe('Extras b 1, lb 2, w 3, nb 1, p 07');
    expect(row('Total')).toBe('Total80/1 (10.2 ov)');
    // 12 + 40 + 21 off the bat and 7 extras: the card adds up to the total.
    expect(screen.getByText(/Fall of wickets/).parentElement).toHaveTextContent(
      'Fall of wickets: 1-23 (Das, 3.4 ov)',
    );
  });

  it('counts in balls for The Hundred, and an all-out total has no wickets figure', () => {
    const allOut: Innings = { team: 'MUM', runs: 98, wickets: 10, overs: '16.4', declared: false };
    render(<ScorecardDetail scorecard={scorecard()} innings={allOut} format="the_hundred" />);
    const card = screen.getByRole('table', { name: 'Batters' });
    expect(within(card).getByRole('row', { name: /^Total/ })).toHaveTextContent(
      'Total98 (100 balls)',
    );
    expect(screen.getByText(/Fall of wickets/).parentElement).toHaveTextContent(
      'Fall of wickets: 1-23 (Das, 22 balls)',
    );
    const bowlers = screen.getByRole('table', { name: 'Bowlers' });
    expect(within(bowlers).getByRole('columnheader', { name: 'B' })).toBeVisible();
    expect(within(bowlers).queryByRole('columnheader', { name: 'O' })).toBeNull();
  });

  it('an entry written before extras were kept shows neither the extras nor the fall of wickets', () => {
    render(
      <ScorecardDetail
        scorecard={scorecard({ extras: undefined, fallOfWickets: undefined })}
        innings={innings}
        format="t20"
      />,
    );
    expect(screen.queryByRole('row', { name: /^Extras/ })).toBeNull();
    expect(screen.queryByText(/Fall of wickets/)).toBeNull();
    expect(screen.getByRole('row', { name: /^Rahul/ })).toHaveTextContent('not out');
  });
});
