/**
 * Billing configuration (docs/billing.md), validated at start with the rest of ApiConfig.
 * The payment provider is chosen here: the embedded sandbox by default, Stripe when configured.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { requiredInProduction } from './config-production';

export type PaymentProviderName = 'sandbox' | 'stripe';

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
  /** Free trials granted per network (IPv4 address, IPv6 /64) per 24 h (decision 106). */
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
  stripe: {
    secretKey: string;
    webhookSecret: string;
    /** Tests and proxies: another Stripe API origin (http://127.0.0.1:1234). */
    apiBase: string | null;
  } | null;
}

type Env = Record<string, string | undefined>;
type Int = (name: string, fallback: number, min: number, max: number) => number;

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

/**
 * Whether a staging site running NODE_ENV=production let the sandbox take payments (decision
 * 204). Off unless said, by this one name: production otherwise takes real money only.
 */
function sandboxOptedIn(env: Env, problems: string[]): boolean {
  const raw = env.CREASE_ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION;
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  problems.push(`${SANDBOX_OPT_IN} must be true or false, got "${raw}"`);
  return false;
}

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

export function loadBillingConfig(
  env: Env,
  int: Int,
  problems: string[],
  dataDir: string,
): BillingConfig {
  const provider = (env.CREASE_PAYMENTS ?? 'sandbox') as PaymentProviderName;
  if (provider !== 'sandbox' && provider !== 'stripe')
    problems.push(`CREASE_PAYMENTS must be sandbox or stripe, got "${provider}"`);
  const production = env.NODE_ENV === 'production';
  const sandboxAllowed = !production || sandboxOptedIn(env, problems);
  if (provider === 'sandbox' && !sandboxAllowed) problems.push(sandboxInProduction(env));
  const webhookUrl = env.CREASE_SANDBOX_WEBHOOK_URL || null;
  if (webhookUrl !== null && !/^https?:\/\/\S+$/.test(webhookUrl))
    problems.push('CREASE_SANDBOX_WEBHOOK_URL must be an http(s) URL');
  // Development makes one and keeps it; production never invents a key (decision 175).
  let sandboxSecret = env.CREASE_SANDBOX_WEBHOOK_SECRET || '';
  if (!sandboxSecret && production) {
    // Its key is asked for only where the sandbox may run: a refused one needs no key.
    if (provider === 'sandbox' && sandboxAllowed)
      problems.push(
        requiredInProduction(
          'CREASE_SANDBOX_WEBHOOK_SECRET',
          "the sandbox's webhook signing key, whsec_… (16+ characters)",
        ),
      );
  } else {
    sandboxSecret ||= persistedWebhookSecret(dataDir);
    if (sandboxSecret.length < 16)
      problems.push('CREASE_SANDBOX_WEBHOOK_SECRET must be at least 16 characters');
  }

  let stripe: BillingConfig['stripe'] = null;
  if (provider === 'stripe') {
    const secretKey = env.STRIPE_SECRET_KEY ?? '';
    const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? '';
    if (!/^(sk|rk)_/.test(secretKey))
      problems.push('CREASE_PAYMENTS=stripe needs STRIPE_SECRET_KEY (sk_… or rk_…)');
    if (!webhookSecret.startsWith('whsec_'))
      problems.push('CREASE_PAYMENTS=stripe needs STRIPE_WEBHOOK_SECRET (whsec_…)');
    const apiBase = env.STRIPE_API_BASE || null;
    if (apiBase !== null && !/^https?:\/\/[^\s/]+$/.test(apiBase))
      problems.push('STRIPE_API_BASE must be an origin like https://api.stripe.com');
    stripe = { secretKey, webhookSecret, apiBase };
  }

  return {
    provider,
    webhookToleranceSeconds: int('CREASE_WEBHOOK_TOLERANCE_SECONDS', 300, 1, 3600),
    checkoutTtlSeconds: int('CREASE_CHECKOUT_TTL_SECONDS', 1800, 60, 86_400),
    trialOverallMinutes: int('CREASE_TRIAL_OVERALL_MINUTES', 120, 1, 100_000),
    trialDailyMinutes: int('CREASE_TRIAL_DAILY_MINUTES', 30, 1, 1440),
    maxDevicesWithoutPlan: int('CREASE_MAX_DEVICES_WITHOUT_PLAN', 1, 1, 100),
    couponFailuresPerAccount: int('CREASE_COUPON_FAILURES_PER_ACCOUNT', 10, 1, 100_000),
    couponFailuresPerIp: int('CREASE_COUPON_FAILURES_PER_IP', 50, 1, 100_000),
    couponWindowSeconds: int('CREASE_COUPON_WINDOW_SECONDS', 600, 1, 86_400),
    trialsPerNetworkPerDay: int('CREASE_TRIALS_PER_NETWORK_PER_DAY', 3, 1, 1_000_000),
    renewalIntervalMs: int('CREASE_RENEWAL_INTERVAL_MS', 60_000, 0, 86_400_000),
    sandbox: {
      webhookSecret: sandboxSecret,
      webhookUrl,
      dispatchIntervalMs: int('CREASE_SANDBOX_DISPATCH_INTERVAL_MS', 1000, 10, 60_000),
      retryBaseMs: int('CREASE_SANDBOX_RETRY_BASE_MS', 1000, 10, 3_600_000),
      retryMaxMs: int('CREASE_SANDBOX_RETRY_MAX_MS', 3_600_000, 100, 86_400_000),
    },
    stripe,
  };
}
