/**
 * Password-guess limits that never lock the owner out (decision 170). Guesses are throttled by
 * account AND network, so 5 wrong guesses from one network hold that account on that network
 * only; the owner elsewhere signs in at once. Around that: a per-network budget over all
 * accounts, a per-account cap over all networks (networks the account signed in from stay
 * open), and site-wide failures that raise the bot check's difficulty (the global brake).
 * Every counter lives in `rate_counters`, shared by all replicas, and counts before it checks
 * (decision 055). Unknown and known accounts go through the same counters: no enumeration.
 */
import type { ApiConfig } from '../platform/config';
import { networkOf } from '../platform/http/client-network';
import { ApiError } from './errors';
import { countAttempt, loginAccountKey, retryAfterSeconds } from './attempt-limits';
import type { AttemptStore } from './attempt-store';

export type SignInLimitsConfig = Pick<
  ApiConfig,
  | 'loginMaxFailuresPerAccount'
  | 'loginMaxFailuresPerIp'
  | 'loginWindowSeconds'
  | 'loginMaxFailuresPerAccountPerHour'
  | 'loginGlobalBrakeFailures'
>;

/** ASVS v4 V2.2.1: at most 100 failed attempts per hour on one account; the window is that hour. */
export const ACCOUNT_WINDOW_SECONDS = 3600;
/** How long a network the account signed in from stays open past the all-networks cap. */
export const KNOWN_NETWORK_SECONDS = 30 * 86_400;

/**
 * Bot-check levels by this network's counted sign-in attempts in the window (failures and
 * refusals; a success gives its attempt back): an honest first try and a few typos stay at 0.
 */
const NETWORK_LEVEL_STEPS = [
  { failures: 20, level: 2 },
  { failures: 5, level: 1 },
] as const;
/** The global brake: site-wide failures per window, as multiples of the configured brake. */
const GLOBAL_LEVEL_STEPS = [
  { brakes: 5, level: 2 },
  { brakes: 1, level: 1 },
] as const;

/** The network an address counts against (platform/http/client-network.ts). */
export { networkOf };

/** Failures on one account from one network. The network comes first: it has no `|`. */
export const loginPairKey = (email: string, network: string) =>
  `login:network-account:${network}|${email}`;
/** Attempts from one network over all accounts. */
export const loginNetworkKey = (network: string) => `login:network:${network}`;
/** Marks a network the account signed in from (decision 170). */
export const loginKnownNetworkKey = (email: string, network: string) =>
  `login:known:${network}|${email}`;
/** Wrong passwords site-wide: the global brake's signal. */
export const LOGIN_GLOBAL_KEY = 'login:global';

/** The bot-check level a sign-in from this network needs now (0, 1 or 2). */
export function difficultyLevel(
  networkAttempts: number,
  globalFailures: number,
  brakeFailures: number,
): number {
  const byNetwork = NETWORK_LEVEL_STEPS.find((step) => networkAttempts >= step.failures);
  const byBrake = GLOBAL_LEVEL_STEPS.find((step) => globalFailures >= step.brakes * brakeFailures);
  return Math.max(byNetwork?.level ?? 0, byBrake?.level ?? 0);
}

/** Reads the counters for the sign-in challenge's level (a soft decision: no count here). */
export async function signInDifficulty(
  store: AttemptStore,
  config: SignInLimitsConfig,
  ip: string,
): Promise<number> {
  const [network, global] = await Promise.all([
    store.count(loginNetworkKey(networkOf(ip))),
    store.count(LOGIN_GLOBAL_KEY),
  ]);
  return difficultyLevel(network, global, config.loginGlobalBrakeFailures);
}

/** One counted guess at an account's password; tell it how the guess went. */
export interface SignInAttempt {
  /** The right password: the pair starts afresh, the others get the attempt back. */
  succeeded(): Promise<void>;
  /** A wrong password (or unknown account): it stays counted and feeds the global brake. */
  failed(): Promise<void>;
}

/**
 * Counts one guess at `email`'s password from `ip` before the password is looked at; throws
 * 429 TOO_MANY_ATTEMPTS with `Retry-After` (carrying `userId`) past any limit.
 */
export async function countSignInAttempt(
  store: AttemptStore,
  config: SignInLimitsConfig,
  email: string,
  ip: string,
  userId: string | null = null,
): Promise<SignInAttempt> {
  const network = networkOf(ip);
  const pairKey = loginPairKey(email, network);
  const networkKey = loginNetworkKey(network);
  const accountKey = loginAccountKey(email);
  await countAttempt(
    store,
    [
      { key: pairKey, max: config.loginMaxFailuresPerAccount },
      { key: networkKey, max: config.loginMaxFailuresPerIp },
    ],
    config.loginWindowSeconds,
    userId,
  );
  // Only guesses this network was allowed count against the account everywhere: one network's
  // refused flood cannot push the owner's account over its all-networks cap.
  const account = await store.hit(accountKey, ACCOUNT_WINDOW_SECONDS);
  if (
    account.count > config.loginMaxFailuresPerAccountPerHour &&
    (await store.count(loginKnownNetworkKey(email, network))) === 0
  )
    throw new ApiError('TOO_MANY_ATTEMPTS', undefined, {
      userId,
      headers: { 'retry-after': retryAfterSeconds(account) },
    });
  return {
    async succeeded() {
      await store.clear(pairKey);
      await store.undo(networkKey);
      await store.undo(accountKey);
      await store.hit(loginKnownNetworkKey(email, network), KNOWN_NETWORK_SECONDS);
    },
    async failed() {
      await store.hit(LOGIN_GLOBAL_KEY, config.loginWindowSeconds);
    },
  };
}
