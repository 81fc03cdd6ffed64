import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

/** A one-shot timer: the browser's by default, a test's own where it moves time itself. */
export interface IdleTimer {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const browserTimer: IdleTimer = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** How long the controls stay after the last input while the picture plays (decision 412). */
export const CONTROLS_IDLE_MS = 3000;

export interface IdleControls {
  /** The seek bar, its key moments and the control bar are shown. */
  shown: boolean;
}

/**
 * Hides the stage's controls after `idleMs` without input while the picture plays (decision
 * 412). Input is a pointer moving or pressed on the stage (a touch is a pointer), focus
 * entering it, or any key. They never hide while paused, while a menu or popover on the stage is
 * open (a button of it says aria-expanded="true"), or while focus reached by keyboard is on a
 * control: a keyboard user never loses the control they are on.
 */
export function useIdleControls(
  stageRef: RefObject<HTMLElement | null>,
  playing: boolean,
  { timer = browserTimer, idleMs = CONTROLS_IDLE_MS }: { timer?: IdleTimer; idleMs?: number } = {},
): IdleControls {
  const [idle, setIdle] = useState(false);
  // Playing again, or paused: the controls start shown (and the timer starts over).
  const [idleFor, setIdleFor] = useState(playing);
  if (idleFor !== playing) {
    setIdleFor(playing);
    setIdle(false);
  }
  const shown = !playing || !idle;
  const keyboardRef = useRef(false);

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage || !playing) return;
    let handle: unknown = null;
    let hidden = false;
    /** A finger put down while they were hidden: its click only brings them back. */
    let tapWakes = false;
    const mustStay = () => {
      if (stage.querySelector('[aria-expanded="true"]')) return true;
      const focused = document.activeElement;
      return keyboardRef.current && focused !== null && stage.contains(focused);
    };
    const arm = () => {
      if (handle !== null) timer.clear(handle);
      handle = timer.set(() => {
        handle = null;
        // Still held: look again later rather than hide under a menu or a focused control.
        if (mustStay()) {
          arm();
        } else {
          hidden = true;
          setIdle(true);
        }
      }, idleMs);
    };
    const wake = () => {
      hidden = false;
      setIdle(false);
      arm();
    };
    const onPointerDown = (event: PointerEvent) => {
      keyboardRef.current = false;
      if (!stage.contains(event.target as Node)) return;
      // A finger cannot move over the picture first, as a mouse does: a tap on hidden controls
      // (or the picture) shows them, and does not also press what was under it.
      tapWakes = event.pointerType === 'touch' && hidden;
      wake();
    };
    const onClick = (event: MouseEvent) => {
      if (!tapWakes) return;
      tapWakes = false;
      event.stopPropagation();
      event.preventDefault();
    };
    const onKey = () => {
      keyboardRef.current = true;
      wake();
    };
    arm();
    stage.addEventListener('pointermove', wake);
    stage.addEventListener('focusin', wake);
    stage.addEventListener('click', onClick, true);
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKey, true);
    return () => {
      if (handle !== null) timer.clear(handle);
      stage.removeEventListener('pointermove', wake);
      stage.removeEventListener('focusin', wake);
      stage.removeEventListener('click', onClick, true);
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [stageRef, playing, timer, idleMs]);

  return { shown };
}
