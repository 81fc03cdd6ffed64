import type { KyInstance } from 'ky';
import type { BotCheck } from '@crease/contract';
import type { ShellConfig } from '../config/boot-data';
import { isAltchaChallenge, solveAltcha } from './altcha-solver';
import type { AltchaChallenge } from './altcha-solver';

/** Solves an ALTCHA challenge: in a worker in the browser (shell-services), inline in tests. */
export type AltchaSolve = (challenge: AltchaChallenge) => Promise<number>;

/** ALTCHA: invisible proof of work; the token is the base64 payload altcha-lib verifies. */
function altcha(http: KyInstance, path: string, solve: AltchaSolve): BotCheck {
  return {
    async token(action: string) {
      const challenge: unknown = await http.get(path, { searchParams: { action } }).json();
      if (!isAltchaChallenge(challenge)) throw new Error('bot-check challenge is malformed');
      const number = await solve(challenge);
      const { algorithm, challenge: hash, salt, signature } = challenge;
      return btoa(JSON.stringify({ algorithm, challenge: hash, number, salt, signature }));
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
): BotCheck {
  if (config.provider === 'recaptcha' && config.siteKey) return recaptcha(config.siteKey);
  if (config.provider === 'off') return { token: async () => '' };
  return altcha(http, path, solve);
}
