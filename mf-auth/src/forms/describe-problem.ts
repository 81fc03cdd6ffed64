import type { Problem } from '@crease/contract';
import { formatCount } from '@crease/ui';

const SECONDS = { one: 'second', other: 'seconds' };
const MINUTES = { one: 'minute', other: 'minutes' };

/** "30 seconds", "2 minutes": a wait rounded up, so the viewer never retries too early. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return formatCount(Math.ceil(seconds), SECONDS);
  return formatCount(Math.ceil(seconds / 60), MINUTES);
}

/**
 * The message of an API problem, with how long to wait when it is a rate limit (a 429 on
 * register, reset or sign-in) and the API sent Retry-After.
 */
export function describeProblem(problem: Problem): string {
  if (problem.status === 429 && problem.retryAfter) {
    return `${problem.message} Try again in ${formatWait(problem.retryAfter)}.`;
  }
  return problem.message;
}
