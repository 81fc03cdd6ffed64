/** Where first-party analytics land: one row per page view or named event (decision 054). */
import type { Db } from '../platform/db/client';
import type { Clock } from '../platform/clock';
import { analyticsEvents } from './tables';

/** The User-Agent as stored: at most 500 characters, null when the browser sent none. */
const storedUserAgent = (header: string | undefined) => (header ?? '').slice(0, 500) || null;

/** `at` is the API clock's now (decision 420), so retention counts from the same clock. */
export function analyticsStore(db: Db, clock: Clock) {
  return {
    async pageView(view: { path: string; title: string; referrer: string }, userAgent?: string) {
      await db.insert(analyticsEvents).values({
        kind: 'page-view',
        name: 'page_view',
        at: clock.now(),
        ...view,
        userAgent: storedUserAgent(userAgent),
      });
    },
    async event(
      event: { name: string; properties: Record<string, string | number | boolean | null> },
      userAgent?: string,
    ) {
      await db.insert(analyticsEvents).values({
        kind: 'event',
        ...event,
        at: clock.now(),
        userAgent: storedUserAgent(userAgent),
      });
    },
  };
}

export type AnalyticsStore = ReturnType<typeof analyticsStore>;
