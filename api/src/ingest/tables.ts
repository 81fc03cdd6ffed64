/**
 * Ingest's tables (issue 32): each channel's stream keys, stored as SHA-256 digests only, with
 * the publish lease of the encoder using one; and the append-only audit of who made or revoked
 * which key.
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../platform/db/columns';

/**
 * A stream key (decision 415). `keyHash` is the SHA-256 of the key (256 random bits, so a fast
 * digest is enough: there is nothing to guess). The encoder publishing on it holds a lease
 * (`publisherId` until `publisherLeaseUntil`) that the media server renews every few seconds; a
 * second encoder is refused while it runs, and a media server that died frees it by lapsing.
 */
export const ingestKeys = pgTable(
  'ingest_keys',
  {
    id: uuid('id').primaryKey(),
    channelId: text('channel_id').notNull(),
    role: text('role').$type<'primary' | 'backup'>().notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    createdBy: text('created_by').notNull(),
    revokedAt: ts('revoked_at'),
    revokedBy: text('revoked_by'),
    publisherId: text('publisher_id'),
    publisherLeaseUntil: ts('publisher_lease_until'),
  },
  (t) => [
    uniqueIndex('ingest_keys_hash_idx').on(t.keyHash),
    index('ingest_keys_channel_idx').on(t.channelId, t.createdAt),
    // The origin's question "does this channel play a live input?" reads live keys by channel.
    index('ingest_keys_live_channel_idx')
      .on(t.channelId)
      .where(sql`${t.revokedAt} IS NULL`),
  ],
);

/**
 * Who made or revoked which key, when, and each publisher the media server refused on it
 * (actor `ingest`, detail `{reason, detail}`: decision 440). Append-only.
 */
export const ingestAudit = pgTable(
  'ingest_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor: text('actor').notNull(),
    at: ts('at').notNull(),
    action: text('action').$type<'key.create' | 'key.revoke' | 'publish.refused'>().notNull(),
    channelId: text('channel_id').notNull(),
    keyId: uuid('key_id').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('ingest_audit_channel_idx').on(t.channelId, t.id)],
);
