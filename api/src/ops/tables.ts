/**
 * Ops' table: first-party analytics events.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../platform/db/columns';

/** First-party analytics: page views and named events from the shell. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    path: text('path'),
    title: text('title'),
    referrer: text('referrer'),
    properties: jsonb('properties')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    userAgent: text('user_agent'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('analytics_events_at_idx').on(t.at)],
);
