import type { KyInstance } from 'ky';
import { ANALYTICS_PATHS } from '@crease/contract';
import type { Analytics, AnalyticsEvent } from '@crease/contract';

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
      send(ANALYTICS_PATHS.events, { name: event.name, properties: event.properties ?? {} });
    },
    pageView(view) {
      send(ANALYTICS_PATHS.pageViews, view);
    },
  };
}
