/**
 * The pre-debit notice's one-click cancel (decision 462): the mailed token names the notice, and
 * through it the account; cancelling revokes the mandate at the provider and turns renewal off,
 * exactly as Cancel on /account does (renewal-switch.ts). A second click answers the same.
 */
import { eq } from 'drizzle-orm';
import { ApiError } from '../errors';
import { cancelRenewal } from '../renewal-switch';
import type { RenewalServices } from '../renewal-switch';
import { hashToken } from './debit-notices';
import { providerProblem } from '../checkouts';
import { readSubscription } from '../subscription-machine';
import type { SubscriptionRow } from '../subscription-machine';
import { markMandate, mandateOf } from './mandate-store';
import { mandateDebitNotices } from './tables';

export async function cancelByNoticeToken(
  services: RenewalServices,
  token: string,
): Promise<{ revoked: true; periodEnd: string | null }> {
  const { db } = services.database;
  const [notice] = await db
    .select()
    .from(mandateDebitNotices)
    .where(eq(mandateDebitNotices.cancelTokenHash, hashToken(token)));
  if (!notice) throw new ApiError('MANDATE_CANCEL_TOKEN_INVALID');
  const now = services.clock.now();
  const current = await readSubscription(db, notice.userId, now);
  // Renewal already off (a second click, or Cancel on /account): only make sure of the revoke.
  const row =
    current && !current.renewing
      ? await revokeOnly(services, notice.mandateId, current)
      : await cancelRenewal(services, notice.userId);
  if (!notice.usedAt)
    await db
      .update(mandateDebitNotices)
      .set({ usedAt: now })
      .where(eq(mandateDebitNotices.chargeKey, notice.chargeKey));
  return { revoked: true, periodEnd: row.periodEnd?.toISOString() ?? null };
}

async function revokeOnly(services: RenewalServices, mandateId: string, row: SubscriptionRow) {
  const mandate = await mandateOf(services.database.db, mandateId);
  if (mandate && mandate.status !== 'REVOKED') {
    try {
      await services.payments.revokeMandate(mandate.id);
    } catch (error) {
      throw providerProblem(error, row.userId);
    }
    await markMandate(services.database.db, mandate.id, 'REVOKED', services.clock.now());
  }
  return row;
}
