/**
 * Accounts' tables: viewers, their sign-ins (refresh families and tokens), password resets, the
 * mail outbox, spent bot-check proofs and the attempt counters behind the sign-in limits.
 */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../platform/db/columns';

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
    /**
     * When the viewer proved the mailbox (a verification link or a sign-in code, decision 405).
     * null: nothing but the verification mail itself, a reset link or a sign-in code goes there.
     */
    emailVerifiedAt: ts('email_verified_at'),
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

/**
 * Single-use mailed proofs (decision 405-406): `verify` links that prove the mailbox, and
 * `sign-in` codes, the owner's way in past the all-networks cap. Stored as SHA-256 hashes; a new
 * one never cancels an older one, so codes an attacker asks for still let the owner in.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('email_codes_hash_key').on(t.codeHash),
    index('email_codes_user_idx').on(t.userId, t.purpose),
  ],
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

/**
 * Lifecycle mail waiting to be sent (issue 22 §4, decision 290): one row per message, written in
 * the transaction of the fact it tells (a registration, a password change, a new device) or by
 * the mail job (a billing event, a renewal notice). Unique (kind, dedupe_key): each message once.
 * The mail job renders and sends it later, claiming rows so two replicas send it once.
 */
export const lifecycleMail = pgTable(
  'lifecycle_mail',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Set null if the account row goes: the mail (an account-deleted notice) is still owed. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** The address, taken when the fact happened; blanked after an account-deleted notice. */
    to: text('to').notNull(),
    /** What the template shows (names, amounts, dates); `{}` once personal data must go. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at').notNull(),
    /** A replica's lease while it sends; a replica that dies frees the row when it ends. */
    claimedUntil: ts('claimed_until'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: ts('sent_at'),
    /** Never to be sent, with why: `first-device`, `unsubscribed`. */
    skippedReason: text('skipped_reason'),
  },
  (t) => [
    uniqueIndex('lifecycle_mail_dedupe_key').on(t.kind, t.dedupeKey),
    // "Has this account had a device before?" (the new-device mail).
    index('lifecycle_mail_user_idx').on(t.userId, t.kind),
    index('lifecycle_mail_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.skippedReason} IS NULL`),
  ],
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

/**
 * A deleted account's email, as a SHA-256 hash, for a while (decision 302): signing in with it
 * says the account was deleted rather than "incorrect". The email itself is not kept; the
 * address is free to register again at once.
 */
export const deletedAccounts = pgTable('deleted_accounts', {
  emailHash: text('email_hash').primaryKey(),
  deletedAt: ts('deleted_at').notNull(),
  /** After this the tombstone says nothing more (housekeeping removes it). */
  forgetAt: ts('forget_at').notNull(),
  /** Whether the account had proved this mailbox: only then may a notice go to it (decision 408). */
  emailVerified: boolean('email_verified').notNull().default(false),
});

/**
 * The viewer's site language (issue 34 §4, decision 470): a row once they pick one in the footer
 * while signed in, so it follows them to every device. No row: the device's choice or the
 * browser's language decides. Its own table, so the users row (read on every signed-in call)
 * keeps its shape; erasure deletes the row.
 */
export const accountPreferences = pgTable('account_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** A UI_LANGUAGES code ('en', 'hi'); the API refuses any other. */
  uiLanguage: text('ui_language').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
