/**
 * Staff's tables (issue 33 §1): staff accounts apart from viewers, their one-time recovery
 * codes (hashed), their short sessions (hashed tokens), and the append-only audit log.
 */
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../platform/db/columns';

export const staffAccounts = pgTable(
  'staff_accounts',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<'admin' | 'producer' | 'scorer' | 'support'>().notNull(),
    /** Base32 TOTP secret (RFC 6238); every staff account has one. */
    totpSecret: text('totp_secret').notNull(),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
    disabledAt: ts('disabled_at'),
  },
  (t) => [uniqueIndex('staff_accounts_email_idx').on(t.email)],
);

/** One-time recovery codes: SHA-256 of 80 random bits each; `usedAt` set once, atomically. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: uuid('staff_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('staff_recovery_codes_hash_idx').on(t.staffId, t.codeHash)],
);

/** Staff sessions: SHA-256 of a 256-bit bearer token, short-lived and revocable. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: uuid('staff_id').notNull(),
    /** The console origin the session was made from; other origins are refused. */
    origin: text('origin'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Every staff and bot action: who, what, when, before → after. Append-only (a trigger). */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    at: ts('at').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('staff_audit_at_idx').on(t.at)],
);
