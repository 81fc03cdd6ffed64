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

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Finds n with sha256(salt + n) === challenge: the ALTCHA proof of work. Runs in the solver
 * worker (altcha.worker.ts); on the main thread only where no worker can start.
 */
export async function solveAltcha(challenge: AltchaChallenge): Promise<number> {
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if ((await sha256Hex(`${challenge.salt}${n}`)) === challenge.challenge) return n;
  }
  throw new Error('bot-check challenge has no solution');
}
