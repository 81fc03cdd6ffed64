import fs from 'node:fs';
import path from 'node:path';
import { parseTrustProxy } from './http/trust-proxy';
import type { TrustProxy } from './http/trust-proxy';

// The edge reads the same CREASE_TRUST_PROXY (deploy/src/config.ts): one rule for both.
export { parseTrustProxy } from './http/trust-proxy';
export type { TrustProxy } from './http/trust-proxy';
import { loadBillingConfig } from './billing-config';
import type { BillingConfig } from './billing-config';
import { loadStreamConfig } from './stream-config';
import type { StreamConfig } from './stream-config';
import { productionProblems, requiredInProduction } from './config-production';

/** Argon2id cost, explicit (decision 011). Production: OWASP's first recommended setting. */
export interface Argon2Params {
  /** KiB. */
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export const PRODUCTION_ARGON2: Argon2Params = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export type BotCheckProvider = 'altcha' | 'recaptcha' | 'off';

/** API configuration, from the environment, validated at start (STYLE §9). One factory: this one. */
export interface ApiConfig {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  /** null: embedded PGlite in `pgliteDir`. */
  databaseUrl: string | null;
  /** PGlite data folder; null with a database URL, or 'memory://' for a throwaway database. */
  pgliteDir: string | null;
  dataDir: string;
  /** HS256 key for access tokens (32+ bytes). */
  jwtSecret: Uint8Array;
  jwtIssuer: string;
  accessTokenSeconds: number;
  refreshIdleSeconds: number;
  refreshAbsoluteSeconds: number;
  /** A spent refresh token replayed within this window is a lost race, not theft (decision 013). */
  refreshReuseGraceSeconds: number;
  resetTokenSeconds: number;
  oauthClientIds: string[];
  /** Site origins allowed by CORS and used for links in mail. The first is the public site URL. */
  siteOrigins: string[];
  /**
   * Domain attribute of the XSRF cookie. null: derived per request from the API host
   * (api.crease.tv -> crease.tv), so the site host can read it (decision 012).
   */
  cookieDomain: string | null;
  /**
   * Outside production: a state-changing call from an allowlisted http://localhost:<port> origin
   * that carries neither XSRF cookie nor header is let through on its Origin alone, because
   * browsers treat localhost and api.localhost as two sites and refuse the shared cookie.
   */
  xsrfLocalhostFallback: boolean;
  cookieSecure: boolean;
  /** HMAC key that signs XSRF tokens, so a sibling subdomain cannot plant a valid one. */
  xsrfSecret: Uint8Array;
  botCheck: BotCheckProvider;
  altchaHmacKey: string;
  /** ALTCHA difficulty: the largest number the client may have to try. */
  altchaMaxNumber: number;
  recaptchaSecret: string | null;
  recaptchaVerifyUrl: string;
  recaptchaMinScore: number;
  smtpUrl: string | null;
  mailFrom: string;
  argon2: Argon2Params;
  /**
   * Password-guess limits (DB-backed, decisions 014, 170): failures per account on one network,
   * per network over all accounts (both per `loginWindowSeconds`), per account over all networks
   * per hour (networks the account signed in from stay open), and the site-wide failures per
   * window past which every sign-in challenge gets harder (the global brake).
   */
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  loginWindowSeconds: number;
  loginMaxFailuresPerAccountPerHour: number;
  loginGlobalBrakeFailures: number;
  /** Coarse per-IP limits for register and init-reset (requests per minute). */
  registerPerMinute: number;
  resetPerMinute: number;
  /** Per-IP limit on the analytics endpoints (requests per minute). */
  analyticsPerMinute: number;
  /** Analytics rows older than this are deleted by housekeeping. */
  analyticsRetentionDays: number;
  /**
   * Shared store for the per-IP limits of `@fastify/rate-limit` (decision 051). null: each
   * process counts in its own memory (the embedded default; N replicas allow N times the limit).
   */
  redisUrl: string | null;
  bodyLimitBytes: number;
  /** Run the development seeders at start (never in production). */
  seed: boolean;
  logLevel: string;
  /** Whose X-Forwarded-For sets request.ip: no proxy, a hop count or CIDRs, never all (061). */
  trustProxy: TrustProxy;
  /** Seconds between housekeeping passes in this process (0: only the cleanup CLI). */
  cleanupIntervalSeconds: number;
  /** Catalog operator API bearer tokens; the name is the actor in the audit (decision 072). */
  catalogOperatorTokens: { name: string; token: string }[];
  /** Run the rolling demo schedule (decision 073): never in production. */
  catalogDemo: boolean;
  /** Seconds between demo clock ticks (0: only at start). */
  catalogDemoTickSeconds: number;
  /** Seconds between match-reminder passes in this process (0: none; decision 275). */
  reminderIntervalSeconds: number;
  /**
   * With PostgreSQL, how long one replica reuses a catalog read it built (decision 071); with
   * PGlite reads are reused until the next write. 0 = never (both).
   */
  catalogCacheMs: number;
  /** Plans, checkout, payment provider, trials, devices (docs/billing.md). */
  billing: BillingConfig;
  /** Stream access, playback tokens, the embedded live origin (docs/streams.md). */
  streams: StreamConfig;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/** Reads the dev key from the data folder, or makes and keeps one, so tokens survive restarts. */
function persistedSecret(dataDir: string, file: string): Uint8Array {
  const keyFile = path.join(dataDir, file);
  try {
    return new Uint8Array(Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'base64url'));
  } catch {
    const key = crypto.getRandomValues(new Uint8Array(32));
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(keyFile, Buffer.from(key).toString('base64url'), { mode: 0o600 });
    return key;
  }
}

/** The production log level (decision 017); `npm run bench:api` runs the API with it too. */
export const PRODUCTION_LOG_LEVEL = 'info';

/**
 * Validates the whole environment and reports every problem at once. `root` is the repository
 * root, where the default data folder `.data` lives.
 */
export function loadApiConfig(env: Env = process.env, root = process.cwd()): ApiConfig {
  const problems: string[] = [];
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    problems.push(`${name} must be true or false, got "${raw}"`);
    return fallback;
  };

  const trusted = parseTrustProxy(env.CREASE_TRUST_PROXY);
  const trustProxy = typeof trusted === 'object' && 'problem' in trusted ? false : trusted;
  if (typeof trusted === 'object' && 'problem' in trusted) problems.push(trusted.problem);

  const nodeEnv = env.NODE_ENV ?? 'development';
  if (!['development', 'test', 'production'].includes(nodeEnv))
    problems.push(`NODE_ENV must be development, test or production, got "${nodeEnv}"`);
  const production = nodeEnv === 'production';

  // PORT is the site's port (the edge's); the standalone API listens on API_PORT.
  const port = int('API_PORT', 8081, 0, 65535);
  const dataDir = path.resolve(root, env.CREASE_DATA_DIR ?? '.data');

  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl))
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  const pgliteDir =
    databaseUrl !== null
      ? null
      : env.CREASE_PGLITE_DIR === 'memory://'
        ? 'memory://'
        : path.resolve(root, env.CREASE_PGLITE_DIR ?? path.join(dataDir, 'api-db'));

  const secretFrom = (name: string, file: string): Uint8Array => {
    const raw = env[name];
    if (raw) {
      const key = new Uint8Array(Buffer.from(raw, 'base64url'));
      if (key.length < 32) problems.push(`${name} must be at least 32 bytes, base64url-encoded`);
      return key;
    }
    if (production) {
      problems.push(`${name} is required in production (32+ random bytes, base64url)`);
      return new Uint8Array(32);
    }
    return persistedSecret(dataDir, file);
  };
  const jwtSecret = secretFrom('CREASE_JWT_SECRET', 'api-jwt.key');
  const xsrfSecret = secretFrom('CREASE_XSRF_SECRET', 'api-xsrf.key');
  const altchaKey = env.CREASE_ALTCHA_HMAC_KEY;
  // Production names both ways of giving the key (the manifests use the HMAC key itself).
  const altchaMissing = production && !altchaKey && !env.CREASE_ALTCHA_SECRET;
  if (altchaMissing)
    problems.push(
      requiredInProduction('CREASE_ALTCHA_HMAC_KEY or CREASE_ALTCHA_SECRET', 'the bot check key'),
    );
  const altchaHmacKey =
    altchaKey ||
    (altchaMissing
      ? ''
      : Buffer.from(secretFrom('CREASE_ALTCHA_SECRET', 'api-altcha.key')).toString('hex'));

  const sitePort = int('PORT', 8080, 0, 65535);
  const siteOrigins = (
    env.CREASE_SITE_ORIGINS ??
    `http://localhost:${sitePort},http://127.0.0.1:${sitePort},http://crease.localhost:${sitePort}`
  )
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  for (const origin of siteOrigins) {
    if (!/^https?:\/\/[^\s/]+$/.test(origin))
      problems.push(
        `CREASE_SITE_ORIGINS entries must look like https://crease.tv, got "${origin}"`,
      );
  }
  if (siteOrigins.length === 0) problems.push('CREASE_SITE_ORIGINS must list at least one origin');
  const first =
    siteOrigins[0] && /^https?:\/\//.test(siteOrigins[0]) ? new URL(siteOrigins[0]) : null;
  const cookieDomain = env.CREASE_COOKIE_DOMAIN || null;

  const botCheck = (env.CREASE_BOT_CHECK ?? 'altcha') as BotCheckProvider;
  if (!['altcha', 'recaptcha', 'off'].includes(botCheck))
    problems.push(`CREASE_BOT_CHECK must be altcha, recaptcha or off, got "${botCheck}"`);
  if (botCheck === 'off' && production)
    problems.push('CREASE_BOT_CHECK=off is not allowed in production');
  const recaptchaSecret = env.CREASE_RECAPTCHA_SECRET || null;
  if (botCheck === 'recaptcha' && !recaptchaSecret)
    problems.push('CREASE_BOT_CHECK=recaptcha needs CREASE_RECAPTCHA_SECRET');
  const recaptchaVerifyUrl =
    env.CREASE_RECAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify';
  if (!/^https?:\/\/\S+$/.test(recaptchaVerifyUrl))
    problems.push('CREASE_RECAPTCHA_VERIFY_URL must be an http(s) URL');
  const recaptchaMinScore = Number(env.CREASE_RECAPTCHA_MIN_SCORE ?? 0.5);
  if (!(recaptchaMinScore >= 0 && recaptchaMinScore <= 1))
    problems.push('CREASE_RECAPTCHA_MIN_SCORE must be between 0 and 1');

  const redisUrl = env.REDIS_URL || null;
  if (redisUrl !== null && !/^rediss?:\/\/\S+$/.test(redisUrl))
    problems.push('REDIS_URL must be a redis:// or rediss:// URL');

  const smtpUrl = env.SMTP_URL || null;
  if (smtpUrl !== null && !/^smtps?:\/\//.test(smtpUrl))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL');

  const oauthClientIds = (env.CREASE_OAUTH_CLIENT_IDS ?? env.CREASE_OAUTH_CLIENT_ID ?? 'crease-web')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (oauthClientIds.length === 0) problems.push('CREASE_OAUTH_CLIENT_IDS must list a client id');

  const argon2: Argon2Params = {
    memoryCost: int('CREASE_ARGON2_MEMORY_KIB', PRODUCTION_ARGON2.memoryCost, 1024, 1_048_576),
    timeCost: int('CREASE_ARGON2_TIME_COST', PRODUCTION_ARGON2.timeCost, 1, 10),
    parallelism: int('CREASE_ARGON2_PARALLELISM', PRODUCTION_ARGON2.parallelism, 1, 16),
  };
  if (production && (argon2.memoryCost < 19_456 || argon2.timeCost < 2))
    problems.push(
      'argon2 parameters below OWASP minimums (19456 KiB, t=2) are not allowed in production',
    );

  const catalogOperatorTokens: { name: string; token: string }[] = [];
  for (const entry of (env.CREASE_CATALOG_OPERATOR_TOKENS ?? '').split(',')) {
    if (!entry.trim()) continue;
    const colon = entry.indexOf(':');
    const name = colon > 0 ? entry.slice(0, colon).trim() : '';
    const token = colon > 0 ? entry.slice(colon + 1).trim() : '';
    if (!/^[a-z0-9][a-z0-9._-]{0,63}$/i.test(name) || token.length < 16)
      problems.push(
        'CREASE_CATALOG_OPERATOR_TOKENS must be "name:token,…" with names of letters, digits, . _ - and tokens of 16+ characters',
      );
    else catalogOperatorTokens.push({ name, token });
  }

  const config: ApiConfig = {
    env: nodeEnv as ApiConfig['env'],
    port,
    host: env.API_HOST ?? env.HOST ?? '0.0.0.0',
    databaseUrl,
    pgliteDir,
    dataDir,
    jwtSecret,
    jwtIssuer: env.CREASE_JWT_ISSUER ?? 'crease-api',
    accessTokenSeconds: int('CREASE_ACCESS_TOKEN_SECONDS', 900, 30, 86_400),
    refreshIdleSeconds: int('CREASE_REFRESH_IDLE_SECONDS', 14 * 86_400, 60, 365 * 86_400),
    refreshAbsoluteSeconds: int('CREASE_REFRESH_ABSOLUTE_SECONDS', 60 * 86_400, 60, 730 * 86_400),
    refreshReuseGraceSeconds: int('CREASE_REFRESH_REUSE_GRACE_SECONDS', 10, 0, 120),
    resetTokenSeconds: int('CREASE_RESET_TOKEN_SECONDS', 3600, 1, 86_400),
    oauthClientIds,
    siteOrigins,
    cookieDomain,
    cookieSecure: bool('CREASE_COOKIE_SECURE', first?.protocol === 'https:'),
    xsrfSecret,
    xsrfLocalhostFallback: bool('CREASE_XSRF_LOCALHOST_FALLBACK', !production),
    botCheck,
    altchaHmacKey,
    altchaMaxNumber: int('CREASE_ALTCHA_MAX_NUMBER', 50_000, 1, 10_000_000),
    recaptchaSecret,
    recaptchaVerifyUrl,
    recaptchaMinScore,
    smtpUrl,
    mailFrom: env.CREASE_MAIL_FROM ?? 'Crease <no-reply@crease.test>',
    argon2,
    loginMaxFailuresPerAccount: int('CREASE_LOGIN_MAX_FAILURES_PER_ACCOUNT', 5, 1, 1000),
    loginMaxFailuresPerIp: int('CREASE_LOGIN_MAX_FAILURES_PER_IP', 50, 1, 100_000),
    loginWindowSeconds: int('CREASE_LOGIN_WINDOW_SECONDS', 900, 1, 86_400),
    loginMaxFailuresPerAccountPerHour: int(
      'CREASE_LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR',
      100,
      1,
      100_000,
    ),
    loginGlobalBrakeFailures: int('CREASE_LOGIN_GLOBAL_BRAKE_FAILURES', 1000, 1, 10_000_000),
    registerPerMinute: int('CREASE_REGISTER_PER_MINUTE', 10, 1, 100_000),
    resetPerMinute: int('CREASE_RESET_PER_MINUTE', 5, 1, 100_000),
    analyticsPerMinute: int('CREASE_ANALYTICS_PER_MINUTE', 120, 1, 100_000),
    analyticsRetentionDays: int('CREASE_ANALYTICS_RETENTION_DAYS', 90, 1, 3650),
    redisUrl,
    bodyLimitBytes: int('CREASE_BODY_LIMIT_BYTES', 16_384, 1024, 1_048_576),
    seed: bool('CREASE_SEED', !production),
    logLevel: env.LOG_LEVEL ?? (production ? PRODUCTION_LOG_LEVEL : 'warn'),
    trustProxy,
    cleanupIntervalSeconds: int('CREASE_CLEANUP_INTERVAL_SECONDS', 600, 0, 86_400),
    catalogOperatorTokens,
    catalogDemo: bool('CREASE_CATALOG_DEMO', !production),
    catalogDemoTickSeconds: int('CREASE_CATALOG_DEMO_TICK_SECONDS', 5, 0, 3600),
    reminderIntervalSeconds: int('CREASE_REMINDER_INTERVAL_SECONDS', 30, 0, 3600),
    catalogCacheMs: int('CREASE_CATALOG_CACHE_MS', 1000, 0, 5000),
    billing: loadBillingConfig(env, int, problems, dataDir),
    streams: loadStreamConfig(env, int, problems, root, secretFrom),
  };
  if (config.refreshIdleSeconds > config.refreshAbsoluteSeconds)
    problems.push('CREASE_REFRESH_IDLE_SECONDS must not exceed CREASE_REFRESH_ABSOLUTE_SECONDS');
  if (config.xsrfLocalhostFallback && production)
    problems.push('CREASE_XSRF_LOCALHOST_FALLBACK=true is not allowed in production');
  if (config.seed && production) problems.push('CREASE_SEED=true is not allowed in production');
  if (config.catalogDemo && production)
    problems.push('CREASE_CATALOG_DEMO=true is not allowed in production');
  // Development defaults that are not secrets: site origins, mail (decision 175).
  if (production) problems.push(...productionProblems(env, config));
  if (problems.length > 0)
    throw new ConfigError(`Invalid API configuration:\n- ${problems.join('\n- ')}`);
  return config;
}
