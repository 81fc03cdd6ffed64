/**
 * Moving an account to a new email address (decision 423). The viewer asks with the current
 * password; a single-use link bound to the new address goes to that address only (the same
 * `email_codes` proofs as verification links, purpose `email-change`); opening it changes the
 * address, counts the new mailbox as proved, retargets mail still queued, and tells the old
 * address. The answer to the ask is the same whether or not the address belongs to another
 * account, and that account's owner is sent nothing (decision 016).
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../platform/db/client';
import type { AccountMailDeps } from './account-mail';
import { sendEmailChangeMail, sendEmailChangedNotice } from './account-mail';
import { accountMailLanguage } from './mail-language';
import { countAttempt } from './attempt-limits';
import { emailCodeHash, issueEmailCode } from './email-codes';
import { ApiError } from './errors';
import { emailCodes, lifecycleMail, users } from './tables';

/** How long the mailed link works: long enough to switch to the other mailbox, short otherwise. */
export const EMAIL_CHANGE_LINK_SECONDS = 3600;
export const EMAIL_CHANGE_WINDOW_SECONDS = 3600;
/** Asks per account an hour, past which the viewer is told to wait (429 with Retry-After). */
export const EMAIL_CHANGES_PER_ACCOUNT_PER_HOUR = 3;
/**
 * Links per new address an hour, whichever accounts ask; past it nothing is sent and the answer
 * stays the same. The per-recipient cap of all account mail (decision 406) applies on top.
 */
export const EMAIL_CHANGES_PER_ADDRESS_PER_HOUR = 2;

type Services = Pick<FastifyInstance['services'], 'config' | 'attempts' | 'database' | 'clock'> &
  Pick<FastifyInstance['services'], 'mailer'>;

export const emailChangeAddressKey = (email: string) =>
  `email-change:address:${createHash('sha256').update(email).digest('base64url')}`;

const mailDeps = (services: Services): AccountMailDeps => ({
  mailer: services.mailer,
  attempts: services.attempts,
  caps: services.config.mail,
});

/**
 * Counts the account's ask (429 TOO_MANY_ATTEMPTS past the hour's share). Called after the
 * password check and before anything depends on the new address, so every ask answers alike.
 */
export async function countEmailChangeAsk(services: Services, userId: string): Promise<void> {
  await countAttempt(
    services.attempts,
    [{ key: `email-change:account:${userId}`, max: EMAIL_CHANGES_PER_ACCOUNT_PER_HOUR }],
    EMAIL_CHANGE_WINDOW_SECONDS,
    userId,
  );
}

/**
 * Issues and mails the link (run after the answer). Nothing happens when another account holds
 * the address, or when the address has had its hour's links: the caller cannot tell either.
 */
export async function mailEmailChangeLink(
  services: Services,
  userId: string,
  newEmail: string,
  siteOrigin: string,
): Promise<boolean> {
  const { db } = services.database;
  // Counted first, taken or free: the address's limit cannot tell them apart either.
  const counted = await services.attempts.hit(
    emailChangeAddressKey(newEmail),
    EMAIL_CHANGE_WINDOW_SECONDS,
  );
  if (counted.count > EMAIL_CHANGES_PER_ADDRESS_PER_HOUR) return false;
  const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
  if (holder) return false;
  const ttl = EMAIL_CHANGE_LINK_SECONDS;
  const now = services.clock.now();
  const token = await issueEmailCode(db, userId, 'email-change', now, ttl, newEmail);
  const link = `${siteOrigin}/verify-email?change=1&email=${encodeURIComponent(newEmail)}&token=${encodeURIComponent(token)}`;
  const language = await accountMailLanguage(db, userId);
  return sendEmailChangeMail(mailDeps(services), newEmail, link, ttl, language);
}

interface Changed {
  userId: string;
  oldEmail: string;
  oldVerified: boolean;
}

/** Postgres' unique_violation, as the driver (pg or PGlite) reports it, possibly wrapped. */
const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
};

/**
 * Spends the link and changes the address in one transaction, under the account row's lock. Two
 * openings of one link queue on it; the second finds the link spent (`used_at IS NULL` fails).
 */
async function spendAndChange(
  db: Db,
  newEmail: string,
  token: string,
  now: Date,
): Promise<Changed | 'expired' | 'taken'> {
  const codeHash = emailCodeHash(token, newEmail);
  return db.transaction(async (tx) => {
    const [code] = await tx
      .select({ userId: emailCodes.userId })
      .from(emailCodes)
      .where(and(eq(emailCodes.codeHash, codeHash), eq(emailCodes.purpose, 'email-change')));
    if (!code) return 'expired';
    // The account row is locked before any link is spent: two links of one account opened at
    // once queue here instead of each holding its link while waiting for the other (a deadlock).
    const [before] = await tx
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt, active: users.active })
      .from(users)
      .where(eq(users.id, code.userId))
      .for('update');
    if (!before?.active) return 'expired';
    const [spent] = await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailCodes.codeHash, codeHash),
          eq(emailCodes.purpose, 'email-change'),
          isNull(emailCodes.usedAt),
          gt(emailCodes.expiresAt, now),
        ),
      )
      .returning({ userId: emailCodes.userId });
    if (!spent) return 'expired';
    const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
    if (holder) return 'taken';
    await tx
      .update(users)
      .set({ email: newEmail, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, spent.userId));
    // The account's other open change links die with this change.
    await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailCodes.userId, spent.userId),
          eq(emailCodes.purpose, 'email-change'),
          isNull(emailCodes.usedAt),
        ),
      );
    // Mail queued but not yet sent (a receipt, a new-device notice) goes to the new address.
    await tx
      .update(lifecycleMail)
      .set({ to: newEmail })
      .where(and(eq(lifecycleMail.userId, spent.userId), isNull(lifecycleMail.sentAt)));
    return {
      userId: spent.userId,
      oldEmail: before.email,
      oldVerified: before.verifiedAt !== null,
    };
  });
}

/**
 * Confirms a mailed link: the account's id once the address has changed. Throws 410
 * EMAIL_CHANGE_LINK_EXPIRED (unknown, spent, expired, edited) or 409 EMAIL_UNAVAILABLE (another
 * account took the address since the ask; the link is spent, the address unchanged).
 */
export async function confirmEmailChange(
  services: Services,
  newEmail: string,
  token: string,
): Promise<string> {
  const now = services.clock.now();
  let outcome: Awaited<ReturnType<typeof spendAndChange>>;
  try {
    outcome = await spendAndChange(services.database.db, newEmail, token, now);
  } catch (error) {
    // Registered between our check and the update: the unique index said no.
    if (!isUniqueViolation(error)) throw error;
    outcome = 'taken';
  }
  if (outcome === 'expired') throw new ApiError('EMAIL_CHANGE_LINK_EXPIRED');
  if (outcome === 'taken') throw new ApiError('EMAIL_UNAVAILABLE');
  // An old address never proved gets nothing but what it asked for (decision 405).
  if (outcome.oldVerified) {
    const language = await accountMailLanguage(services.database.db, outcome.userId);
    await sendEmailChangedNotice(mailDeps(services), outcome.oldEmail, now, language);
  }
  return outcome.userId;
}
