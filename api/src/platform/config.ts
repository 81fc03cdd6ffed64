import path from 'node:path';
import { WEB_OAUTH_CLIENT_ID } from '@crease/contract';
import { parseTrustProxy } from './http/trust-proxy';

// The edge reads the same CREASE_TRUST_PROXY (deploy/src/config.ts): one rule for both.
export { parseTrustProxy } from './http/trust-proxy';
export type { TrustProxy } from './http/trust-proxy';
// The edge and release tools (deploy/src/config.ts) read their settings the same way.
export * from './env-schema';
export { requiredInProduction } from './config-production';
export { isLocalHost, notPublicBecause } from './public-host';
export { weakSecretBecause, weakSecretProblem } from './secret-strength';
import { loadBillingConfig } from './billing-config';
import { loadInvoiceConfig } from './invoice-config';
import { loadIngestConfig } from './ingest-config';
import { loadMailConfig } from './mail-config';
import { loadStreamConfig } from './stream-config';
import { productionProblems, requiredInProduction } from './config-production';
import { weakSecretBecause, weakSecretProblem } from './secret-strength';
import {
  envAnyText,
  envBool,
  envCheckedText,
  envInt,
  envList,
  envNumber,
  envOneOf,
  envText,
  readEnv,
} from './env-schema';
import type { Env } from './env-schema';
import { persistedSecret } from './persisted-secret';

export { PRODUCTION_ARGON2 } from './api-config';
export type { ApiConfig, Argon2Params, BotCheckProvider } from './api-config';
import { PRODUCTION_ARGON2 } from './api-config';
import type { ApiConfig, Argon2Params } from './api-config';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

type KeyName =
  | 'CREASE_JWT_SECRET'
  | 'CREASE_XSRF_SECRET'
  | 'CREASE_ALTCHA_SECRET'
  | 'CREASE_STREAM_TOKEN_SECRET'
  | 'CREASE_INGEST_SECRET';

/** The production log level (decision 017); `npm run bench:api` runs the API with it too. */
export const PRODUCTION_LOG_LEVEL = 'info';

const base64urlBytes = (raw: string) => new Uint8Array(Buffer.from(raw, 'base64url'));
const KEY_RULE = 'at least 32 bytes, base64url-encoded';
/** The HMAC keys the API signs with: 32+ bytes, base64url (decision 175: required in production). */
const envKey = () =>
  envCheckedText((raw) => base64urlBytes(raw).length >= 32, KEY_RULE, { secret: true });

/** Every variable the API reads for itself (billing and streams declare theirs beside them). */
const API_ENV = {
  NODE_ENV: envOneOf(['development', 'test', 'production']),
  API_PORT: envInt(0, 65535),
  PORT: envInt(0, 65535),
  API_HOST: envAnyText(),
  HOST: envAnyText(),
  CREASE_DATA_DIR: envAnyText(),
  CREASE_PGLITE_DIR: envAnyText(),
  DATABASE_URL: envText(/^postgres(ql)?:\/\//, 'a postgres:// or postgresql:// URL', {
    secret: true,
  }),
  CREASE_JWT_SECRET: envKey(),
  CREASE_XSRF_SECRET: envKey(),
  CREASE_ALTCHA_SECRET: envKey(),
  CREASE_STREAM_TOKEN_SECRET: envKey(),
  CREASE_INGEST_SECRET: envKey(),
  CREASE_ALTCHA_HMAC_KEY: envCheckedText(() => true, 'text', { secret: true }),
  CREASE_JWT_ISSUER: envAnyText(),
  CREASE_ACCESS_TOKEN_SECONDS: envInt(30, 86_400),
  CREASE_REFRESH_IDLE_SECONDS: envInt(60, 365 * 86_400),
  CREASE_REFRESH_ABSOLUTE_SECONDS: envInt(60, 730 * 86_400),
  CREASE_REFRESH_REUSE_GRACE_SECONDS: envInt(0, 120),
  CREASE_RESET_TOKEN_SECONDS: envInt(1, 86_400),
  CREASE_OAUTH_CLIENT_IDS: envList(/^\S+$/, 'a comma-separated list of client ids'),
  CREASE_OAUTH_CLIENT_ID: envList(/^\S+$/, 'a comma-separated list of client ids'),
  CREASE_SITE_ORIGINS: envList(
    /^https?:\/\/[^\s/]+$/,
    'a comma-separated list of origins like https://crease.tv',
  ),
  CREASE_COOKIE_DOMAIN: envAnyText(),
  CREASE_COOKIE_SECURE: envBool(),
  CREASE_XSRF_LOCALHOST_FALLBACK: envBool(),
  CREASE_BOT_CHECK: envOneOf(['altcha', 'recaptcha', 'off']),
  CREASE_ALTCHA_MAX_NUMBER: envInt(1, 10_000_000),
  CREASE_RECAPTCHA_SECRET: envCheckedText(() => true, 'text', { secret: true }),
  CREASE_RECAPTCHA_VERIFY_URL: envText(/^https?:\/\/\S+$/, 'an http(s) URL'),
  CREASE_RECAPTCHA_MIN_SCORE: envNumber(0, 1),
  REDIS_URL: envText(/^rediss?:\/\/\S+$/, 'a redis:// or rediss:// URL', { secret: true }),
  SMTP_URL: envText(/^smtps?:\/\//, 'an smtp:// or smtps:// URL', { secret: true }),
  CREASE_MAIL_FROM: envAnyText(),
  CREASE_ARGON2_MEMORY_KIB: envInt(1024, 1_048_576),
  CREASE_ARGON2_TIME_COST: envInt(1, 10),
  CREASE_ARGON2_PARALLELISM: envInt(1, 16),
  CREASE_LOGIN_MAX_FAILURES_PER_ACCOUNT: envInt(1, 1000),
  CREASE_LOGIN_MAX_FAILURES_PER_IP: envInt(1, 100_000),
  CREASE_LOGIN_WINDOW_SECONDS: envInt(1, 86_400),
  CREASE_LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR: envInt(1, 100_000),
  CREASE_LOGIN_GLOBAL_BRAKE_FAILURES: envInt(1, 10_000_000),
  CREASE_REGISTER_PER_MINUTE: envInt(1, 100_000),
  CREASE_RESET_PER_MINUTE: envInt(1, 100_000),
  CREASE_ANALYTICS_PER_MINUTE: envInt(1, 100_000),
  CREASE_ANALYTICS_RETENTION_DAYS: envInt(1, 3650),
  CREASE_LEDGER_RETENTION_YEARS: envInt(1, 100),
  CREASE_BODY_LIMIT_BYTES: envInt(1024, 1_048_576),
  CREASE_SEED: envBool(),
  LOG_LEVEL: envOneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
  CREASE_CLEANUP_INTERVAL_SECONDS: envInt(0, 86_400),
  CREASE_REMINDER_INTERVAL_SECONDS: envInt(0, 3600),
  CREASE_LIFECYCLE_MAIL_INTERVAL_SECONDS: envInt(0, 3600),
  CREASE_CATALOG_OPERATOR_TOKENS: envList(
    /^[a-z0-9][a-z0-9._-]{0,63}\s*:\s*\S.{15,}$/i,
    '"name:token,…" with names of letters, digits, . _ - and tokens of 16+ characters',
    { secret: true },
  ),
  CREASE_CATALOG_DEMO: envBool(),
  CREASE_CATALOG_DEMO_TICK_SECONDS: envInt(0, 3600),
  CREASE_CATALOG_CACHE_MS: envInt(0, 5000),
} as const;

/** "name:token" with the name and token trimmed (the schema has checked the shape). */
function operatorToken(entry: string): { name: string; token: string } {
  const colon = entry.indexOf(':');
  return { name: entry.slice(0, colon).trim(), token: entry.slice(colon + 1).trim() };
}

/**
 * Validates the whole environment and reports every problem at once. `root` is the repository
 * root, where the default data folder `.data` lives.
 */
export function loadApiConfig(env: Env = process.env, root = process.cwd()): ApiConfig {
  const problems: string[] = [];
  const vars = readEnv(API_ENV, env, problems);

  const trusted = parseTrustProxy(env.CREASE_TRUST_PROXY);
  const trustProxy = typeof trusted === 'object' && 'problem' in trusted ? false : trusted;
  if (typeof trusted === 'object' && 'problem' in trusted) problems.push(trusted.problem);

  const nodeEnv = vars.NODE_ENV ?? 'development';
  const production = nodeEnv === 'production';

  // PORT is the site's port (the edge's); the standalone API listens on API_PORT.
  const dataDir = path.resolve(root, vars.CREASE_DATA_DIR ?? '.data');
  const databaseUrl = env.DATABASE_URL ? (vars.DATABASE_URL ?? null) : null;
  const pgliteDir = env.DATABASE_URL
    ? null
    : vars.CREASE_PGLITE_DIR === 'memory://'
      ? 'memory://'
      : path.resolve(root, vars.CREASE_PGLITE_DIR ?? path.join(dataDir, 'api-db'));

  const secretFrom = (name: KeyName, file: string): Uint8Array => {
    const raw = vars[name];
    if (raw) {
      const weak = production ? weakSecretBecause(raw) : null;
      if (weak) problems.push(weakSecretProblem(name, weak));
      return base64urlBytes(raw);
    }
    if (env[name]) return new Uint8Array(32); // refused above: reported, not used
    if (production) {
      problems.push(requiredInProduction(name, '32+ random bytes, base64url'));
      return new Uint8Array(32);
    }
    return persistedSecret(dataDir, file);
  };
  const jwtSecret = secretFrom('CREASE_JWT_SECRET', 'api-jwt.key');
  const xsrfSecret = secretFrom('CREASE_XSRF_SECRET', 'api-xsrf.key');
  const altchaKey = vars.CREASE_ALTCHA_HMAC_KEY;
  const weakAltcha = production && altchaKey ? weakSecretBecause(altchaKey) : null;
  if (weakAltcha) problems.push(weakSecretProblem('CREASE_ALTCHA_HMAC_KEY', weakAltcha));
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

  const sitePort = vars.PORT ?? 8080;
  const siteOrigins = env.CREASE_SITE_ORIGINS
    ? (vars.CREASE_SITE_ORIGINS ?? [])
    : [
        `http://localhost:${sitePort}`,
        `http://127.0.0.1:${sitePort}`,
        `http://crease.localhost:${sitePort}`,
      ];
  const first = siteOrigins[0] ? new URL(siteOrigins[0]) : null;

  const botCheck = vars.CREASE_BOT_CHECK ?? 'altcha';
  if (botCheck === 'off' && production)
    problems.push('CREASE_BOT_CHECK=off is not allowed in production');
  const recaptchaSecret = vars.CREASE_RECAPTCHA_SECRET ?? null;
  if (botCheck === 'recaptcha' && !recaptchaSecret)
    problems.push('CREASE_BOT_CHECK=recaptcha needs CREASE_RECAPTCHA_SECRET');

  const oauthClientIds = vars.CREASE_OAUTH_CLIENT_IDS ??
    vars.CREASE_OAUTH_CLIENT_ID ?? [WEB_OAUTH_CLIENT_ID];

  const argon2: Argon2Params = {
    memoryCost: vars.CREASE_ARGON2_MEMORY_KIB ?? PRODUCTION_ARGON2.memoryCost,
    timeCost: vars.CREASE_ARGON2_TIME_COST ?? PRODUCTION_ARGON2.timeCost,
    parallelism: vars.CREASE_ARGON2_PARALLELISM ?? PRODUCTION_ARGON2.parallelism,
  };
  if (production && (argon2.memoryCost < 19_456 || argon2.timeCost < 2))
    problems.push(
      'argon2 parameters below OWASP minimums (19456 KiB, t=2) are not allowed in production',
    );

  const config: ApiConfig = {
    env: nodeEnv,
    port: vars.API_PORT ?? 8081,
    host: vars.API_HOST ?? vars.HOST ?? '0.0.0.0',
    databaseUrl,
    pgliteDir,
    dataDir,
    jwtSecret,
    jwtIssuer: vars.CREASE_JWT_ISSUER ?? 'crease-api',
    accessTokenSeconds: vars.CREASE_ACCESS_TOKEN_SECONDS ?? 900,
    refreshIdleSeconds: vars.CREASE_REFRESH_IDLE_SECONDS ?? 14 * 86_400,
    refreshAbsoluteSeconds: vars.CREASE_REFRESH_ABSOLUTE_SECONDS ?? 60 * 86_400,
    refreshReuseGraceSeconds: vars.CREASE_REFRESH_REUSE_GRACE_SECONDS ?? 10,
    resetTokenSeconds: vars.CREASE_RESET_TOKEN_SECONDS ?? 3600,
    oauthClientIds,
    siteOrigins,
    cookieDomain: vars.CREASE_COOKIE_DOMAIN ?? null,
    cookieSecure: vars.CREASE_COOKIE_SECURE ?? first?.protocol === 'https:',
    xsrfSecret,
    xsrfLocalhostFallback: vars.CREASE_XSRF_LOCALHOST_FALLBACK ?? !production,
    botCheck,
    altchaHmacKey,
    altchaMaxNumber: vars.CREASE_ALTCHA_MAX_NUMBER ?? 50_000,
    recaptchaSecret,
    recaptchaVerifyUrl:
      vars.CREASE_RECAPTCHA_VERIFY_URL ?? 'https://www.google.com/recaptcha/api/siteverify',
    recaptchaMinScore: vars.CREASE_RECAPTCHA_MIN_SCORE ?? 0.5,
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.CREASE_MAIL_FROM ?? 'Crease <no-reply@crease.test>',
    argon2,
    loginMaxFailuresPerAccount: vars.CREASE_LOGIN_MAX_FAILURES_PER_ACCOUNT ?? 5,
    loginMaxFailuresPerIp: vars.CREASE_LOGIN_MAX_FAILURES_PER_IP ?? 50,
    loginWindowSeconds: vars.CREASE_LOGIN_WINDOW_SECONDS ?? 900,
    loginMaxFailuresPerAccountPerHour: vars.CREASE_LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR ?? 100,
    loginGlobalBrakeFailures: vars.CREASE_LOGIN_GLOBAL_BRAKE_FAILURES ?? 1000,
    registerPerMinute: vars.CREASE_REGISTER_PER_MINUTE ?? 10,
    resetPerMinute: vars.CREASE_RESET_PER_MINUTE ?? 5,
    analyticsPerMinute: vars.CREASE_ANALYTICS_PER_MINUTE ?? 120,
    analyticsRetentionDays: vars.CREASE_ANALYTICS_RETENTION_DAYS ?? 90,
    ledgerRetentionYears: vars.CREASE_LEDGER_RETENTION_YEARS ?? 6,
    redisUrl: vars.REDIS_URL ?? null,
    bodyLimitBytes: vars.CREASE_BODY_LIMIT_BYTES ?? 16_384,
    seed: vars.CREASE_SEED ?? !production,
    logLevel: vars.LOG_LEVEL ?? (production ? PRODUCTION_LOG_LEVEL : 'warn'),
    trustProxy,
    cleanupIntervalSeconds: vars.CREASE_CLEANUP_INTERVAL_SECONDS ?? 600,
    catalogOperatorTokens: (vars.CREASE_CATALOG_OPERATOR_TOKENS ?? []).map(operatorToken),
    catalogDemo: vars.CREASE_CATALOG_DEMO ?? !production,
    catalogDemoTickSeconds: vars.CREASE_CATALOG_DEMO_TICK_SECONDS ?? 5,
    reminderIntervalSeconds: vars.CREASE_REMINDER_INTERVAL_SECONDS ?? 30,
    lifecycleMailIntervalSeconds: vars.CREASE_LIFECYCLE_MAIL_INTERVAL_SECONDS ?? 5,
    catalogCacheMs: vars.CREASE_CATALOG_CACHE_MS ?? 1000,
    billing: loadBillingConfig(env, problems, dataDir, production),
    invoices: loadInvoiceConfig(env, problems),
    streams: loadStreamConfig(env, problems, root, secretFrom),
    ingest: loadIngestConfig(env, problems, dataDir, production, secretFrom),
    mail: loadMailConfig(env, problems, production),
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
