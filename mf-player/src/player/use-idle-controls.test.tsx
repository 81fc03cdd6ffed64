import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { CONTROLS_IDLE_MS, useIdleControls } from './use-idle-controls';
import type { IdleTimer } from './use-idle-controls';

/** A timer moved by the test: no real waiting, no time of day. */
function movedTimer() {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  const timer: IdleTimer = {
    set(run, ms) {
      const id = next++;
      due.set(id, { at: now + ms, run });
      return id;
    },
    clear: (id) => void due.delete(id as number),
  };
  const advance = (ms: number) =>
    act(() => {
      now += ms;
      for (const [id, { at, run }] of [...due]) {
        if (at > now) continue;
        due.delete(id);
        run();
      }
    });
  return { timer, advance };
}

/** A stage as the player draws it: a picture, a play button and a menu button. */
function Stage({ playing, timer }: { playing: boolean; timer: IdleTimer }) {
  const stageRef = useRef<HTMLDivElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [taps, setTaps] = useState(0);
  const idle = useIdleControls(stageRef, playing, { timer });
  return (
    <div ref={stageRef} data-testid="stage" data-controls={idle.shown ? 'shown' : 'hidden'}>
      <video data-testid="picture" onClick={() => setTaps((n) => n + 1)} />
      <output aria-label="toggles">{taps}</output>
      <button type="button" onClick={() => setTaps((n) => n + 1)}>
        Pause
      </button>
      <button type="button" aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
        Quality
      </button>
    </div>
  );
}

/** A finger on the element (jsdom has no PointerEvent to carry pointerType). */
function touch(element: Element) {
  const down = new MouseEvent('pointerdown', { bubbles: true });
  Object.defineProperty(down, 'pointerType', { value: 'touch' });
  fireEvent(element, down);
  fireEvent.click(element);
}

const controls = () => screen.getByTestId('stage').dataset['controls'];

function setUp(playing = true) {
  const clock = movedTimer();
  const view = render(<Stage playing={playing} timer={clock.timer} />);
  return {
    ...clock,
    rerender: (p: boolean) => view.rerender(<Stage playing={p} timer={clock.timer} />),
  };
}

describe('useIdleControls: the controls get out of the way', () => {
  it('while playing, hide after 3 s without input and come back on pointer movement', () => {
    const { advance } = setUp();
    expect(controls()).toBe('shown');
    advance(CONTROLS_IDLE_MS - 1);
    expect(controls()).toBe('shown');
    advance(1);
    expect(controls()).toBe('hidden');

    fireEvent.pointerMove(screen.getByTestId('picture'));
    expect(controls()).toBe('shown');
    // Each input starts the 3 s again.
    advance(2000);
    fireEvent.pointerMove(screen.getByTestId('picture'));
    advance(2000);
    expect(controls()).toBe('shown');
    advance(1000);
    expect(controls()).toBe('hidden');
  });

  it('come back on a key press anywhere, and on focus entering the stage', () => {
    const { advance } = setUp();
    advance(CONTROLS_IDLE_MS);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(controls()).toBe('shown');
    fireEvent.pointerDown(document.body);
    advance(CONTROLS_IDLE_MS);
    expect(controls()).toBe('hidden');
    fireEvent.focusIn(screen.getByRole('button', { name: 'Pause' }));
    expect(controls()).toBe('shown');
  });

  it('never hide while paused, and start shown again when play resumes', () => {
    const { advance, rerender } = setUp(false);
    advance(60_000);
    expect(controls()).toBe('shown');
    rerender(true);
    advance(CONTROLS_IDLE_MS);
    expect(controls()).toBe('hidden');
    rerender(false);
    expect(controls()).toBe('shown');
  });

  it('never hide while a menu is open; they may once it closes', () => {
    const { advance } = setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Quality' }));
    advance(70_000);
    expect(controls()).toBe('shown');
    fireEvent.click(screen.getByRole('button', { name: 'Quality' }));
    advance(CONTROLS_IDLE_MS);
    expect(controls()).toBe('hidden');
  });

  it('never hide from a keyboard user whose focus is on a control; a mouse user’s focus does not hold them', () => {
    const { advance } = setUp();
    const pause = screen.getByRole('button', { name: 'Pause' });
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => pause.focus());
    advance(70_000);
    expect(controls()).toBe('shown');

    // The same button, pressed with a mouse: focus stays on it, the controls still go.
    fireEvent.pointerDown(pause);
    advance(CONTROLS_IDLE_MS);
    expect(controls()).toBe('hidden');
  });

  it('a tap while they are hidden only brings them back: no play/pause, no hidden button pressed', () => {
    const { advance } = setUp();
    const picture = screen.getByTestId('picture');
    advance(CONTROLS_IDLE_MS);
    touch(picture);
    expect(controls()).toBe('shown');
    expect(screen.getByRole('status', { name: 'toggles' })).toHaveTextContent('0');
    // Shown, the next tap plays or pauses.
    touch(picture);
    expect(screen.getByRole('status', { name: 'toggles' })).toHaveTextContent('1');
    // A tap where a hidden button is drawn shows them and does not press it; the next one does.
    advance(CONTROLS_IDLE_MS);
    const pause = screen.getByRole('button', { name: 'Pause' });
    touch(pause);
    expect(controls()).toBe('shown');
    expect(screen.getByRole('status', { name: 'toggles' })).toHaveTextContent('1');
    touch(pause);
    expect(screen.getByRole('status', { name: 'toggles' })).toHaveTextContent('2');
  });
});
