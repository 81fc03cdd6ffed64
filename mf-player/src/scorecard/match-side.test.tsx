import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TimelineEntry } from '@crease/contract';
import type { Moment } from '../match/key-moments';
import { useMatchView } from '../match/use-match-view';
import { liveEvent } from '../testing/player-fixtures';
import { CHASE_TIMELINE, T0 } from '../testing/match-fixtures';
import { MatchSide } from './match-side';

/** The side panel as the player composes it, for a picture at `pictureTime`. */
function Side({
  timeline = CHASE_TIMELINE,
  pictureTime,
  atLive = false,
  spoilerFreeAtFirst = true,
  live = true,
  onMoment = () => undefined,
}: {
  timeline?: TimelineEntry[];
  pictureTime: number | null;
  atLive?: boolean;
  spoilerFreeAtFirst?: boolean;
  live?: boolean;
  onMoment?: (moment: Moment) => void;
}) {
  const [spoilerFree, setSpoilerFree] = useState(spoilerFreeAtFirst);
  const view = useMatchView(timeline, pictureTime, atLive, spoilerFree);
  return (
    <MatchSide
      event={liveEvent()}
      view={view}
      live={live}
      spoilerFree={spoilerFree}
      onToggleSpoilerFree={() => setSpoilerFree((on) => !on)}
      onMoment={onMoment}
    />
  );
}

const scorecard = () => screen.getByRole('region', { name: 'Scorecard' });
const moments = () => screen.getByRole('region', { name: 'Key moments' });

describe('beside the player', () => {
  it('in the innings break says so, names no batting side, and gives the other side "Yet to bat"', () => {
    render(<Side pictureTime={T0 + 60_000} />);
    const card = scorecard();
    expect(within(card).getByText('Innings break')).toBeVisible();
    expect(within(card).queryByText(/batting/)).toBeNull();
    expect(within(card).getByText('156/4 (20)')).toBeVisible();
    expect(within(card).getByText('Yet to bat')).toBeVisible();
  });

  it('in the chase shows both innings, the target and rate, batters, bowlers and the last six balls', () => {
    render(<Side pictureTime={T0 + 1_300_000} atLive spoilerFreeAtFirst={false} />);
    const card = scorecard();
    expect(within(card).getByText('156/4 (20)')).toBeVisible();
    expect(within(card).getByText('71/1 (8.2)')).toBeVisible();
    expect(within(card).getByText(/batting/)).toBeVisible();
    expect(within(card).getByText('Target 157 · Required rate 8.85')).toBeVisible();

    const batters = within(card).getByRole('table', { name: 'Batters' });
    const rahul = within(batters).getByRole('row', { name: /Rahul/ });
    expect(
      within(rahul)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['34', '27', '4', '1']);
    expect(within(rahul).getByLabelText('on strike')).toBeVisible();
    const bowlers = within(card).getByRole('table', { name: 'Bowlers' });
    const khan = within(bowlers).getByRole('row', { name: /Khan/ });
    expect(
      within(khan)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3.2', '0', '24', '1']);
    const balls = within(card).getByRole('list', { name: 'Last six balls' });
    expect(
      within(balls)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['1', '0', '4', 'W', '1wd', '6']);
  });

  it('spoiler-free behind live hides the moments after the picture and the live score; the toggle reveals them', async () => {
    const user = userEvent.setup();
    // The picture is between the four (600 s) and the wicket (1200 s).
    render(<Side pictureTime={T0 + 900_000} />);
    const toggle = screen.getByRole('button', { name: 'Spoiler-free' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(within(moments()).getByRole('button', { name: /Four: Rahul off Khan/ })).toBeVisible();
    expect(within(moments()).queryByRole('button', { name: /Wicket/ })).toBeNull();
    expect(within(moments()).getByText(/moments after the picture are hidden/)).toBeVisible();
    expect(within(scorecard()).getByText('40/0 (4.1)')).toBeVisible();
    expect(within(scorecard()).queryByText(/Live now/)).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(within(moments()).getByRole('button', { name: /Wicket: Gill/ })).toBeVisible();
    expect(within(scorecard()).getByText('Live now: CHE 71/1 (8.2)')).toBeVisible();
    // The card itself still agrees with the picture.
    expect(within(scorecard()).getByText('40/0 (4.1)')).toBeVisible();
  });

  it('a finished match never says "Live now": revealed, its last score is the final one, with the result', async () => {
    const user = userEvent.setup();
    const last = CHASE_TIMELINE.at(-1)!;
    const finished = [
      ...CHASE_TIMELINE.slice(0, -1),
      { ...last, state: { ...last.state, result: 'Chennai Cyclones won by 10 runs' } },
    ];
    render(<Side timeline={finished} pictureTime={T0 + 900_000} live={false} />);
    await user.click(screen.getByRole('button', { name: 'Spoiler-free' }));

    expect(within(scorecard()).queryByText(/Live now/)).toBeNull();
    expect(
      within(scorecard()).getByText(
        `Final score: ${last.state.scoreSummary} · Chennai Cyclones won by 10 runs`,
      ),
    ).toBeVisible();
  });

  it('pressing a moment in the list plays it', async () => {
    const user = userEvent.setup();
    const onMoment = jest.fn();
    render(<Side pictureTime={T0 + 1_300_000} onMoment={onMoment} />);
    await user.click(within(moments()).getByRole('button', { name: /Wicket: Gill/ }));
    expect(onMoment).toHaveBeenCalledWith(expect.objectContaining({ seq: 3 }));
  });

  it('works on a timeline without ball-by-ball detail (today’s catalog)', () => {
    const plain = CHASE_TIMELINE.map(({ seq, at, state }) => {
      const { scorecard: _detail, ...rest } = state;
      return { seq, at, state: rest };
    });
    render(<Side timeline={plain} pictureTime={T0 + 900_000} atLive />);
    expect(within(scorecard()).getByText('40/0 (4.1)')).toBeVisible();
    expect(within(scorecard()).queryByRole('table')).toBeNull();
    expect(within(moments()).getByText('No key moments yet.')).toBeVisible();
  });
});
