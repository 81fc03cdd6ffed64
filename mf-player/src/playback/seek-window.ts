import type { SeekWindow } from './playback-types';

/**
 * The seek bar's arithmetic (decision 237), pure so it is tested without a video: positions are
 * media seconds (video.currentTime) inside the stream's seekable window, and a wall time (ms,
 * EXT-X-PROGRAM-DATE-TIME) maps to one through the engine's epoch offset.
 */

/** ← and → move this far. */
export const SEEK_STEP_SECONDS = 10;
/** Jumping to a key moment starts this long before it, so the run-up is seen. */
export const MOMENT_LEAD_SECONDS = 5;
/**
 * A playhead that fell out of the window (paused longer than the window keeps) resumes this far
 * inside its start, so it is not at once out again; a short window resumes at live instead.
 */
export const RESUME_MARGIN_SECONDS = 10;

/**
 * How far inside the first media every track has the window starts (decision 333). hls.js loads
 * nothing for a playhead before a track's first fragment: with the commentary as its own audio
 * playlist, whose first fragment starts a little after the video's, a seek to the video's very
 * first moment loaded video but never audio, so the picture never played (and a window capped
 * at the DVR length moves on by a segment every 2 s while a seek is under way). Two segments.
 */
export const WINDOW_START_LEAD_SECONDS = 4;

/**
 * The window's playable start: the latest of the tracks' first moments (video, the audio
 * rendition, the video element's seekable start), plus WINDOW_START_LEAD_SECONDS, but never past
 * live. Starts that are not known yet (NaN, undefined) are left out.
 */
export function playableStart(trackStarts: readonly (number | undefined)[], live: number): number {
  const known = trackStarts.filter((s): s is number => s !== undefined && Number.isFinite(s));
  if (!known.length) return live;
  return Math.min(Math.max(live, 0), Math.max(...known) + WINDOW_START_LEAD_SECONDS);
}

export function clampToWindow(position: number, window: SeekWindow): number {
  return Math.min(window.live, Math.max(window.start, position));
}

/** The window's length in seconds (0 for an empty or unknown one). */
export function windowLength(window: SeekWindow | null): number {
  return window ? Math.max(0, window.live - window.start) : 0;
}

/** Where a paused playhead resumes: where it is, or, when its media is gone, just inside the window. */
export function resumePosition(position: number, window: SeekWindow | null): number {
  if (!window || position >= window.start + 0.5) return position;
  return Math.min(window.live, window.start + RESUME_MARGIN_SECONDS);
}

/** The media time of a wall time, or null without program-date-time. */
export function mediaTimeOf(wallMs: number, epochOffset: number | null): number | null {
  return epochOffset === null ? null : (wallMs - epochOffset) / 1000;
}

/** The wall time (ms) of a media time, or null without program-date-time. */
export function wallTimeOf(mediaSeconds: number, epochOffset: number | null): number | null {
  return epochOffset === null ? null : epochOffset + mediaSeconds * 1000;
}

/** 0 at the window's start, 1 at live. */
export function fractionOf(position: number, window: SeekWindow): number {
  const length = windowLength(window);
  return length ? (clampToWindow(position, window) - window.start) / length : 1;
}

/** The position at a fraction of the bar (a pointer's x over its width). */
export function positionAt(fraction: number, window: SeekWindow): number {
  return window.start + Math.min(1, Math.max(0, fraction)) * windowLength(window);
}

/** "14:05:09" in the viewer's time zone: how the bar names the picture's moment. */
export function clockText(wallMs: number, locale?: string): string {
  return new Date(wallMs).toLocaleTimeString(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}
