import type { KyInstance } from 'ky';
import { ACCOUNT_PATHS } from '@crease/contract';
import type { BotCheck } from '@crease/contract';
import type { ShellConfig } from '../config/boot-data';

interface AltchaChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

function isAltchaChallenge(value: unknown): value is AltchaChallenge {
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

/** Finds n with sha256(salt + n) === challenge: the ALTCHA proof of work. */
export async function solveAltcha(challenge: AltchaChallenge): Promise<number> {
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if ((await sha256Hex(`${challenge.salt}${n}`)) === challenge.challenge) return n;
  }
  throw new Error('bot-check challenge has no solution');
}

/** ALTCHA: invisible proof of work; the token is the base64 payload altcha-lib verifies. */
function altcha(http: KyInstance): BotCheck {
  return {
    async token(action: string) {
      const challenge: unknown = await http
        .get(ACCOUNT_PATHS.botCheckChallenge, { searchParams: { action } })
        .json();
      if (!isAltchaChallenge(challenge)) throw new Error('bot-check challenge is malformed');
      const number = await solveAltcha(challenge);
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

export function createBotCheck(config: ShellConfig['botCheck'], http: KyInstance): BotCheck {
  if (config.provider === 'recaptcha' && config.siteKey) return recaptcha(config.siteKey);
  if (config.provider === 'off') return { token: async () => '' };
  return altcha(http);
}
