/**
 * The bot check's cost follows the risk (issue 31 "Also", decision 409). Sign-in challenges
 * already get harder with a network's failures and the global brake (decision 170); here the
 * actions that make us send mail or create accounts get harder with their volume per network:
 * registrations, reset requests and sign-in code requests. A network's first few an hour cost
 * an honest page about half a second; from CREASE_BOT_CHECK_VOLUME_PER_HOUR a proof costs four
 * times as much, and from four times that, ten times as much.
 *
 * What it cannot do: proof of work prices requests, it does not tell people from scripts. A
 * script with many networks (a botnet, a cloud's address pool) pays the first-network price on
 * each; one with a fast CPU pays less wall time than a phone. It makes floods slower and costlier;
 * the per-recipient mail cap (decision 406) and the per-account limits are what bound harm.
 */
import type { BotCheckAction } from './bot-check';
import type { AttemptStore } from './attempt-store';
import { networkOf, signInDifficulty } from './sign-in-limits';
import type { SignInLimitsConfig } from './sign-in-limits';

/** Proofs counted by what they were spent on (a sign-in code request spends a `signin` proof). */
export type CountedUse = 'register' | 'reset' | 'sign-in-code';

export const PROOF_VOLUME_WINDOW_SECONDS = 3600;

export const proofVolumeKey = (use: CountedUse, network: string) =>
  `botcheck:volume:${use}:${network}`;

export type RiskConfig = SignInLimitsConfig & { mail: { botCheckVolumePerHour: number } };

/** The level a network's volume of one use calls for: 0, 1 (×4 work) or 2 (×10). */
export function volumeLevel(count: number, perHour: number): number {
  if (count >= perHour * 4) return 2;
  if (count >= perHour) return 1;
  return 0;
}

/**
 * The difficulty level a proof for `action` from `ip` needs now: the challenge route signs it
 * into the challenge, and the route that spends the proof requires at least it.
 */
export async function requiredLevel(
  store: AttemptStore,
  config: RiskConfig,
  action: BotCheckAction,
  ip: string,
): Promise<number> {
  const network = networkOf(ip);
  const perHour = config.mail.botCheckVolumePerHour;
  if (action === 'signin') {
    const [bySignIn, codes] = await Promise.all([
      signInDifficulty(store, config, ip),
      store.count(proofVolumeKey('sign-in-code', network)),
    ]);
    return Math.max(bySignIn, volumeLevel(codes, perHour));
  }
  return volumeLevel(await store.count(proofVolumeKey(action, network)), perHour);
}

/** Counts one spent proof for its use on this network (the next ones may cost more). */
export async function countProofUse(store: AttemptStore, use: CountedUse, ip: string) {
  await store.hit(proofVolumeKey(use, networkOf(ip)), PROOF_VOLUME_WINDOW_SECONDS);
}
