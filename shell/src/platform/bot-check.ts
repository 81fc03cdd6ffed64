import type { KyInstance } from 'ky';
import type { BotCheck } from '@crease/contract';
import type { ShellConfig } from '../config/boot-data';
import { isAltchaChallenge, solveAltcha } from './altcha-solver';
import type { AltchaChallenge } from './altcha-solver';

/** Solves an ALTCHA challenge: in a worker in the browser (shell-services), inline in tests. */
export type AltchaSolve = (challenge: AltchaChallenge) => Promise<number>;

/**
 * A proof prepared ahead is kept this long, well inside the API's 600 s challenge expiry:
 * older, it is dropped and the submit solves afresh.
 */
export const PREPARED_PROOF_MS = 5 * 60 * 1000;

/**
 * ALTCHA: invisible proof of work; the token is the base64 payload altcha-lib verifies. A form
 * that gains focus prepares its action's proof (one per action, each used once), so the viewer
 * rarely waits for it at submit; a prepared proof that failed is replaced by a fresh one.
 */
function altcha(http: KyInstance, path: string, solve: AltchaSolve, now: () => number): BotCheck {
  const prepared = new Map<string, { proof: Promise<string>; at: number }>();
  const solveFor = async (action: string) => {
    const challenge: unknown = await http.get(path, { searchParams: { action } }).json();
    if (!isAltchaChallenge(challenge)) throw new Error('bot-check challenge is malformed');
    const number = await solve(challenge);
    const { algorithm, challenge: hash, salt, signature } = challenge;
    return btoa(JSON.stringify({ algorithm, challenge: hash, number, salt, signature }));
  };
  const fresh = (action: string) => {
    const ready = prepared.get(action);
    return ready && now() - ready.at < PREPARED_PROOF_MS ? ready : undefined;
  };
  return {
    prepare(action: string) {
      if (fresh(action)) return;
      const proof = solveFor(action);
      proof.catch(() => undefined);
      prepared.set(action, { proof, at: now() });
    },
    async token(action: string) {
      const ready = fresh(action);
      prepared.delete(action);
      if (ready) {
        try {
          return await ready.proof;
        } catch {
          // The ahead-of-time attempt failed (offline at focus, say): try once more now.
        }
      }
      return solveFor(action);
    },
  };
}

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** reCAPTCHA v3: invisible, the badge hidden by the shell's CSS (the policy pages disclose it). */
function recaptcha(siteKey: string): BotCheck {
  let loaded: Promise<Grecaptcha> | null = null;
  const load = () =>
    (loaded ??= new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      script.onload = () => {
        const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
        if (g) g.ready(() => resolve(g));
        else reject(new Error('reCAPTCHA did not load'));
      };
      script.onerror = () => {
        loaded = null;
        reject(new Error('reCAPTCHA did not load'));
      };
      document.head.append(script);
    }));
  return {
    async token(action: string) {
      const g = await load();
      return g.execute(siteKey, { action });
    },
  };
}

/**
 * The bot check of `config`. `path` is the API's challenge path (ACCOUNT_PATHS.botCheckChallenge),
 * handed in: this module is fetched at the first ask (decision 340) and takes nothing at run time
 * from the modules the shell's first load holds.
 */
export function createBotCheck(
  config: ShellConfig['botCheck'],
  http: KyInstance,
  path: string,
  solve: AltchaSolve = solveAltcha,
  now: () => number = Date.now,
): BotCheck {
  if (config.provider === 'recaptcha' && config.siteKey) return recaptcha(config.siteKey);
  if (config.provider === 'off') return { token: async () => '' };
  return altcha(http, path, solve, now);
}
