import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { CatalogEvent, MatchState, Platform, TimelineEntry } from '@crease/contract';
import { readTimeline } from '../api/catalog-client';
import { readPictureTime, stateAt, subscribePictureTime } from './picture-time';

export interface PictureState {
  /** The picture's time (ms) while the viewer is behind live; null at live. */
  pictureTime: number | null;
  /** The match as the picture shows it; null while the timeline loads (or could not). */
  state: MatchState | null;
}

/**
 * A live match's state at the viewer's picture time (decision 226). The timeline is read once
 * per picture time, since the picture stands still while the viewer is on /events.
 */
export function usePictureState(
  http: Platform['http'] | undefined,
  event: CatalogEvent,
): PictureState {
  const watched = event.status === 'live' && http !== undefined;
  const { eventId } = event;
  // Read on every render (the feed re-renders as it polls) and on storage/focus events. Against
  // the wall clock, not the list's coarse tick: a stale "now" would take a fresh picture time for
  // live and show the live score.
  const snapshot = useCallback(
    () => (watched ? readPictureTime(eventId, Date.now()) : null),
    [watched, eventId],
  );
  const stored = useSyncExternalStore(subscribePictureTime, snapshot);
  const pictureTime = stored === null ? null : Date.parse(stored);
  const [entries, setEntries] = useState<TimelineEntry[] | null>(null);
  useEffect(() => {
    if (pictureTime === null || !http) return;
    const controller = new AbortController();
    readTimeline(http, eventId, controller.signal)
      .then((timeline) => setEntries(timeline.entries))
      // Unreadable: the card keeps the score hidden rather than show the live one.
      .catch(() => setEntries(null));
    return () => controller.abort();
  }, [http, eventId, pictureTime]);
  return {
    pictureTime,
    state: pictureTime !== null && entries ? stateAt(entries, pictureTime) : null,
  };
}
