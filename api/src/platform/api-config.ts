/**
 * The API's configuration as the code reads it, once validated: its shape only. config.ts reads
 * and checks the environment into it (one reader, decision 205).
 */
import type { TrustProxy } from './http/trust-proxy';
import type { BillingConfig } from './billing-config';
import type { IngestConfig } from './ingest-config';
import type { InvoiceConfig } from './invoice-config';
import type { MailConfig } from './mail-config';
import type { StreamConfig } from './stream-config';

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
   * Years the payment ledger (payments, declined attempts, refunds) is kept after the end of the
   * financial (calendar, UTC) year it belongs to; housekeeping deletes it after (decision 352).
   */
  ledgerRetentionYears: number;
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
  /** Seconds between lifecycle-mail passes in this process (0: none; decision 290). */
  lifecycleMailIntervalSeconds: number;
  /**
   * With PostgreSQL, how long one replica reuses a catalog read it built (decision 071); with
   * PGlite reads are reused until the next write. 0 = never (both).
   */
  catalogCacheMs: number;
  /** Plans, checkout, payment provider, trials, devices (docs/billing.md). */
  billing: BillingConfig;
  /** The seller on every invoice, the invoice series and the tax table (decisions 300, 301). */
  invoices: InvoiceConfig;
  /** Stream access, playback tokens, the embedded live origin (docs/streams.md). */
  streams: StreamConfig;
  /** Stream keys, the embedded media server and the live transcoder (docs/streams.md). */
  ingest: IngestConfig;
  /** Per-recipient mail caps, code lifetimes, the dev routes' reach (mail-config.ts). */
  mail: MailConfig;
}
