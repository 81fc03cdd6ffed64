import { useEffect, useState } from 'react';
import { CATALOG_MAX_AGE_SECONDS } from '@crease/contract';
import type { Platform, TimelineEntry } from '@crease/contract';
import { readTimeline } from '../api/player-client';
import { lastSeq, mergeTimeline } from '../match/score-at';

/**
 * The event's timeline, kept current while the screen is open: one full read, then only the
 * entries after the last seq, every CATALOG_MAX_AGE_SECONDS (the catalog's own freshness). A
 * failed read keeps what is known and tries again on the next tick. Nothing is read until
 * `enabled` (after the first frame, decision 372).
 */
export function useMatchTimeline(
  platform: Platform,
  eventId: string,
  enabled: boolean,
): TimelineEntry[] {
  const [timeline, setTimeline] = useState<TimelineEntry[]>([]);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let known: TimelineEntry[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const page = await readTimeline(platform.http, eventId, lastSeq(known), controller.signal);
        if (page.entries.length) {
          known = mergeTimeline(known, page.entries);
          setTimeline(known);
        }
      } catch {
        // Shown as the last known state; the next tick tries again.
      }
      if (!controller.signal.aborted) timer = setTimeout(tick, CATALOG_MAX_AGE_SECONDS * 1000);
    };
    void tick();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [platform.http, eventId, enabled]);
  return timeline;
}
