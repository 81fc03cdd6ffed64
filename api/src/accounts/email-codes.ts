/**
 * Mailed single-use proofs (decisions 405, 406): verification links and sign-in codes, stored as
 * SHA-256 hashes in `email_codes`. A new code never cancels an older live one: an attacker who
 * asks for codes only fills the owner's mailbox with ways in the attacker cannot read.
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { queueLifecycleMail } from './lifecycle-mail-queue';
import { hashOpaqueToken, newOpaqueToken } from './opaque-tokens';
import { emailCodes, users } from './tables';

/** `email-change` links are bound to the new address they prove (decision 423). */
export type EmailCodePurpose = 'verify' | 'sign-in' | 'email-change';

/** Crockford's base32: no I, L, O or U, so a code read aloud or retyped is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 12;

/**
 * A sign-in code a person can type: 12 characters of 32 (60 bits) shown as XXXX-XXXX-XXXX.
 * Long enough that guessing needs no per-account limit, which an attacker could use to block the
 * owner (decision 406): guesses are limited per network only.
 */
export function newSignInCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.match(/.{4}/g)!.join('-');
}

/** The code as typed, read the way it was meant: case, dashes, spaces and O/I/L forgiven. */
export function normalizeSignInCode(typed: string): string {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return plain.length === CODE_LENGTH ? plain.match(/.{4}/g)!.join('-') : plain;
}

/**
 * The stored hash of a proof. An email-change link's hash covers the new address with the token
 * (decision 423): the row needs no column for the address, and a link whose address was edited
 * matches nothing.
 */
export const emailCodeHash = (code: string, boundTo?: string) =>
  hashOpaqueToken(boundTo === undefined ? code : `${code}\n${boundTo}`);

/** Stores a new proof for the account and returns it (only its hash is kept). */
export async function issueEmailCode(
  db: Pick<Db, 'insert'>,
  userId: string,
  purpose: EmailCodePurpose,
  now: Date,
  ttlSeconds: number,
  boundTo?: string,
): Promise<string> {
  const code = purpose === 'sign-in' ? newSignInCode() : newOpaqueToken();
  await db.insert(emailCodes).values({
    id: crypto.randomUUID(),
    userId,
    purpose,
    codeHash: emailCodeHash(code, boundTo),
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  });
  return code;
}

/**
 * Spends a live proof of this purpose for the account with this (normalised) email, and marks
 * the mailbox proved: a verification link and a sign-in code both show the viewer reads it.
 * Returns the account's id, or null (unknown, spent, expired, another account's or purpose's).
 */
export async function redeemEmailCode(
  db: Db,
  email: string,
  code: string,
  purpose: EmailCodePurpose,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: emailCodes.id, userId: users.id })
      .from(emailCodes)
      .innerJoin(users, eq(users.id, emailCodes.userId))
      .where(
        and(
          eq(emailCodes.codeHash, hashOpaqueToken(code)),
          eq(emailCodes.purpose, purpose),
          eq(users.email, email),
          eq(users.active, true),
          isNull(emailCodes.usedAt),
          gt(emailCodes.expiresAt, now),
        ),
      );
    if (!row) return null;
    const spent = await tx
      .update(emailCodes)
      .set({ usedAt: now })
      .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.usedAt)))
      .returning({ id: emailCodes.id });
    if (spent.length === 0) return null;
    await markEmailVerified(tx, row.userId, now);
    return row.userId;
  });
}

/**
 * The mailbox is proved (a verification link, a sign-in code or a reset link was used). The
 * first time, the welcome mail is queued with it: it is the first mail the viewer did not ask for.
 */
export async function markEmailVerified(
  db: Pick<Db, 'update' | 'insert' | 'select'>,
  userId: string,
  now: Date,
): Promise<boolean> {
  const [marked] = await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id, email: users.email });
  if (!marked) return false;
  await queueLifecycleMail(db, {
    userId,
    kind: 'welcome',
    dedupeKey: userId,
    to: marked.email,
    payload: {},
    at: now,
  });
  return true;
}
