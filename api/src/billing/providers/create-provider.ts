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
  return { payments: new SandboxProvider(simulated, billing), sandbox: simulated };
}
