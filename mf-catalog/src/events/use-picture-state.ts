import { useEffect, useState } from 'react';
import type { CatalogEvent, MatchState, Platform, TimelineEntry } from '@crease/contract';
import { readTimeline } from '../api/catalog-client';
import { readPictureTime, stateAt } from './picture-time';

export interface PictureState {
  /** The picture's time (ms) while the viewer is behind live; null at live. */
  pictureTime: number | null;
  /** The match as the picture shows it; null while the timeline loads (or could not). */
  state: MatchState | null;
}

/**
 * A live match's state at the viewer's picture time (decision 226). The picture time is read
 * from sessionStorage on every render (the feed re-renders the card as it polls); the timeline
 * is read once per picture time, since the picture stands still while the viewer is on /events.
 */
export function usePictureState(
  http: Platform['http'] | undefined,
  event: CatalogEvent,
): PictureState {
  const live = event.status === 'live';
  // The wall clock now, not the list's coarse tick: a stale "now" would take a fresh picture
  // time for live and show the live score.
  const pictureTime = live && http ? readPictureTime(event.eventId, Date.now()) : null;
  const [entries, setEntries] = useState<TimelineEntry[] | null>(null);
  useEffect(() => {
    if (pictureTime === null || !http) return;
    const controller = new AbortController();
    readTimeline(http, event.eventId, controller.signal)
      .then((timeline) => setEntries(timeline.entries))
      // Unreadable: the card keeps the score hidden rather than show the live one.
      .catch(() => setEntries(null));
    return () => controller.abort();
  }, [http, event.eventId, pictureTime]);
  return {
    pictureTime,
    state: pictureTime !== null && entries ? stateAt(entries, pictureTime) : null,
  };
}
