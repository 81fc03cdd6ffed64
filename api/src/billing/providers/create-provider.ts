/** Picks the payment provider named by configuration (CREASE_PAYMENTS). */
import type { FastifyBaseLogger } from 'fastify';
import type { ApiConfig } from '../../platform/config';
import type { Db } from '../../platform/db/client';
import type { Clock } from '../../platform/clock';
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
  return new SandboxProvider(
    db,
    clock,
    billing,
    config.siteOrigins[0] ?? 'http://localhost:8080',
    log,
  );
}
