/** Picks the payment provider named by configuration (CREASE_PAYMENTS). */
import type { FastifyBaseLogger } from 'fastify';
import { SANDBOX_OPT_IN } from '../../platform/billing-config';
import type { ApiConfig } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import type { Clock } from '../../platform/clock';
import type { PaymentProvider } from './payment-provider';
import { SandboxProvider } from './sandbox/sandbox-provider';
import { SimulatedProvider } from './sandbox/simulated-provider';
import { StripeProvider } from './stripe-provider';
import { RazorpayProvider } from './razorpay-provider';
import { claimCheckoutPayment } from '../payment-claims';
import { expireDisplacedSessions } from '../displaced-sessions';
import { holdsLapseBefore } from '../checkouts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ChosenProvider {
  payments: PaymentProvider;
  /** The embedded simulated provider when the sandbox is in use (its hosted pages need it). */
  sandbox: SimulatedProvider | null;
}

export function createPaymentProvider(
  config: ApiConfig,
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
): ChosenProvider {
  const { billing } = config;
  if (billing.provider === 'razorpay' && billing.razorpay)
    return { payments: new RazorpayProvider(billing.razorpay), sandbox: null };
  if (billing.provider === 'stripe' && billing.stripe)
    return {
      payments: new StripeProvider(billing.stripe, billing.webhookToleranceSeconds, clock),
      sandbox: null,
    };
  // Only a staging site gets here in production (decision 204): say so in every start's log.
  if (config.env === 'production')
    log.warn(
      `sandbox payments in production (${SANDBOX_OPT_IN}=true): its test cards give plans for nothing`,
    );
  const simulated = new SimulatedProvider(
    db,
    clock,
    billing,
    config.siteOrigins[0] ?? 'http://localhost:8080',
    log,
  );
  const payments = new SandboxProvider(simulated, billing);
  // Before the sandbox takes money it asks what a payment needs (decision 395): a refusal there
  // is a decline that took nothing.
  simulated.useGate({
    async claim(tx, reference) {
      if (!UUID.test(reference)) return { ok: true };
      const heldBefore = holdsLapseBefore(config, clock.now());
      const claimed = await claimCheckoutPayment(tx, reference, heldBefore);
      if (!claimed.ok) return { ok: false, refusal: claimed.refusal };
      const { displaced } = claimed;
      return displaced.length === 0
        ? { ok: true }
        : { ok: true, afterCommit: () => expireDisplacedSessions(payments, displaced, log) };
    },
  });
  return { payments, sandbox: simulated };
}
