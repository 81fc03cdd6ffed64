import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import { lt } from 'drizzle-orm';
import type { Clock } from '../platform/clock';
import { systemClock } from '../platform/clock';
import type { ApiConfig } from '../platform/config';
import type { Db } from '../platform/db/client';
import { botCheckSpent } from './tables';
import { siteHosts } from '../platform/http/site-host';

export const BOT_CHECK_ACTIONS = ['register', 'signin', 'reset'] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];

export interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/**
 * Where a proof is presented: the caller's IP and the site page's host (`siteHostOf`), and for
 * ALTCHA the difficulty level the caller's network needs now (decision 170; default 0).
 */
export interface BotCheckContext {
  ip: string;
  siteHost: string;
  minLevel?: number;
}

/**
 * ALTCHA difficulty by level (decision 170): multiples of CREASE_ALTCHA_MAX_NUMBER, capped at
 * the largest `maxnumber` the shell's solver accepts (altcha-solver.ts).
 */
export const ALTCHA_LEVEL_FACTORS = [1, 4, 10] as const;
export const ALTCHA_BROWSER_MAX_NUMBER = 10_000_000;

export function altchaMaxNumberFor(base: number, level: number): number {
  const top = ALTCHA_LEVEL_FACTORS.length - 1;
  const factor = ALTCHA_LEVEL_FACTORS[Math.min(Math.max(0, level), top)] ?? 1;
  return Math.min(ALTCHA_BROWSER_MAX_NUMBER, base * factor);
}

/**
 * The bot check behind registration, the password grant and init-reset (decisions 015, 053).
 * One interface, an adapter per provider, chosen by CREASE_BOT_CHECK. A proof counts only for
 * its action, on the site host it was made for, before it expires, and once.
 */
export interface BotCheck {
  readonly provider: ApiConfig['botCheck'];
  /** ALTCHA only: a fresh challenge bound to the action, the site host and its level. */
  challenge?(action: BotCheckAction, siteHost: string, level?: number): Promise<AltchaChallenge>;
  verify(
    token: string | undefined,
    action: BotCheckAction,
    context: BotCheckContext,
  ): Promise<boolean>;
}

const CHALLENGE_SECONDS = 600;

/** ALTCHA proof of work, verified with altcha-lib; each solved challenge is accepted once. */
export function altchaBotCheck(
  db: Db,
  hmacKey: string,
  maxNumber: number,
  seconds = CHALLENGE_SECONDS,
  clock: Clock = systemClock,
): BotCheck {
  let lastSweep = 0;
  return {
    provider: 'altcha',
    async challenge(action, siteHost, level = 0) {
      // Action, site host, level and expiry go into the salt, which the HMAC signature covers.
      const maxnumber = altchaMaxNumberFor(maxNumber, level);
      const c = await createChallenge({
        hmacKey,
        maxnumber,
        params: { action, host: siteHost, level: String(level) },
        expires: new Date(clock.now().getTime() + seconds * 1000),
      });
      return {
        algorithm: c.algorithm,
        challenge: c.challenge,
        maxnumber: c.maxnumber ?? maxnumber,
        salt: c.salt,
        signature: c.signature,
      };
    },
    async verify(token, action, { siteHost, minLevel = 0 }) {
      if (!token || token.length > 2048) return false;
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      if (typeof payload !== 'object' || payload === null) return false;
      const p = payload as Record<string, unknown>;
      if (
        typeof p.algorithm !== 'string' ||
        typeof p.challenge !== 'string' ||
        typeof p.number !== 'number' ||
        typeof p.salt !== 'string' ||
        typeof p.signature !== 'string'
      )
        return false;
      const solution = {
        algorithm: p.algorithm as 'SHA-256',
        challenge: p.challenge,
        number: p.number,
        salt: p.salt,
        signature: p.signature,
      };
      let ok = false;
      try {
        // Expiry is checked below on our clock; a challenge without one is refused.
        ok = await verifySolution(solution, hmacKey, false);
      } catch {
        return false;
      }
      if (!ok) return false;
      const params = extractParams(solution);
      const expires = Number(params.expires) * 1000;
      const now = clock.now().getTime();
      if (!Number.isFinite(expires) || expires <= now) return false;
      if (params.action !== action || params.host !== siteHost) return false;
      // A cheap challenge fetched elsewhere (or before the failures) is no proof for a network
      // that now needs a harder one.
      if (!(Number(params.level ?? 0) >= minLevel)) return false;
      if (now - lastSweep > 60_000) {
        lastSweep = now;
        await db.delete(botCheckSpent).where(lt(botCheckSpent.expiresAt, new Date(now)));
      }
      const inserted = await db
        .insert(botCheckSpent)
        .values({ key: solution.signature, expiresAt: new Date(expires) })
        .onConflictDoNothing()
        .returning({ key: botCheckSpent.key });
      return inserted.length === 1;
    },
  };
}

/**
 * reCAPTCHA v3: Google's siteverify (its URL is configurable so tests can stand in for it).
 * Google checks the token's age itself (two minutes); we check success, action, score and the
 * `hostname` the token was made on, which must be one of the site's.
 */
export function recaptchaBotCheck(
  secret: string,
  verifyUrl: string,
  minScore: number,
  siteHosts: ReadonlySet<string>,
  fetchImpl: typeof fetch = fetch,
): BotCheck {
  return {
    provider: 'recaptcha',
    async verify(token, action, { ip }) {
      if (!token || token.length > 4096) return false;
      try {
        const response = await fetchImpl(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token, remoteip: ip }),
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) return false;
        const result = (await response.json()) as {
          success?: boolean;
          score?: number;
          action?: string;
          hostname?: string;
        };
        return (
          result.success === true &&
          typeof result.score === 'number' &&
          result.score >= minScore &&
          result.action === action &&
          typeof result.hostname === 'string' &&
          siteHosts.has(result.hostname)
        );
      } catch {
        return false;
      }
    },
  };
}

/** Development and benchmarks only (refused in production by the config). */
export const noBotCheck: BotCheck = { provider: 'off', verify: async () => true };

export function createBotCheck(config: ApiConfig, db: Db, clock: Clock = systemClock): BotCheck {
  if (config.botCheck === 'recaptcha' && config.recaptchaSecret)
    return recaptchaBotCheck(
      config.recaptchaSecret,
      config.recaptchaVerifyUrl,
      config.recaptchaMinScore,
      siteHosts(config),
    );
  if (config.botCheck === 'off') return noBotCheck;
  return altchaBotCheck(db, config.altchaHmacKey, config.altchaMaxNumber, CHALLENGE_SECONDS, clock);
}
