/**
 * Deleting an account (decision 302), asked for with the account's password. In one
 * transaction, under the subscription's row lock (so a renewal, a device registration or a
 * stream grant lands wholly before or after it):
 *
 * 1. `account.deleted` is recorded with the email and name, for the farewell mail (issue 22 §4),
 *    before anything is anonymised;
 * 2. the plan ends (EXPIRED, `ACCOUNT_DELETED`), nothing renews, the saved card is forgotten;
 * 3. every sign-in session is revoked, every device forgotten, follows and reminders deleted,
 *    and the features above billing end theirs (AccountDeletionHook: streams closes every open
 *    stream);
 * 4. the users row is anonymised (accounts' eraseViewer). The ledger (payments, attempts,
 *    refunds, checkouts, billing events) stays, pointing at the anonymised row.
 *
 * Outside it: a Stripe subscription stops renewing first (a provider failure refuses the whole
 * deletion, 503, and nothing changes), and open checkouts' pages are ended after the commit.
 */
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountDeletionResult } from '@crease/contract';
import { eraseViewer, viewerToErase } from '../accounts';
import type { PasswordHasher, Sessions } from '../accounts';
import { forgetFollower } from '../catalog';
import type { Clock } from '../platform/clock';
import type { Database, Tx } from '../platform/db/client';
import { recordBillingEvent } from './billing-events';
import { providerProblem } from './checkouts';
import { expireDisplacedSessions } from './displaced-sessions';
import { ApiError } from './errors';
import type { PaymentProvider } from './providers/payment-provider';
import { lockSubscription, readSubscription, stateOf, transition } from './subscription-machine';
import { mandateOf } from './mandates/mandate-store';
import { checkouts, devices, subscriptions } from './tables';

/**
 * A feature above billing (streams: the open streams) ends what it keeps for the account, in
 * the deletion's transaction. app services list them (services.ts), so billing needs no import
 * of a feature above it.
 */
export type AccountDeletionHook = (tx: Tx, userId: string, now: Date) => Promise<unknown>;

export interface DeletionServices {
  database: Database;
  clock: Clock;
  payments: PaymentProvider;
  sessions: Pick<Sessions, 'revokeAllForUser'>;
  hasher: Pick<PasswordHasher, 'verify'>;
  accountDeletionHooks: readonly AccountDeletionHook[];
}

const RUNNING = ['TRIAL', 'ACTIVE', 'CANCELLED'];

export async function deleteAccount(
  services: DeletionServices,
  user: { id: string; passwordHash: string },
  password: string,
  log: FastifyBaseLogger,
): Promise<AccountDeletionResult> {
  if (!(await services.hasher.verify(user.passwordHash, password)))
    throw new ApiError('INVALID_OLD_PASSWORD', 'Your password is incorrect.', { userId: user.id });
  return eraseAccount(services, user.id, log, () => new ApiError('UNAUTHORIZED'));
}

/**
 * The deletion itself, once whoever asks is known to may: the viewer with their password above,
 * or support for a viewer who asked them (decision 414). `gone` is the error when the account was
 * deleted already (a second click, another agent): the row lock makes the second one see it.
 */
export async function eraseAccount(
  services: Omit<DeletionServices, 'hasher'>,
  userId: string,
  log: FastifyBaseLogger,
  gone: () => Error,
): Promise<AccountDeletionResult> {
  const { db } = services.database;
  const user = { id: userId };
  // Stripe renews by itself: it must stop before the account is gone (decision 245).
  const before = await readSubscription(db, user.id, services.clock.now());
  if (before?.providerSubscriptionId && before.renewing)
    try {
      await services.payments.setRenewal(before.providerSubscriptionId, false);
    } catch (error) {
      throw providerProblem(error, user.id);
    }
  // A UPI AutoPay mandate is revoked at the provider too: nothing may be debited afterwards (462).
  const mandate = await mandateOf(db, before?.paymentMethod ?? null);
  if (mandate && mandate.status !== 'REVOKED')
    try {
      await services.payments.revokeMandate(mandate.id);
    } catch (error) {
      throw providerProblem(error, user.id);
    }
  const now = services.clock.now();
  const open = await db.transaction(async (tx) => {
    const row = await lockSubscription(tx, user.id, now);
    const viewer = await viewerToErase(tx, user.id);
    if (!viewer) throw gone();
    await recordBillingEvent(tx, {
      userId: user.id,
      type: 'account.deleted',
      dedupeKey: user.id,
      payload: { email: viewer.email, displayName: viewer.displayName },
      at: now,
    });
    if (row && RUNNING.includes(stateOf(row)))
      await transition(
        tx,
        row,
        'EXPIRED',
        { endedReason: 'ACCOUNT_DELETED' },
        'account-deleted',
        now,
      );
    if (row)
      await tx
        .update(subscriptions)
        .set({
          renewing: false,
          nextRenewalAt: null,
          graceUntil: null,
          pendingPlanId: null,
          paymentMethod: null,
          updatedAt: now,
        })
        .where(eq(subscriptions.userId, user.id));
    await services.sessions.revokeAllForUser(tx, user.id, 'account-deleted');
    await tx.delete(devices).where(eq(devices.userId, user.id));
    for (const hook of services.accountDeletionHooks) await hook(tx, user.id, now);
    await forgetFollower(tx, user.id);
    await eraseViewer(tx, user.id, viewer.email, now);
    // Checkouts still payable: their pages end after the commit (below).
    return tx
      .select({
        id: checkouts.id,
        sessionId: checkouts.sessionId,
        paymentSystem: checkouts.paymentSystem,
      })
      .from(checkouts)
      .where(
        and(
          eq(checkouts.userId, user.id),
          eq(checkouts.status, 'OPEN'),
          gt(checkouts.expiresAt, now),
        ),
      );
  });
  await expireDisplacedSessions(services.payments, open, log);
  return { deleted: true, deletedAt: now.toISOString() };
}
