import { ApiError } from './errors';
import type { AttemptStore, CounterState } from './attempt-store';

export interface AttemptLimit {
  key: string;
  max: number;
}

/** Seconds until the counter's window ends, for `Retry-After` (at least 1; the store's clock). */
export function retryAfterSeconds(state: CounterState): string {
  return String(Math.max(1, state.secondsLeft));
}

/**
 * Counts this attempt against every limit first, then checks the counts (decision 055). Each
 * count is one atomic statement that returns the new value, so of N parallel guesses at most
 * `max` see a count within the limit: the rest are refused before any password is looked at.
 * Throws 429 TOO_MANY_ATTEMPTS with `Retry-After` when any limit is passed.
 */
export async function countAttempt(
  store: AttemptStore,
  limits: readonly AttemptLimit[],
  windowSeconds: number,
  userId: string | null = null,
): Promise<void> {
  const counted: CounterState[] = [];
  for (const { key } of limits) counted.push(await store.hit(key, windowSeconds));
  const passed = counted.filter((state, i) => state.count > (limits[i] as AttemptLimit).max);
  if (passed.length === 0) return;
  const latest = passed.reduce((a, b) => (b.secondsLeft > a.secondsLeft ? b : a));
  throw new ApiError('TOO_MANY_ATTEMPTS', undefined, {
    userId,
    headers: { 'retry-after': retryAfterSeconds(latest) },
  });
}

/**
 * Guesses at one account's password from every network (the password grant and change-password
 * share it, sign-in-limits.ts); a completed password reset clears it.
 */
export const loginAccountKey = (email: string) => `login:account:${email}`;
