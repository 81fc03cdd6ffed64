/**
 * The viewers' records behind the accounts routes: registering, password-reset links, and
 * setting a new password (which signs sessions out). The routes check input and answer; the SQL
 * lives here. Each function takes what it uses (the database, the sessions), not every service.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { DEFAULT_FIRST_NAME, DEFAULT_LAST_NAME } from '@crease/contract';
import type { Db } from '../platform/db/client';
import { queueLifecycleMail } from './lifecycle-mail-queue';
import type { Sessions } from './sessions';
import { passwordResetTokens, users } from './tables';

type SessionRevoker = Pick<Sessions, 'revokeAllForUser'>;

/**
 * A new viewer with the default names (docs/product.md §3), email not yet proved; null when the email is
 * already registered. The welcome mail is queued when the viewer proves the mailbox
 * (email-codes.ts markEmailVerified, decision 405).
 */
export async function createViewer(
  db: Db,
  viewer: { email: string; passwordHash: string; emailSubscribe: boolean },
): Promise<string | null> {
  return insertViewer(db, viewer);
}

async function insertViewer(
  db: Pick<Db, 'insert'>,
  viewer: { email: string; passwordHash: string; emailSubscribe: boolean },
): Promise<string | null> {
  const [created] = await db
    .insert(users)
    .values({
      id: crypto.randomUUID(),
      email: viewer.email,
      passwordHash: viewer.passwordHash,
      firstName: DEFAULT_FIRST_NAME,
      lastName: DEFAULT_LAST_NAME,
      emailSubscribe: viewer.emailSubscribe,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created?.id ?? null;
}

/** What the password grant checks for an email (active or not), or undefined. */
export async function signInRecord(db: Db, email: string) {
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .where(eq(users.email, email));
  return user;
}

/** The id of the active account with this email, or null. */
export async function activeViewerId(db: Db, email: string): Promise<string | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.active, true)));
  return user?.id ?? null;
}

/** Stores a reset link's token (hashed) for an account, valid for `ttlSeconds` from `now`. */
export async function storeResetToken(
  db: Db,
  userId: string,
  tokenHash: string,
  now: Date,
  ttlSeconds: number,
): Promise<void> {
  await db.insert(passwordResetTokens).values({
    id: crypto.randomUUID(),
    userId,
    tokenHash,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
}

/** The reset link with this token hash for this email, used or not, or undefined. */
export async function findResetLink(db: Db, tokenHash: string, email: string) {
  const [row] = await db
    .select({
      id: passwordResetTokens.id,
      userId: users.id,
      usedAt: passwordResetTokens.usedAt,
      expiresAt: passwordResetTokens.expiresAt,
    })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), eq(users.email, email)));
  return row;
}

/**
 * Spends a reset link and sets the new password: false when the link was spent meanwhile.
 * Every other outstanding link dies too, and every session signs out.
 */
export async function resetPassword(
  db: Db,
  sessions: SessionRevoker,
  link: { id: string; userId: string; email: string },
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const spent = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, link.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id });
    if (spent.length === 0) return false;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, link.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.userId, link.userId), isNull(passwordResetTokens.usedAt)));
    await sessions.revokeAllForUser(tx, link.userId, 'password-reset');
    await queuePasswordChangedMail(tx, link.userId, link.email, `reset:${link.id}`, 'reset', now);
    return true;
  });
}

/** Sets a signed-in viewer's new password; every other session signs out, theirs stays. */
export async function changePassword(
  db: Db,
  sessions: SessionRevoker,
  user: { id: string; sid: string; email: string },
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await sessions.revokeAllForUser(tx, user.id, 'password-change', user.sid);
    await queuePasswordChangedMail(
      tx,
      user.id,
      user.email,
      `change:${crypto.randomUUID()}`,
      'change',
      now,
    );
  });
}

/** "Your password was changed": one per change (each change is its own dedupe key). */
function queuePasswordChangedMail(
  tx: Pick<Db, 'insert' | 'select'>,
  userId: string,
  email: string,
  dedupeKey: string,
  how: 'reset' | 'change',
  at: Date,
) {
  return queueLifecycleMail(tx, {
    userId,
    kind: 'password-changed',
    dedupeKey,
    to: email,
    payload: { how, at: at.toISOString() },
    at,
  });
}
