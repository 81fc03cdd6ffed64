import { useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import type { Moment } from '../match/key-moments';
import { formatBehind, livePosition } from '../playback/live-position';
import type { SeekWindow } from '../playback/playback-engine';
import {
  clockText,
  fractionOf,
  positionAt,
  SEEK_STEP_SECONDS,
  wallTimeOf,
  windowLength,
} from '../playback/seek-window';
import { SeekMarkers } from './seek-markers';
import styles from './dvr.module.css';
import { useMessages } from '../messages';
import type { PlayerWords } from '../messages';

export interface SeekBarProps {
  window: SeekWindow | null;
  currentTime: number;
  epochOffset: number | null;
  /** The moments the viewer may see (spoiler-free has already hidden the later ones). */
  moments: readonly Moment[];
  onSeek(position: number): void;
  /**
   * Moves from where the picture is now (the video's own time, set at once by each seek), so
   * key presses in quick succession add up instead of each starting from the last rendered time.
   */
  onSeekBy(seconds: number): void;
  onMoment(moment: Moment): void;
  /** A finished match: the slider says how far into the match, never how far behind live. */
  replay?: boolean;
}

/** Page Up / Page Down move a minute: a quick way through a long window. */
const PAGE_STEP_SECONDS = 60;

/**
 * How the slider says where it is: the picture's clock and the distance from live, or in a
 * replay how far into the recording ("1 h 5 min in"), since a replay is behind nothing.
 */
function positionText(
  position: number,
  window: SeekWindow,
  epochOffset: number | null,
  replay: boolean,
  words: PlayerWords,
) {
  const { atLive, behindSeconds } = livePosition(position, window.live);
  const wall = wallTimeOf(position, epochOffset);
  const into = Math.max(0, Math.round(position - window.start));
  const where = replay
    ? words.t('seek.into', { time: formatBehind(into, words) })
    : atLive
      ? words.t('seek.live')
      : words.t('seek.behind', { time: formatBehind(behindSeconds, words) });
  return wall === null
    ? where
    : words.t('seek.at', { clock: clockText(wall, words.locale), where });
}

/**
 * The whole DVR window as one slider (decision 237): ←/→ ±10 s, Page Up/Down ±1 min, Home the
 * window's start, End live; a pointer or a finger drags it. The visible key moments are on it
 * (SeekMarkers).
 */
export function SeekBar({
  window,
  currentTime,
  epochOffset,
  moments,
  onSeek,
  onSeekBy,
  onMoment,
  replay = false,
}: SeekBarProps) {
  const words = useMessages();
  const trackRef = useRef<HTMLDivElement>(null);
  /** While dragging: where the finger is (the picture moves when it lets go). */
  const [dragging, setDragging] = useState<number | null>(null);
  if (!window || windowLength(window) < 1) return null;

  const shown = dragging ?? currentTime;
  const length = windowLength(window);
  const percent = (position: number) => `${(fractionOf(position, window) * 100).toFixed(3)}%`;
  const pointerPosition = (event: PointerEvent) => {
    const box = trackRef.current!.getBoundingClientRect();
    return positionAt(box.width ? (event.clientX - box.left) / box.width : 1, window);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const steps: Record<string, number> = {
      ArrowLeft: -SEEK_STEP_SECONDS,
      ArrowDown: -SEEK_STEP_SECONDS,
      ArrowRight: SEEK_STEP_SECONDS,
      ArrowUp: SEEK_STEP_SECONDS,
      PageDown: -PAGE_STEP_SECONDS,
      PageUp: PAGE_STEP_SECONDS,
    };
    const ends: Record<string, number> = { Home: window.start, End: window.live };
    const step = steps[event.key];
    const end = ends[event.key];
    if (step === undefined && end === undefined) return;
    // Handled here: the screen's own ←/→ shortcut must not move it a second time.
    event.preventDefault();
    if (step !== undefined) onSeekBy(step);
    else onSeek(end!);
  };

  return (
    <div className={styles.seek}>
      <div
        ref={trackRef}
        className={styles.track}
        onPointerDown={(event) => {
          if ((event.target as HTMLElement).closest('button')) return;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          setDragging(pointerPosition(event));
        }}
        onPointerMove={(event) => {
          if (dragging !== null) setDragging(pointerPosition(event));
        }}
        onPointerUp={(event) => {
          if (dragging === null) return;
          setDragging(null);
          onSeek(pointerPosition(event));
        }}
        onPointerCancel={() => setDragging(null)}
      >
        <div className={styles.rail} />
        <div className={styles.played} style={{ width: percent(shown) }} />
        <div
          role="slider"
          tabIndex={0}
          className={styles.thumb}
          style={{ left: percent(shown) }}
          aria-label={words.t('seek.label')}
          aria-orientation="horizontal"
          aria-valuemin={0}
          aria-valuemax={Math.round(length)}
          aria-valuenow={Math.round(shown - window.start)}
          aria-valuetext={positionText(shown, window, epochOffset, replay, words)}
          onKeyDown={onKeyDown}
        />
        <SeekMarkers
          window={window}
          epochOffset={epochOffset}
          moments={moments}
          onMoment={onMoment}
        />
      </div>
    </div>
  );
}
