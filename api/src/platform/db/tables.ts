/**
 * The platform's tables: which seeders ran, and the idempotency keys of retried writes.
 */
import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Which named seeders have run, and when (the seed mechanism is idempotent either way). */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: ts('applied_at').notNull(),
});

/**
 * Idempotency-Key records (decision 019): one per (scope, key) for 24 h. `status` NULL means
 * the first request still runs (`lockId` owns it); afterwards the stored answer is replayed.
 * The key and the request fingerprint are stored as keyed hashes, never in clear.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `<route>|user:<id>` or `<route>|anon`: the caller the key belongs to. */
    scope: text('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    fingerprint: text('fingerprint').notNull(),
    lockId: uuid('lock_id').notNull(),
    lockedAt: ts('locked_at').notNull(),
    status: integer('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    body: text('body'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.keyHash] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
