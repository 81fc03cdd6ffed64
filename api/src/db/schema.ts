/**
 * The API's tables (Drizzle, PostgreSQL dialect). PGlite and a real PostgreSQL server run the
 * same generated SQL from api/drizzle/. Timestamps are timestamptz; ids are UUIDs made in the API.
 */
import { sql } from 'drizzle-orm';
import {
  LEAGUE_STATUSES,
  MATCH_FORMATS,
  MATCH_STATUSES,
  PLAY_STATES,
  STREAM_EVENT_STATUSES,
} from '@crease/contract';
import type { Innings, MatchState, Team, Toss, Venue } from '@crease/contract';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Normalized (trimmed, lower-cased): one account per mailbox. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    emailSubscribe: boolean('email_subscribe').notNull().default(false),
    active: boolean('active').notNull().default(true),
    status: text('status').notNull().default('ACTIVE'),
    region: text('region').notNull().default('GLOBAL'),
    videoQuality: text('video_quality').notNull().default('AUTO'),
    trialOverallTime: integer('trial_overall_time').notNull().default(0),
    trialTodayTime: integer('trial_today_time').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/** One sign-in: every refresh token rotated from it shares the family, and dies with it. */
export const refreshFamilies = pgTable(
  'refresh_families',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    /** The absolute lifetime: no rotation extends a family past this. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    /**
     * The device (vidictId) this session registered as (POST devices binds it): signing that
     * device out revokes the session with it (decision 104). null until it registers.
     */
    vidictId: text('vidict_id'),
  },
  (t) => [index('refresh_families_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; `usedAt` marks a token spent by rotation. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => refreshFamilies.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    /** The idle lifetime: unused for this long, the token is dead. */
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    /**
     * Set when a refresh with an Idempotency-Key spent this token: its successor, sealed under a
     * key derived from this token and that Idempotency-Key (refresh-retry.ts, decision 050), so
     * only a retry of the same request can have it back, within the reuse grace window.
     */
    retrySealed: text('retry_sealed'),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

/** Every message the API sends; without SMTP this table is the delivery (the dev outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull(),
    transport: text('transport').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.sentAt)],
);

/** Spent bot-check proofs, kept until their challenge expires (replay protection). */
export const botCheckSpent = pgTable('bot_check_spent', {
  key: text('key').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * Fixed-window counters shared by every replica (brute force on the password grant).
 * Key examples: `login:account:<email>`, `login:ip:<ip>`.
 */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: ts('window_start').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

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

// ---------------------------------------------------------------------------------------------
// Catalog (issue 10, decision 070): leagues, their events (matches), each event's timeline of
// states, and the operator audit trail. Enum-like columns hold the contract's codes
// (@crease/contract catalog.ts); CHECK constraints keep other writers honest too.
// ---------------------------------------------------------------------------------------------

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);

/** SPEC §3 League. `logo` is the base name of a shipped SVG (api/assets/logos/<logo>.svg). */
export const catalogLeagues = pgTable(
  'catalog_leagues',
  {
    id: text('id').primaryKey(),
    caption: text('caption').notNull(),
    description: text('description').notNull(),
    logo: text('logo').notNull(),
    logoAltText: text('logo_alt_text').notNull(),
    application: text('application').notNull(),
    status: text('status').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  () => [check('catalog_leagues_status', inList('status', LEAGUE_STATUSES))],
);

/**
 * One match and its stream. The current state lives on the row (lists read only this table);
 * every change of it is also appended to catalog_event_timeline. `demoDriven`: the rolling demo
 * clock moves this event; the first operator change takes it over for good.
 */
export const catalogEvents = pgTable(
  'catalog_events',
  {
    id: text('id').primaryKey(),
    leagueId: text('league_id')
      .notNull()
      .references(() => catalogLeagues.id),
    title: text('title').notNull(),
    teams: jsonb('teams').$type<[Team, Team]>().notNull(),
    venue: jsonb('venue').$type<Venue>().notNull(),
    format: text('format').notNull(),
    startTime: ts('start_time').notNull(),
    estimatedEnd: ts('estimated_end').notNull(),
    channelId: text('channel_id').notNull(),
    status: text('status').notNull(),
    playState: text('play_state'),
    toss: jsonb('toss').$type<Toss | null>(),
    innings: jsonb('innings').$type<Innings[]>().notNull(),
    result: text('result'),
    eventStatus: text('event_status').notNull(),
    /** The seq of the latest timeline entry. */
    stateSeq: integer('state_seq').notNull(),
    demoDriven: boolean('demo_driven').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('catalog_events_start_idx').on(t.startTime, t.id),
    index('catalog_events_league_start_idx').on(t.leagueId, t.startTime, t.id),
    index('catalog_events_status_start_idx').on(t.status, t.startTime, t.id),
    index('catalog_events_demo_idx').on(t.demoDriven, t.startTime),
    check('catalog_events_status', inList('status', MATCH_STATUSES)),
    check('catalog_events_event_status', inList('event_status', STREAM_EVENT_STATUSES)),
    check('catalog_events_format', inList('format', MATCH_FORMATS)),
    check(
      'catalog_events_play_state',
      sql`(status = 'live') = (play_state IS NOT NULL) AND (play_state IS NULL OR ${inList('play_state', PLAY_STATES)})`,
    ),
    check('catalog_events_times', sql`estimated_end > start_time`),
  ],
);

/** Every state an event has been in, with when it became true (`at`): the no-spoiler feed. */
export const catalogEventTimeline = pgTable(
  'catalog_event_timeline',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => catalogEvents.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    at: ts('at').notNull(),
    state: jsonb('state').$type<MatchState>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.seq] })],
);

/** Who changed what and when: one row per operator (or demo clock) change. Append-only. */
export const catalogAudit = pgTable(
  'catalog_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor: text('actor').notNull(),
    at: ts('at').notNull(),
    action: text('action').notNull(),
    entityId: text('entity_id').notNull(),
    changes: jsonb('changes')
      .$type<Record<string, { before: unknown; after: unknown }>>()
      .notNull(),
  },
  (t) => [index('catalog_audit_entity_idx').on(t.entityId, t.id)],
);
export * from './billing-schema';
