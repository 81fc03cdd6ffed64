/**
 * Turning renewal off or on, for the viewer's own cancel and resume and for support's cancel
 * (decision 414): one path. A subscription Stripe renews itself is told first (its own
 * cancel_at_period_end), then our row moves; the sandbox's are renewed by our job alone.
 */
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { providerProblem } from './checkouts';
import type { PaymentProvider } from './providers/payment-provider';
import { readSubscription } from './subscription-machine';
import type { Executor, SubscriptionRow } from './subscription-machine';
import { cancelAtPeriodEnd } from './subscriptions';
import { ApiError } from './errors';
import { markMandate, mandateOf } from './mandates/mandate-store';

export interface RenewalServices {
  database: Database;
  clock: Clock;
  payments: PaymentProvider;
}

export type RenewalMove = (tx: Executor, userId: string, now: Date) => Promise<SubscriptionRow>;

export async function switchRenewal(
  services: RenewalServices,
  userId: string,
  renew: boolean,
  move: RenewalMove,
): Promise<SubscriptionRow> {
  const { db } = services.database;
  const now = services.clock.now();
  const before = await readSubscription(db, userId, now);
  if (before?.providerSubscriptionId) {
    try {
      await services.payments.setRenewal(before.providerSubscriptionId, renew);
    } catch (error) {
      throw providerProblem(error, userId);
    }
  }
  // A UPI AutoPay mandate (decision 462): cancelling revokes it at the provider first, so no
  // debit can follow; a revoked one cannot renew again (a new checkout sets up a new mandate).
  const mandate = await mandateOf(db, before?.paymentMethod ?? null);
  if (mandate && renew && mandate.status === 'REVOKED')
    throw new ApiError(
      'MANDATE_INACTIVE',
      'Your UPI AutoPay mandate was cancelled, so this plan cannot renew. Choose a plan again when it ends.',
    );
  if (mandate && !renew && mandate.status !== 'REVOKED') {
    try {
      await services.payments.revokeMandate(mandate.id);
    } catch (error) {
      throw providerProblem(error, userId);
    }
  }
  return db.transaction(async (tx) => {
    if (mandate && !renew) await markMandate(tx, mandate.id, 'REVOKED', now);
    return move(tx, userId, now);
  });
}

/** ACTIVE → CANCELLED (access to the period end), the viewer's own rule (cancelAtPeriodEnd). */
export const cancelRenewal = (services: RenewalServices, userId: string) =>
  switchRenewal(services, userId, false, cancelAtPeriodEnd);
