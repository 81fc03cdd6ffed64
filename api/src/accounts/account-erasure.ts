/**
 * Erasing a viewer (decision 302): the users row stays, because the payments ledger must keep
 * pointing at someone for as long as the law keeps it, but nothing in it identifies a person
 * any more. The email becomes `deleted-<id>@deleted.invalid` (the real address is free to
 * register again at once), the password can never match, the names are the defaults, and a
 * hash of the old email is kept for DELETED_ACCOUNT_NOTICE_DAYS so that a sign-in with it tells
 * the owner by mail (decision 408; the sign-in itself answers as for an unknown email).
 */
import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { DEFAULT_FIRST_NAME, DEFAULT_LAST_NAME } from '@crease/contract';
import type { Db } from '../platform/db/client';
import { accountPreferences, deletedAccounts, passwordResetTokens, users } from './tables';

/** How long a sign-in with a deleted account's email is told to its owner by mail. */
export const DELETED_ACCOUNT_NOTICE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** No password hashes to this: argon2 refuses to verify against it, so nothing ever matches. */
const UNUSABLE_PASSWORD = '!deleted';

export const emailHash = (email: string) => createHash('sha256').update(email).digest('hex');

export interface ErasedViewer {
  email: string;
  /** The name the viewer gave, or null when they never changed the defaults. */
  displayName: string | null;
}

/** What the viewer was, for the farewell mail, read before erasing (in the caller's transaction). */
export async function viewerToErase(
  tx: Pick<Db, 'select'>,
  userId: string,
): Promise<(ErasedViewer & { passwordHash: string }) | null> {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.active, true)));
  if (!user) return null;
  const named = user.firstName !== DEFAULT_FIRST_NAME || user.lastName !== DEFAULT_LAST_NAME;
  return {
    email: user.email,
    displayName: named ? `${user.firstName} ${user.lastName}`.trim() : null,
    passwordHash: user.passwordHash,
  };
}

/** Anonymises the users row, drops its reset links and preferences, keeps the email's tombstone. */
export async function eraseViewer(
  tx: Pick<Db, 'update' | 'delete' | 'insert' | 'select'>,
  userId: string,
  email: string,
  now: Date,
): Promise<void> {
  const [before] = await tx
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  const emailVerified = !!before?.verifiedAt;
  await tx
    .update(users)
    .set({
      email: `deleted-${userId}@deleted.invalid`,
      passwordHash: UNUSABLE_PASSWORD,
      firstName: DEFAULT_FIRST_NAME,
      lastName: DEFAULT_LAST_NAME,
      emailSubscribe: false,
      active: false,
      status: 'DELETED',
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(accountPreferences).where(eq(accountPreferences.userId, userId));
  const forgetAt = new Date(now.getTime() + DELETED_ACCOUNT_NOTICE_DAYS * DAY_MS);
  await tx
    .insert(deletedAccounts)
    .values({ emailHash: emailHash(email), deletedAt: now, forgetAt, emailVerified })
    .onConflictDoUpdate({
      target: deletedAccounts.emailHash,
      set: { deletedAt: now, forgetAt, emailVerified },
    });
}

/**
 * The tombstone of an account with this (normalised) email deleted within the notice period, or
 * null. `emailVerified`: the account had proved that mailbox, so its owner may be told of a
 * sign-in attempt (decision 408).
 */
export async function recentTombstone(
  db: Db,
  email: string,
  now: Date,
): Promise<{ emailVerified: boolean } | null> {
  const [row] = await db
    .select({ emailVerified: deletedAccounts.emailVerified })
    .from(deletedAccounts)
    .where(and(eq(deletedAccounts.emailHash, emailHash(email)), gt(deletedAccounts.forgetAt, now)));
  return row ?? null;
}
