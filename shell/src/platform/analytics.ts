import type { KyInstance } from 'ky';
import type { Analytics, AnalyticsEvent } from '@crease/contract';

/** First-party analytics endpoint (ARCHITECTURE §5). */
export const PAGE_VIEWS_PATH = 'api/v1/analytics/page-views';
export const EVENTS_PATH = 'api/v1/analytics/events';

export interface ShellAnalytics extends Analytics {
  pageView(view: { path: string; title: string; referrer: string }): void;
}

/**
 * Fire-and-forget: analytics never retries, never blocks a screen and never surfaces an error.
 * A failed send is dropped.
 */
export function createAnalytics(http: KyInstance): ShellAnalytics {
  const send = (path: string, json: unknown) => {
    http.post(path, { json, retry: 0, timeout: 5000 }).catch(() => undefined);
  };
  return {
    track(event: AnalyticsEvent) {
      send(EVENTS_PATH, { name: event.name, properties: event.properties ?? {} });
    },
    pageView(view) {
      send(PAGE_VIEWS_PATH, view);
    },
  };
}
