import { useEffect } from 'react';
import { pictureTimeKey } from '@crease/contract';
import type { MatchState } from '@crease/contract';
import { pageTitleFor } from './spoiler-free';

/** sessionStorage, or null where the browser refuses it. */
function tabStore(): Pick<Storage, 'setItem' | 'removeItem'> | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Behind live, this tab's picture time is kept under `crease.pictureTime.<eventId>` (UTC ISO)
 * so the /events card shows the match no further than the picture (decision 236); at live it is
 * removed. Leaving the player behind live keeps it: the card then agrees with where they were.
 */
export function usePictureTimeStore(eventId: string, pictureTime: number | null, atLive: boolean) {
  useEffect(() => {
    const store = tabStore();
    try {
      if (atLive || pictureTime === null) store?.removeItem(pictureTimeKey(eventId));
      else store?.setItem(pictureTimeKey(eventId), new Date(pictureTime).toISOString());
    } catch {
      // A full or refused store: the /events card shows the live state, as before.
    }
  }, [eventId, pictureTime, atLive]);
}

/** The tab's title says the picture's score, never a later one; the old title comes back after. */
export function usePictureTitle(matchTitle: string, shown: MatchState | null) {
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  useEffect(() => {
    const site = document.title.split(' | ').at(-1) ?? document.title;
    document.title = pageTitleFor(matchTitle, shown, site);
  }, [matchTitle, shown]);
}
