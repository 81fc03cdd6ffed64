/** Picks the payment provider named by configuration (CREASE_PAYMENTS). */
import type { FastifyBaseLogger } from 'fastify';
import { SANDBOX_OPT_IN } from '../billing-config';
import type { ApiConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../clock';
import type { PaymentProvider } from './payment-provider';
import { SandboxProvider } from './sandbox/sandbox-provider';
import { StripeProvider } from './stripe-provider';

export function createPaymentProvider(
  config: ApiConfig,
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
): PaymentProvider {
  const { billing } = config;
  if (billing.provider === 'stripe' && billing.stripe)
    return new StripeProvider(billing.stripe, billing.webhookToleranceSeconds);
  // Only a staging site gets here in production (decision 204): say so in every start's log.
  if (config.env === 'production')
    log.warn(
      `sandbox payments in production (${SANDBOX_OPT_IN}=true): its test cards give plans for nothing`,
    );
  return new SandboxProvider(
    db,
    clock,
    billing,
    config.siteOrigins[0] ?? 'http://localhost:8080',
    log,
  );
}
