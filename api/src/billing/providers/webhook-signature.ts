/**
 * Stripe's webhook signature scheme, used by the sandbox provider: the header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (several v1 entries allowed
 * while a secret rotates). Verification compares in constant time and refuses a timestamp
 * outside the tolerance, so a captured webhook cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from './payment-provider';

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

export function signPayload(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export function signatureHeader(secret: string, timestamp: number, rawBody: string): string {
  return `t=${timestamp},v1=${signPayload(secret, timestamp, rawBody)}`;
}

/** Throws WebhookVerificationError unless one v1 signature matches and `t` is fresh. */
export function verifySignatureHeader(
  header: string | string[] | undefined,
  rawBody: Buffer,
  secret: string,
  toleranceSeconds: number,
  now: Date,
): void {
  if (typeof header !== 'string' || header.length > 2048)
    throw new WebhookVerificationError('signature', 'No signature header.');
  let timestamp: number | null = null;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === null || signatures.length === 0)
    throw new WebhookVerificationError('signature', 'The signature header has no t or v1.');
  const expected = Buffer.from(signPayload(secret, timestamp, rawBody), 'hex');
  // Check every candidate, in constant time each: no early exit that times the match.
  let matched = false;
  for (const candidate of signatures) matched = timingSafeEqual(candidate, expected) || matched;
  if (!matched) throw new WebhookVerificationError('signature', 'No signature matches the body.');
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds)
    throw new WebhookVerificationError('stale', 'The signed timestamp is outside the tolerance.');
}
