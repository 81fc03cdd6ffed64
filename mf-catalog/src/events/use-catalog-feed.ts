import { useEffect, useState } from 'react';
import { CATALOG_MAX_AGE_SECONDS } from '@crease/contract';
import type { League, Platform } from '@crease/contract';
import { CatalogReadError, readLeagues } from '../api/catalog-client';
import type { LeaguesVersion } from '../api/catalog-client';

export type CatalogFeed =
  | { kind: 'loading' }
  /** The first read failed: nothing to show, the viewer can retry. */
  | { kind: 'failed'; error: CatalogReadError }
  /** `refreshFailed`: the last poll failed, so what is shown may be old; polling goes on. */
  | { kind: 'ready'; leagues: League[]; refreshFailed: boolean };

/**
 * How often an open page asks for the catalog. The API caches reads for this long
 * (Cache-Control max-age), so polling faster would only fetch the same answer; the viewer sees a
 * live match's state at most this long after the API does.
 */
export const POLL_INTERVAL_MS = CATALOG_MAX_AGE_SECONDS * 1000;

const isHidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';

/**
 * The leagues and their events, kept fresh while the page is open: a read conditional on the
 * last ETag (an unchanged catalog costs a bodiless 304, see readLeagues) every `pollMs`. Polling pauses while the tab is hidden and catches up as soon as it is shown again.
 * At most one read is in flight. `retry` starts over after a failed first read.
 */
export function useCatalogFeed(
  http: Platform['http'],
  pollMs: number = POLL_INTERVAL_MS,
): { feed: CatalogFeed; retry(): void } {
  const [feed, setFeed] = useState<CatalogFeed>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: AbortController | null = null;
    let version: LeaguesVersion | null = null;
    let sendEtag = true;
    let hasData = false;
    let failed = false;
    let lastAnswerAt = 0;

    const scheduleNext = (delay: number) => {
      clearTimeout(timer);
      if (!stopped && !isHidden()) timer = setTimeout(read, Math.max(0, delay));
    };

    async function read() {
      if (inFlight || stopped) return;
      const controller = new AbortController();
      inFlight = controller;
      try {
        const result = await readLeagues(
          http,
          version && !sendEtag ? { ...version, etag: null } : version,
          controller.signal,
        );
        if (stopped) return;
        lastAnswerAt = Date.now();
        if (result.kind === 'changed') {
          version = result.version;
          hasData = true;
          setFeed({ kind: 'ready', leagues: result.leagues, refreshFailed: false });
        } else {
          setFeed((current) =>
            current.kind === 'ready' && current.refreshFailed
              ? { ...current, refreshFailed: false }
              : current,
          );
        }
      } catch (error) {
        if (stopped) return;
        if (!hasData) {
          // Nothing on screen yet: show the error with Retry instead of polling in the dark.
          failed = true;
          setFeed({
            kind: 'failed',
            error:
              error instanceof CatalogReadError
                ? error
                : new CatalogReadError(0, 'Crease could not load the matches just now.'),
          });
          return;
        }
        // From now on reads revalidate through the browser, without our own If-None-Match: if
        // the API's CORS does not allow that header, every such read would fail (decision 081).
        // After a mere network blip this costs nothing: the browser sends the same ETag.
        sendEtag = false;
        setFeed((current) =>
          current.kind === 'ready' && !current.refreshFailed
            ? { ...current, refreshFailed: true }
            : current,
        );
      } finally {
        if (inFlight === controller) inFlight = null;
      }
      scheduleNext(pollMs);
    }

    const onVisibilityChange = () => {
      if (isHidden()) {
        clearTimeout(timer);
        return;
      }
      // Back in view: catch up at once if a poll is due, else when it falls due.
      if (!inFlight && !failed) {
        scheduleNext(pollMs - (Date.now() - lastAnswerAt));
      }
    };

    document.addEventListener('visibilitychange', onVisibilityChange);
    void read();
    return () => {
      stopped = true;
      clearTimeout(timer);
      inFlight?.abort();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [http, pollMs, attempt]);

  const retry = () => {
    setFeed({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { feed, retry };
}
