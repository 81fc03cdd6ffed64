import type { KyInstance } from 'ky';
import { ANALYTICS_PATHS } from '@crease/contract';
import type { Analytics, AnalyticsEvent } from '@crease/contract';
import type { ConsentStore } from './consent';

export interface ShellAnalytics extends Analytics {
  pageView(view: { path: string; title: string; referrer: string }): void;
}

/** At most this many sends wait for a visitor's consent choice; older ones are dropped. */
const MAX_WAITING = 20;

/**
 * Fire-and-forget: analytics never retries, never blocks a screen and never surfaces an error.
 * A failed send is dropped. Nothing is sent without consent (issue 34 §5, decision 436): while
 * a visitor who must choose has not chosen, sends wait in memory; Accept sends them, Reject
 * all drops them.
 */
export function createAnalytics(http: KyInstance, consent: ConsentStore): ShellAnalytics {
  const post = (path: string, json: unknown) => {
    http.post(path, { json, retry: 0, timeout: 5000 }).catch(() => undefined);
  };
  let waiting: [string, unknown][] = [];
  consent.subscribe(() => {
    if (consent.pending()) return;
    const ready = waiting;
    waiting = [];
    if (consent.analyticsAllowed()) for (const [path, json] of ready) post(path, json);
  });
  const send = (path: string, json: unknown) => {
    if (consent.pending()) {
      waiting.push([path, json]);
      if (waiting.length > MAX_WAITING) waiting.shift();
    } else if (consent.analyticsAllowed()) post(path, json);
  };
  return {
    track(event: AnalyticsEvent) {
      send(ANALYTICS_PATHS.events, { name: event.name, properties: event.properties ?? {} });
    },
    pageView(view) {
      send(ANALYTICS_PATHS.pageViews, view);
    },
  };
}
