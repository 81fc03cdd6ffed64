/**
 * Catalog tables (issue 10, decision 070): leagues, their events (matches), each event's timeline
 * of states, and the operator audit trail. Enum-like columns hold the contract's codes
 * (@crease/contract catalog.ts); CHECK constraints keep other writers honest too.
 */
import { sql } from 'drizzle-orm';
import {
  FOLLOW_KINDS,
  LEAGUE_STATUSES,
  MATCH_FORMATS,
  MATCH_STATUSES,
  PLAY_STATES,
  STREAM_EVENT_STATUSES,
} from '@crease/contract';
import type { Innings, KeyMoment, MatchState, Team, Toss, Venue } from '@crease/contract';
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
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../platform/db/columns';
import { users } from '../accounts/tables';

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} IN (${values.map((v) => `'${v}'`).join(', ')})`);

/** docs/product.md §3 League. `logo` is the base name of a shipped SVG (api/assets/logos/<logo>.svg). */
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

/**
 * Every state an event has been in, with when it became true (`at`): the no-spoiler feed. The
 * demo schedule writes one entry per ball (decision 225): `state.scorecard`, the ball's
 * `commentary` and its key `moment`; an operator's change has neither (null).
 */
export const catalogEventTimeline = pgTable(
  'catalog_event_timeline',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => catalogEvents.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    at: ts('at').notNull(),
    state: jsonb('state').$type<MatchState>().notNull(),
    commentary: text('commentary'),
    moment: jsonb('moment').$type<KeyMoment | null>(),
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

/**
 * What a viewer follows (issue 23 §1): a team by its name as events carry it, or a league by id.
 * Followed matches come first on /events; a followed team's match may send a reminder.
 */
export const catalogFollows = pgTable(
  'catalog_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind, t.target] }),
    index('catalog_follows_target_idx').on(t.kind, t.target),
    check('catalog_follows_kind', inList('kind', FOLLOW_KINDS)),
  ],
);

/** A viewer's choice about reminders for followed teams; no row: their `emailSubscribe`. */
export const catalogFollowSettings = pgTable('catalog_follow_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  remindFollowed: boolean('remind_followed').notNull(),
  /** Minutes before the start each reminder goes: 0, 15 or 60 (decision 419). */
  remindBeforeMinutes: integer('remind_before_minutes').notNull().default(15),
  /** The viewer's IANA time zone, from their browser: the reminder names the start in it. */
  timeZone: text('time_zone'),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * One reminder email per viewer and match, ever (the primary key is the idempotency row,
 * decision 275). `asked`: "Remind me"; `followed`: written by the reminder job when a followed
 * team's match starts. A runner claims a due row (SKIP LOCKED, a lease in `claimed_until`),
 * sends, then sets `sent_at`; a match that is cancelled, abandoned or over first sets
 * `dropped_at` with the reason instead.
 */
export const catalogReminders = pgTable(
  'catalog_reminders',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => catalogEvents.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    createdAt: ts('created_at').notNull(),
    claimedUntil: ts('claimed_until'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    droppedAt: ts('dropped_at'),
    droppedReason: text('dropped_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.eventId] }),
    index('catalog_reminders_pending_idx')
      .on(t.eventId)
      .where(sql`sent_at IS NULL AND dropped_at IS NULL`),
    check('catalog_reminders_source', inList('source', ['asked', 'followed'])),
  ],
);
