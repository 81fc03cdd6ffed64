/**
 * Where the viewer's picture is, for a live match watched behind live (decision 226). The player
 * writes the program-date-time of the frame on screen to sessionStorage under
 * `crease.pictureTime.<eventId>` (UTC ISO) while it plays behind live, and removes it at live.
 * /events reads it to show the state at that time instead of the wall clock's (no spoilers).
 * sessionStorage: per tab, gone when the tab closes, like the viewing it describes.
 */
import type { MatchState, TimelineEntry } from '@crease/contract';

export const PICTURE_TIME_KEY_PREFIX = 'crease.pictureTime.';

export const pictureTimeKey = (eventId: string) => `${PICTURE_TIME_KEY_PREFIX}${eventId}`;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The stored picture time for this event as written, or null at live: nothing stored, storage
 * unavailable, not an instant, or not behind `now` (a picture ahead of the clock hides nothing).
 * A string, so a React store snapshot of it stays equal while it does not change.
 */
export function readPictureTime(eventId: string, now: number): string | null {
  let raw: string | null;
  try {
    raw = window.sessionStorage.getItem(pictureTimeKey(eventId));
  } catch {
    return null;
  }
  if (!raw || !ISO_INSTANT.test(raw)) return null;
  const at = Date.parse(raw);
  return Number.isFinite(at) && at < now ? raw : null;
}

/** Calls `onChange` when the picture time may have changed: another tab wrote, or this one came back. */
export function subscribePictureTime(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener('focus', onChange);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener('focus', onChange);
    document.removeEventListener('visibilitychange', onChange);
  };
}

/** The state the picture shows: the last entry whose `at` is not after it (null: before any). */
export function stateAt(entries: readonly TimelineEntry[], at: number): MatchState | null {
  let state: MatchState | null = null;
  for (const entry of entries) {
    if (Date.parse(entry.at) > at) break;
    state = entry.state;
  }
  return state;
}
