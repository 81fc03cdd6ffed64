/**
 * Streams' table: the streams being watched.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../platform/db/columns';
import { users } from '../accounts/tables';

/**
 * Streams being watched (docs/streams.md): a lease that lasts as long as the current playback
 * token, renewed with it. The devices with open streams are the screens playing, which the
 * plan's maxDevices limits (decision 265). Trial streams are metered: `lastMeteredAt` is how
 * far this stream's play has been settled into the account's trial counters (decision 113).
 */
export const streams = pgTable(
  'streams',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vidictId: text('vidict_id').notNull(),
    eventId: text('event_id').notNull(),
    channelId: text('channel_id').notNull(),
    bitrateName: text('bitrate_name').notNull(),
    /** A trial stream: its play time is counted. */
    metered: boolean('metered').notNull(),
    createdAt: ts('created_at').notNull(),
    /** The current token's expiry; after it the stream no longer counts (unless renewed). */
    leaseUntil: ts('lease_until').notNull(),
    lastMeteredAt: ts('last_metered_at').notNull(),
    /** The newest heartbeat sequence accepted (-1: none yet). */
    lastSequence: integer('last_sequence').notNull().default(-1),
    endedAt: ts('ended_at'),
    /** The device (vidictId) that closed it with "stop playback there"; null otherwise. */
    stoppedBy: text('stopped_by'),
    /**
     * The sign-in session (refresh family) that opened it: only that session renews it, and the
     * session's end (sign-out, password change, reuse) ends it (decision 400). Null: opened
     * before migration 0019.
     */
    sessionId: uuid('session_id'),
    /** The network it plays from (client-network.ts `networkOf`, decision 401); null: older. */
    network: text('network'),
    /**
     * How many times a renewal moved it to another network block: its tokens carry the count,
     * and an older one is refused (decision 401).
     */
    moves: integer('moves').notNull().default(0),
  },
  (t) => [
    index('streams_user_open_idx')
      .on(t.userId, t.leaseUntil)
      .where(sql`${t.endedAt} IS NULL`),
    index('streams_session_open_idx')
      .on(t.sessionId)
      .where(sql`${t.endedAt} IS NULL`),
  ],
);

/**
 * What revoked playback tokens, as the database saw it happen (decision 355): a stream closed
 * (or deleted while open), a device signed out (its row deleted), a device registered again.
 * Written by triggers on `streams` and `devices` (api/drizzle, hand-written), so no code path
 * that ends a stream or removes a device can forget it. Every API replica polls it into memory
 * (origin/revocations.ts) and answers the CDN's token checks without a read per check.
 * `txid` is the writing transaction's id: a poll reads from the oldest transaction still
 * running at its previous poll, so a slow commit is never skipped.
 */
export const playbackRevocations = pgTable(
  'playback_revocations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    txid: bigint('txid', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
    /** 'stream-closed' | 'device-signed-out' | 'device-registered' | 'stream-moved'. */
    kind: text('kind').notNull(),
    userId: uuid('user_id').notNull(),
    vidictId: text('vidict_id').notNull(),
    /** The stream closed; null for a device's own events. */
    streamId: uuid('stream_id'),
    /** 'stream-moved': the stream's move count now; older tokens are refused (decision 401). */
    moves: integer('moves'),
    loggedAt: ts('logged_at')
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    index('playback_revocations_txid_idx').on(t.txid),
    index('playback_revocations_logged_idx').on(t.loggedAt),
  ],
);
