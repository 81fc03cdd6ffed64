/**
 * Streams' table: the streams being watched.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    index('streams_user_open_idx')
      .on(t.userId, t.leaseUntil)
      .where(sql`${t.endedAt} IS NULL`),
  ],
);
