/**
 * A refresh whose answer was lost can be sent again (decision 050). When a refresh with an
 * Idempotency-Key spends a token, its successor is stored sealed (AES-256-GCM) under a key
 * derived from the spent token and that key. Only a retry of the very same request (the same
 * refresh token, the same Idempotency-Key) can open it; a database reader, who sees only the
 * token's SHA-256, cannot, and neither can a thief with the token but another key.
 */
import crypto from 'node:crypto';

const INFO = 'crease refresh retry v1';

function sealKey(spentToken: string, idempotencyKey: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', spentToken, idempotencyKey, INFO, 32));
}

export function sealSuccessor(spentToken: string, idempotencyKey: string, successor: string) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealKey(spentToken, idempotencyKey), iv);
  const sealed = Buffer.concat([cipher.update(successor, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The successor, or null when this is not a retry of the request that sealed it. */
export function openSuccessor(
  spentToken: string,
  idempotencyKey: string,
  sealed: string,
): string | null {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length <= 28) return null;
  try {
    const decipher = crypto.createDecipheriv(
      'aes-256-gcm',
      sealKey(spentToken, idempotencyKey),
      raw.subarray(0, 12),
    );
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null; // another key, another token, or tampered: not a retry
  }
}
