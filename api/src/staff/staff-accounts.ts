/**
 * Staff accounts: made with argon2id passwords (the viewers' hasher), a TOTP secret and ten
 * one-time recovery codes; sign-in checks the password, then the TOTP code or a recovery code,
 * and opens a short session (an opaque bearer token stored as its SHA-256 digest).
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { StaffCreated, StaffMember, StaffRole } from '@crease/contract';
import type { PasswordHasher } from '../accounts';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { ApiError } from './errors';
import { newTotpSecret, otpauthUrl, verifyTotp } from './totp';
import { staffAccounts, staffRecoveryCodes, staffSessions } from './tables';

/** Staff sessions are short (decision 432): a working shift, then sign in again. */
export const STAFF_SESSION_SECONDS = 8 * 3600;
const RECOVERY_CODES = 10;

const digest = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const normalizeCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

type Row = typeof staffAccounts.$inferSelect;
export const memberOf = (row: Row): StaffMember => ({
  id: row.id,
  email: row.email,
  role: row.role,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export interface StaffDeps {
  db: Db;
  clock: Clock;
  hasher: PasswordHasher;
}

export async function createStaff(
  { db, clock, hasher }: StaffDeps,
  input: { email: string; password: string; role: StaffRole },
): Promise<StaffCreated> {
  const email = input.email.trim().toLowerCase();
  const totpSecret = newTotpSecret();
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () =>
    crypto
      .randomBytes(10)
      .toString('hex')
      .replace(/(.{5})(?=.)/g, '$1-'),
  );
  const id = crypto.randomUUID();
  const passwordHash = await hasher.hash(input.password);
  const [row] = await db
    .insert(staffAccounts)
    .values({ id, email, passwordHash, role: input.role, totpSecret, createdAt: clock.now() })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError('STAFF_EMAIL_TAKEN');
  await db
    .insert(staffRecoveryCodes)
    .values(recoveryCodes.map((code) => ({ staffId: id, codeHash: digest(normalizeCode(code)) })));
  return {
    staff: memberOf(row),
    totpSecret,
    otpauthUrl: otpauthUrl(totpSecret, email),
    recoveryCodes,
  };
}

export const findStaffByEmail = async (db: Db, email: string): Promise<Row | null> =>
  (
    await db.select().from(staffAccounts).where(eq(staffAccounts.email, email.trim().toLowerCase()))
  )[0] ?? null;

/** Spends the recovery code: one atomic UPDATE, so two sign-ins racing on it cannot both win. */
async function spendRecoveryCode(
  db: Db,
  clock: Clock,
  staffId: string,
  code: string,
): Promise<boolean> {
  const spent = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: clock.now() })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, digest(normalizeCode(code))),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ staffId: staffRecoveryCodes.staffId });
  return spent.length === 1;
}

/** Accepts the TOTP step once: a replayed code (same or older step) fails, atomically. */
async function acceptTotp(db: Db, clock: Clock, row: Row, code: string): Promise<boolean> {
  const step = verifyTotp(row.totpSecret, code, clock.now());
  if (step === null) return false;
  const taken = await db
    .update(staffAccounts)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(staffAccounts.id, row.id),
        or(isNull(staffAccounts.lastTotpStep), sql`${staffAccounts.lastTotpStep} < ${step}`),
      ),
    )
    .returning({ id: staffAccounts.id });
  return taken.length === 1;
}

/** The second factor: a TOTP code or a recovery code; without either, no session. */
export async function checkSecondFactor(
  db: Db,
  clock: Clock,
  row: Row,
  factor: { totp?: string; recoveryCode?: string },
): Promise<'totp' | 'recovery-code' | null> {
  if (factor.totp !== undefined && (await acceptTotp(db, clock, row, factor.totp))) return 'totp';
  if (
    factor.recoveryCode !== undefined &&
    (await spendRecoveryCode(db, clock, row.id, factor.recoveryCode))
  )
    return 'recovery-code';
  return null;
}

export async function openSession(
  db: Db,
  clock: Clock,
  staffId: string,
  origin: string | null,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = clock.now();
  await db.insert(staffSessions).values({
    tokenHash: digest(token),
    staffId,
    origin,
    createdAt: now,
    expiresAt: new Date(now.getTime() + STAFF_SESSION_SECONDS * 1000),
  });
  return token;
}

/** The live session's account (not expired, not revoked, account not disabled) or null. */
export async function sessionStaff(
  db: Db,
  clock: Clock,
  token: string,
): Promise<{ row: Row; origin: string | null } | null> {
  const [found] = await db
    .select({ row: staffAccounts, origin: staffSessions.origin })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, digest(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, clock.now()),
        isNull(staffAccounts.disabledAt),
      ),
    );
  return found ?? null;
}

export async function revokeSession(db: Db, clock: Clock, token: string): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(staffSessions.tokenHash, digest(token)), isNull(staffSessions.revokedAt)));
}

/** Disables the account and revokes every session it has. */
export async function disableStaff(db: Db, clock: Clock, id: string): Promise<Row> {
  const now = clock.now();
  const [row] = await db
    .update(staffAccounts)
    .set({
      disabledAt: sql`COALESCE(${staffAccounts.disabledAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(staffAccounts.id, id))
    .returning();
  if (!row) throw new ApiError('STAFF_NOT_FOUND');
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, id), isNull(staffSessions.revokedAt)));
  return row;
}

export const listStaff = async (db: Db): Promise<StaffMember[]> =>
  (await db.select().from(staffAccounts).orderBy(staffAccounts.createdAt)).map(memberOf);
