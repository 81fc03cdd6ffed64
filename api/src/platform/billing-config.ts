/**
 * Billing configuration (docs/billing.md), validated at start with the rest of ApiConfig.
 * The payment provider is chosen here: the embedded sandbox by default, Stripe when configured.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { requiredInProduction } from './config-production';
import { envBool, envCheckedText, envInt, envOneOf, envText, readEnv } from './env-schema';
import type { Env } from './env-schema';

export type PaymentProviderName = 'sandbox' | 'stripe' | 'razorpay';

export interface BillingConfig {
  provider: PaymentProviderName;
  /** Signed-webhook freshness window, seconds (Stripe's default: 300). */
  webhookToleranceSeconds: number;
  /** How long a checkout (and its provider session) can be paid. */
  checkoutTtlSeconds: number;
  trialOverallMinutes: number;
  trialDailyMinutes: number;
  /** Devices an account without a plan may register (the browser it signed in on). */
  maxDevicesWithoutPlan: number;
  /** Failed coupon checks per account and per address in one window, then 429. */
  couponFailuresPerAccount: number;
  couponFailuresPerIp: number;
  couponWindowSeconds: number;
  /** How long an unpaid checkout holds a limited coupon's redemption (decision 396). */
  couponHoldSeconds: number;
  /** Checkouts with a limited coupon per network (IPv4 address, IPv6 /64) per hour (396). */
  couponHoldsPerNetworkPerHour: number;
  /** Free trials granted per network (IPv4 address, IPv6 /64) per 24 h (decisions 106, 256). */
  trialsPerNetworkPerDay: number;
  /** How often each replica looks for due renewals (0: only when kicked; decision 247). */
  renewalIntervalMs: number;
  sandbox: {
    /** HMAC-SHA256 key of the sandbox's webhook signatures (whsec_…). */
    webhookSecret: string;
    /**
     * Where the sandbox sends webhooks. null: this API itself (its listening address, or the
     * edge's API host when mounted in `npm start`).
     */
    webhookUrl: string | null;
    /** How often each replica looks for due webhook deliveries (retries, other replicas' work). */
    dispatchIntervalMs: number;
    /** First retry delay; doubles per attempt up to retryMaxMs. */
    retryBaseMs: number;
    /** The longest wait between two attempts (one hour, as providers do). */
    retryMaxMs: number;
  };
  /** Razorpay (issue 34 §2, decision 464): UPI, cards and netbanking; subscriptions on a mandate. */
  razorpay: {
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    /** Tests and proxies: another Razorpay API origin. */
    apiBase: string | null;
  } | null;
  stripe: {
    secretKey: string;
    webhookSecret: string;
    /** Tests and proxies: another Stripe API origin (http://127.0.0.1:1234). */
    apiBase: string | null;
  } | null;
}

function persistedWebhookSecret(dataDir: string): string {
  const file = path.join(dataDir, 'sandbox-webhook.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** The staging opt-in that lets the sandbox take payments with NODE_ENV=production (204). */
export const SANDBOX_OPT_IN = 'CREASE_ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION';

/** Why production refuses the sandbox: its test cards would give anyone a plan for nothing. */
function sandboxInProduction(env: Env): string {
  const why = `the sandbox's test cards pay for nothing; a staging site may set ${SANDBOX_OPT_IN}=true`;
  return env.CREASE_PAYMENTS
    ? `CREASE_PAYMENTS=sandbox is not allowed in production (${why})`
    : requiredInProduction(
        'CREASE_PAYMENTS',
        `stripe, with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; ${why}`,
      );
}

/** The billing variables, each with its rule. */
const BILLING_ENV = {
  CREASE_PAYMENTS: envOneOf(['sandbox', 'stripe', 'razorpay']),
  /** SANDBOX_OPT_IN: the staging opt-in (decision 204). */
  CREASE_ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: envBool(),
  CREASE_SANDBOX_WEBHOOK_URL: envText(/^https?:\/\/\S+$/, 'an http(s) URL'),
  CREASE_SANDBOX_WEBHOOK_SECRET: envCheckedText(
    (raw) => raw.length >= 16,
    'at least 16 characters',
    {
      secret: true,
    },
  ),
  STRIPE_SECRET_KEY: envText(/^(sk|rk)_/, 'a Stripe key, sk_… or rk_…', { secret: true }),
  STRIPE_WEBHOOK_SECRET: envText(/^whsec_/, 'a Stripe webhook secret, whsec_…', { secret: true }),
  STRIPE_API_BASE: envText(/^https?:\/\/[^\s/]+$/, 'an origin like https://api.stripe.com'),
  RAZORPAY_KEY_ID: envText(/^rzp_(test|live)_\w+$/, 'a Razorpay key id, rzp_test_… or rzp_live_…'),
  RAZORPAY_KEY_SECRET: envCheckedText((raw) => raw.length >= 8, 'a Razorpay key secret', {
    secret: true,
  }),
  RAZORPAY_WEBHOOK_SECRET: envCheckedText(
    (raw) => raw.length >= 16,
    "the Razorpay webhook's secret (16+ characters)",
    { secret: true },
  ),
  RAZORPAY_API_BASE: envText(/^https?:\/\/[^\s/]+$/, 'an origin like https://api.razorpay.com'),
  CREASE_WEBHOOK_TOLERANCE_SECONDS: envInt(1, 3600),
  CREASE_CHECKOUT_TTL_SECONDS: envInt(60, 86_400),
  CREASE_TRIAL_OVERALL_MINUTES: envInt(1, 100_000),
  CREASE_TRIAL_DAILY_MINUTES: envInt(1, 1440),
  CREASE_MAX_DEVICES_WITHOUT_PLAN: envInt(1, 100),
  CREASE_COUPON_FAILURES_PER_ACCOUNT: envInt(1, 100_000),
  CREASE_COUPON_FAILURES_PER_IP: envInt(1, 100_000),
  CREASE_COUPON_WINDOW_SECONDS: envInt(1, 86_400),
  CREASE_COUPON_HOLD_SECONDS: envInt(30, 86_400),
  CREASE_COUPON_HOLDS_PER_NETWORK_PER_HOUR: envInt(1, 1_000_000),
  CREASE_TRIALS_PER_NETWORK_PER_DAY: envInt(1, 1_000_000),
  CREASE_RENEWAL_INTERVAL_MS: envInt(0, 86_400_000),
  CREASE_SANDBOX_DISPATCH_INTERVAL_MS: envInt(10, 60_000),
  CREASE_SANDBOX_RETRY_BASE_MS: envInt(10, 3_600_000),
  CREASE_SANDBOX_RETRY_MAX_MS: envInt(100, 86_400_000),
} as const;

/** `production`: NODE_ENV=production, as the API's config read it. */
export function loadBillingConfig(
  env: Env,
  problems: string[],
  dataDir: string,
  production: boolean,
): BillingConfig {
  const vars = readEnv(BILLING_ENV, env, problems);
  const provider = vars.CREASE_PAYMENTS ?? (env.CREASE_PAYMENTS ? null : 'sandbox');
  // Whether a staging site running NODE_ENV=production let the sandbox take payments (decision
  // 204). Off unless said, by this one name: production otherwise takes real money only.
  const sandboxAllowed = !production || vars.CREASE_ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION === true;
  if (provider === 'sandbox' && !sandboxAllowed) problems.push(sandboxInProduction(env));
  // Development makes one and keeps it; production never invents a key (decision 175).
  let sandboxSecret = vars.CREASE_SANDBOX_WEBHOOK_SECRET ?? '';
  if (!env.CREASE_SANDBOX_WEBHOOK_SECRET && production) {
    // Its key is asked for only where the sandbox may run: a refused one needs no key.
    if (provider === 'sandbox' && sandboxAllowed)
      problems.push(
        requiredInProduction(
          'CREASE_SANDBOX_WEBHOOK_SECRET',
          "the sandbox's webhook signing key, whsec_… (16+ characters)",
        ),
      );
  } else if (!env.CREASE_SANDBOX_WEBHOOK_SECRET) sandboxSecret = persistedWebhookSecret(dataDir);

  let stripe: BillingConfig['stripe'] = null;
  if (provider === 'stripe') {
    if (!env.STRIPE_SECRET_KEY)
      problems.push('CREASE_PAYMENTS=stripe needs STRIPE_SECRET_KEY (sk_… or rk_…)');
    if (!env.STRIPE_WEBHOOK_SECRET)
      problems.push('CREASE_PAYMENTS=stripe needs STRIPE_WEBHOOK_SECRET (whsec_…)');
    stripe = {
      secretKey: vars.STRIPE_SECRET_KEY ?? '',
      webhookSecret: vars.STRIPE_WEBHOOK_SECRET ?? '',
      apiBase: vars.STRIPE_API_BASE ?? null,
    };
  }

  let razorpay: BillingConfig['razorpay'] = null;
  if (provider === 'razorpay') {
    for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'])
      if (!env[name]) problems.push(`CREASE_PAYMENTS=razorpay needs ${name}`);
    razorpay = {
      keyId: vars.RAZORPAY_KEY_ID ?? '',
      keySecret: vars.RAZORPAY_KEY_SECRET ?? '',
      webhookSecret: vars.RAZORPAY_WEBHOOK_SECRET ?? '',
      apiBase: vars.RAZORPAY_API_BASE ?? null,
    };
  }

  return {
    provider: provider ?? 'sandbox',
    webhookToleranceSeconds: vars.CREASE_WEBHOOK_TOLERANCE_SECONDS ?? 300,
    checkoutTtlSeconds: vars.CREASE_CHECKOUT_TTL_SECONDS ?? 1800,
    trialOverallMinutes: vars.CREASE_TRIAL_OVERALL_MINUTES ?? 120,
    trialDailyMinutes: vars.CREASE_TRIAL_DAILY_MINUTES ?? 30,
    maxDevicesWithoutPlan: vars.CREASE_MAX_DEVICES_WITHOUT_PLAN ?? 1,
    couponFailuresPerAccount: vars.CREASE_COUPON_FAILURES_PER_ACCOUNT ?? 10,
    couponFailuresPerIp: vars.CREASE_COUPON_FAILURES_PER_IP ?? 50,
    couponWindowSeconds: vars.CREASE_COUPON_WINDOW_SECONDS ?? 600,
    couponHoldSeconds: vars.CREASE_COUPON_HOLD_SECONDS ?? 300,
    couponHoldsPerNetworkPerHour: vars.CREASE_COUPON_HOLDS_PER_NETWORK_PER_HOUR ?? 10,
    trialsPerNetworkPerDay: vars.CREASE_TRIALS_PER_NETWORK_PER_DAY ?? 10,
    renewalIntervalMs: vars.CREASE_RENEWAL_INTERVAL_MS ?? 60_000,
    sandbox: {
      webhookSecret: sandboxSecret,
      webhookUrl: vars.CREASE_SANDBOX_WEBHOOK_URL ?? null,
      dispatchIntervalMs: vars.CREASE_SANDBOX_DISPATCH_INTERVAL_MS ?? 1000,
      retryBaseMs: vars.CREASE_SANDBOX_RETRY_BASE_MS ?? 1000,
      retryMaxMs: vars.CREASE_SANDBOX_RETRY_MAX_MS ?? 3_600_000,
    },
    stripe,
    razorpay,
  };
}
