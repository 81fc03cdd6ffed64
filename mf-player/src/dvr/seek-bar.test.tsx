import { useRef, useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Moment } from '../match/key-moments';
import { momentsOf } from '../match/key-moments';
import { CHASE_TIMELINE, T0 } from '../testing/match-fixtures';
import { SeekBar } from './seek-bar';

/** Media time 0 is T0 on the wall clock; the window is the first 30 minutes. */
const WINDOW = { start: 0, live: 1800 };

/**
 * The bar over a playhead that moves where it is told, like the video does: the video's own time
 * changes at once, the rendered time a little later (as a timeupdate would bring it).
 */
function Harness({
  start,
  onMoment,
  replay = false,
}: {
  start: number;
  onMoment(moment: Moment): void;
  replay?: boolean;
}) {
  const [time, setTime] = useState(start);
  const video = useRef(start);
  const moveTo = (position: number) => {
    video.current = Math.min(WINDOW.live, Math.max(WINDOW.start, position));
    setTimeout(() => setTime(video.current), 30);
  };
  return (
    <SeekBar
      window={WINDOW}
      currentTime={time}
      epochOffset={T0}
      moments={momentsOf(CHASE_TIMELINE)}
      onSeek={moveTo}
      onSeekBy={(seconds) => moveTo(video.current + seconds)}
      onMoment={onMoment}
      replay={replay}
    />
  );
}

describe('the seek bar', () => {
  it('moves 10 s with the arrows, a minute with Page keys, to the start with Home and live with End', async () => {
    const user = userEvent.setup();
    render(<Harness start={900} onMoment={jest.fn()} />);
    const slider = screen.getByRole('slider', { name: 'Seek' });
    expect(slider).toHaveAttribute('aria-valuemax', '1800');
    expect(slider).toHaveAttribute('aria-valuenow', '900');
    expect(slider.getAttribute('aria-valuetext')).toMatch(/15 min behind live$/);

    slider.focus();
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '890'));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '910'));
    // Presses faster than the picture reports its time still add up: twelve back is two minutes.
    await user.keyboard('{ArrowLeft>12/}');
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '790'));
    await user.keyboard('{PageDown}');
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '730'));
    await user.keyboard('{Home}');
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '0'));
    expect(slider.getAttribute('aria-valuetext')).toMatch(/30 min behind live$/);
    await user.keyboard('{End}');
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '1800'));
    expect(slider.getAttribute('aria-valuetext')).toMatch(/, live$/);
  });

  it('in a replay says how far into the match it is, never how far behind live', () => {
    render(<Harness start={900} onMoment={jest.fn()} replay />);
    const slider = screen.getByRole('slider', { name: 'Seek' });
    expect(slider.getAttribute('aria-valuetext')).toMatch(/, 15 min in$/);
    expect(slider.getAttribute('aria-valuetext')).not.toMatch(/behind live/);
  });

  it('shows each key moment as a labelled button that plays it', async () => {
    const user = userEvent.setup();
    const onMoment = jest.fn();
    render(<Harness start={1500} onMoment={onMoment} />);
    const markers = screen.getByRole('list', { name: 'Key moments on the timeline' });
    expect(markers).toBeVisible();
    const wicket = screen.getByRole('button', { name: 'Wicket: Gill c Smith b Khan, 22 (19)' });
    expect(screen.getByRole('button', { name: 'Four: Rahul off Khan' })).toBeVisible();

    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(wicket).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onMoment).toHaveBeenCalledWith(expect.objectContaining({ seq: 3, kind: 'wicket' }));
  });

  it('groups moments too close to draw apart into one marker that opens their list', async () => {
    // A 60 px bar (jsdom lays nothing out): the three moments, 20 px apart, share one marker.
    const measured = jest
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(function (this: HTMLElement) {
        const width = this.getAttribute('aria-label') === 'Key moments on the timeline' ? 60 : 0;
        return { width, height: 0, top: 0, left: 0, right: width, bottom: 0 } as DOMRect;
      });
    try {
      const user = userEvent.setup();
      const onMoment = jest.fn();
      render(<Harness start={1500} onMoment={onMoment} />);
      const markers = screen.getByRole('list', { name: 'Key moments on the timeline' });
      const group = within(markers).getByRole('button', {
        name: /^3 key moments, .+: a wicket, an innings end and a four$/,
      });
      expect(within(markers).queryByRole('button', { name: /^Wicket/ })).toBeNull();
      expect(group).toHaveAttribute('aria-expanded', 'false');
      // Never a bare "3" that reads as runs (a boundary's tag is "4"): drawn "×3", and the
      // tooltip says it in words.
      expect(group.querySelector('[aria-hidden="true"]')).toHaveTextContent(/^×3$/);
      expect(group.title).toMatch(/^3 key moments, /);

      group.focus();
      await user.keyboard('{Enter}');
      expect(group).toHaveAttribute('aria-expanded', 'true');
      const list = document.getElementById(group.getAttribute('aria-controls')!)!;
      expect(
        within(list)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([
        'EndEnd of innings: Mumbai Monsoons 156/4',
        '4Four: Rahul off Khan',
        'WWicket: Gill c Smith b Khan, 22 (19)',
      ]);
      await user.keyboard('{Escape}');
      expect(group).toHaveAttribute('aria-expanded', 'false');
      expect(group).toHaveFocus();

      await user.click(group);
      await user.click(
        screen.getByRole('button', { name: 'Wicket: Gill c Smith b Khan, 22 (19)' }),
      );
      expect(onMoment).toHaveBeenCalledWith(expect.objectContaining({ seq: 3, kind: 'wicket' }));
      expect(group).toHaveAttribute('aria-expanded', 'false');
      expect(group).toHaveFocus();
    } finally {
      measured.mockRestore();
    }
  });

  it('is not there before the window is known, or for a window under a second', () => {
    const { container, rerender } = render(
      <SeekBar
        window={null}
        currentTime={0}
        epochOffset={null}
        moments={[]}
        onSeek={jest.fn()}
        onSeekBy={jest.fn()}
        onMoment={jest.fn()}
      />,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(
      <SeekBar
        window={{ start: 5, live: 5.5 }}
        currentTime={5}
        epochOffset={null}
        moments={[]}
        onSeek={jest.fn()}
        onSeekBy={jest.fn()}
        onMoment={jest.fn()}
      />,
    );
    expect(screen.queryByRole('slider')).toBeNull();
  });
});
