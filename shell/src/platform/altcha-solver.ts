import { sha256 } from '@noble/hashes/sha2.js';

/** The ALTCHA challenge the API hands out (GET bot-check/challenge). */
export interface AltchaChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export function isAltchaChallenge(value: unknown): value is AltchaChallenge {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.algorithm === 'SHA-256' &&
    typeof v.challenge === 'string' &&
    typeof v.salt === 'string' &&
    typeof v.signature === 'string' &&
    typeof v.maxnumber === 'number' &&
    v.maxnumber > 0 &&
    v.maxnumber <= 10_000_000
  );
}

const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array | null {
  if (!/^[0-9a-f]{64}$/i.test(hex)) return null;
  return Uint8Array.from({ length: 32 }, (_, i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < b.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Finds n with sha256(salt + n) === challenge: the ALTCHA proof of work. Runs in the solver
 * worker (altcha.worker.ts); on the main thread only where no worker can start.
 *
 * Synchronous SHA-256 (@noble/hashes), the salt hashed once and its state cloned per guess:
 * awaiting crypto.subtle.digest per guess spent most of its time in the round trip, not the hash
 * (about 4x slower in Node, more in Chromium: decision 427). Each guess is a few microseconds, so
 * even the top level's 500,000 guesses never hold the worker for long.
 */
export async function solveAltcha(challenge: AltchaChallenge): Promise<number> {
  const target = hexBytes(challenge.challenge);
  if (target) {
    const salted = sha256.create().update(encoder.encode(challenge.salt));
    for (let n = 0; n <= challenge.maxnumber; n++) {
      if (
        sameBytes(
          salted
            .clone()
            .update(encoder.encode(String(n)))
            .digest(),
          target,
        )
      )
        return n;
    }
  }
  throw new Error('bot-check challenge has no solution');
}
