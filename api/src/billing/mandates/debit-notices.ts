/**
 * The RBI's pre-debit notice (issue 34 §2, decision 462): every debit on a UPI AutoPay mandate is
 * announced by mail at least 24 h before it, with a one-click cancel link. The renewal job sends
 * the notices of charges due within NOTICE_LEAD_MS first; a charge is claimed only once its own
 * notice (keyed by the charge's renewal key, so each retry gets one too) is NOTICE_MIN_MS old.
 * The notice row's primary key is the once-only record: two replicas send one notice.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import { queueLifecycleMail, users } from '../../accounts';
import type { Db, Executor } from '../../platform/db/client';
import { findPlan } from '../plans';
import { priceIn } from '../regional-prices';
import { subscriptions } from '../tables';
import { mandateDebitNotices, paymentMandates } from './tables';

const HOUR_MS = 60 * 60 * 1000;
/** The least time between a notice and its debit: the RBI's 24 hours. */
export const NOTICE_MIN_MS = 24 * HOUR_MS;
/** Notices go out this long before the debit is due, so a job that runs late still has room. */
export const NOTICE_LEAD_MS = 48 * HOUR_MS;
/** The RBI's limit for a debit without fresh authentication: ₹15,000 (decision 463). */
export const MANDATE_SILENT_LIMIT = { currency: 'INR', minor: 1_500_000 } as const;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A debit over the limit is never silent: the viewer approves it by paying again. */
export const needsFreshAuthentication = (amountMinor: number, currency: string) =>
  currency !== MANDATE_SILENT_LIMIT.currency || amountMinor > MANDATE_SILENT_LIMIT.minor;

/**
 * Queues the notices of mandate debits due within NOTICE_LEAD_MS that have none yet. The key is
 * the one the charge will use (`renewalKey`), passed in so this module does not import the job.
 */
export async function sendDebitNotices(
  db: Db,
  now: Date,
  keyOf: (userId: string, periodEnd: Date, attempt: number) => string,
): Promise<number> {
  const horizon = new Date(now.getTime() + NOTICE_LEAD_MS);
  const due = await db
    .select({ sub: subscriptions, mandate: paymentMandates, email: users.email })
    .from(subscriptions)
    .innerJoin(paymentMandates, eq(paymentMandates.id, subscriptions.paymentMethod))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.renewing, true),
        eq(subscriptions.state, 'ACTIVE'),
        isNull(subscriptions.providerSubscriptionId),
        lte(subscriptions.nextRenewalAt, horizon),
        ne(paymentMandates.status, 'REVOKED'),
      ),
    );
  let sent = 0;
  for (const { mandate, email, sub: seen } of due) {
    const queued = await db.transaction(async (tx) => {
      // Under the subscription's row lock, which a plan change also takes: the notice states the
      // amount the renewal will debit, and no change slips in between (decision 491).
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, seen.userId))
        .for('update');
      // Read again under the lock: another replica may have debited it meanwhile, moving the
      // renewal a period on, outside the notice window.
      if (!sub?.periodEnd || !sub.nextRenewalAt || !sub.renewing) return false;
      if (sub.state !== 'ACTIVE' || sub.providerSubscriptionId || sub.nextRenewalAt > horizon)
        return false;
      if (sub.paymentMethod !== mandate.id) return false;
      const plan = await findPlan(tx, sub.pendingPlanId ?? sub.planId ?? '');
      if (!plan) return false;
      const price = priceIn(plan, sub.currency);
      const chargeKey = keyOf(sub.userId, sub.periodEnd, sub.renewalFailures + 1);
      const token = randomBytes(24).toString('base64url');
      const debitAt = new Date(
        Math.max(sub.nextRenewalAt.getTime(), now.getTime() + NOTICE_MIN_MS),
      );
      const [notice] = await tx
        .insert(mandateDebitNotices)
        .values({
          chargeKey,
          mandateId: mandate.id,
          userId: sub.userId,
          amountMinor: price.minor,
          currency: price.currency,
          debitAt,
          cancelTokenHash: hashToken(token),
          sentAt: now,
        })
        .onConflictDoNothing()
        .returning({ chargeKey: mandateDebitNotices.chargeKey });
      if (!notice || !email) return false;
      await queueLifecycleMail(tx, {
        userId: sub.userId,
        kind: 'mandate-debit-notice',
        dedupeKey: chargeKey,
        to: email,
        payload: {
          planName: plan.name,
          amountMinor: price.minor,
          currency: price.currency,
          debitAt: debitAt.toISOString(),
          vpa: mandate.vpa,
          needsApproval: needsFreshAuthentication(price.minor, price.currency),
          cancelToken: token,
        },
        at: now,
      });
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}

/** When each of these charges may be debited: its notice's debitAt; absent: no notice yet. */
export async function noticesFor(db: Executor, chargeKeys: string[]): Promise<Map<string, Date>> {
  if (chargeKeys.length === 0) return new Map();
  const rows = await db
    .select({ key: mandateDebitNotices.chargeKey, debitAt: mandateDebitNotices.debitAt })
    .from(mandateDebitNotices)
    .where(inArray(mandateDebitNotices.chargeKey, chargeKeys));
  return new Map(rows.map((row) => [row.key, row.debitAt]));
}
