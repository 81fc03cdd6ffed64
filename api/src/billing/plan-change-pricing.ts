/**
 * What a plan change costs (decisions 246, 391): an upgrade is the new plan's price less the
 * unused value of every prepaid period (prepaid-credit.ts), and starts now; a downgrade starts at
 * the period end and costs nothing now. The quote says what the viewer gives up before they pay.
 * On a UPI AutoPay mandate nothing is debited without a notice a day ahead (decision 491): an
 * upgrade starts at the renewal too, and no change is made once that renewal's debit is announced.
 */
import type { PlanChangeCredit, PlanChangeQuote } from '@crease/contract';
import { ApiError } from './errors';
import { toMajor } from './money';
import { findPlan } from './plans';
import type { PlanRow } from './plans';
import { priceIn } from './regional-prices';
import { creditFor, prepaidPeriods } from './prepaid-credit';
import { announcedDebit, mandateOf } from './mandates/mandate-store';
import { stateOf } from './subscription-machine';
import type { Executor, SubscriptionRow } from './subscription-machine';

export interface Priced {
  kind: 'UPGRADE' | 'DOWNGRADE';
  current: PlanRow;
  target: PlanRow;
  amountCents: number;
  creditCents: number;
  credits: PlanChangeCredit[];
  effectiveAt: Date;
  /** The end of the prepaid time the upgrade ends early (the subscription's period end). */
  givesUpUntil: Date | null;
  /** Nothing is charged now: the new plan starts at the period end, charged by the renewal. */
  atRenewal: boolean;
}

/** What changing to `targetId` would do now, or PLAN_CHANGE_NOT_ALLOWED (409). */
export async function priceChange(
  db: Executor,
  row: SubscriptionRow | null,
  targetId: string,
  now: Date,
): Promise<Priced> {
  const target = await findPlan(db, targetId);
  if (!target || target.trial) throw new ApiError('PLAN_NOT_FOUND');
  if (!target.active) throw new ApiError('PLAN_INACTIVE');
  const current = row?.planId ? await findPlan(db, row.planId) : undefined;
  const running =
    row &&
    stateOf(row) === 'ACTIVE' &&
    row.renewing &&
    !!row.paymentMethod &&
    !row.providerSubscriptionId &&
    row.periodEnd &&
    row.periodEnd > now &&
    row.renewalFailures === 0;
  const samePlan = target.id === current?.id && !row?.pendingPlanId;
  if (!running || !current || !current.renews || !target.renews || samePlan)
    throw new ApiError(
      'PLAN_CHANGE_NOT_ALLOWED',
      'A plan can be changed from a running subscription (renewing, paid up) to another subscription plan. A pass simply ends; choose a new plan after it.',
    );
  const periodEnd = row.periodEnd as Date;
  // Both prices in the currency the subscription was bought in (decision 421).
  const targetPrice = priceIn(target, row.currency).minor;
  const kind = targetPrice <= priceIn(current, row.currency).minor ? 'DOWNGRADE' : 'UPGRADE';
  const onMandate = !!(await mandateOf(db, row.paymentMethod));
  if (onMandate) {
    // The renewal's debit was announced at its amount: another amount would need a new notice
    // and 24 h more (decision 491).
    const announced = await announcedDebit(db, row.userId, periodEnd);
    if (announced)
      throw new ApiError(
        'PLAN_CHANGE_NOT_ALLOWED',
        `Your next UPI AutoPay debit, ${toMajor(announced.amountMinor).toFixed(2)} ${announced.currency}, has been announced for ${announced.debitAt.toISOString().slice(0, 10)}. You can change your plan after it.`,
      );
  }
  if (kind === 'DOWNGRADE' || onMandate)
    return {
      kind,
      current,
      target,
      amountCents: 0,
      creditCents: 0,
      credits: [],
      effectiveAt: periodEnd,
      givesUpUntil: null,
      atRenewal: true,
    };
  const { creditCents, credits } = creditFor(await prepaidPeriods(db, row, now), now);
  // Credit the new price cannot absorb would be lost: the change waits until less is prepaid.
  if (creditCents >= targetPrice)
    throw new ApiError(
      'PLAN_CHANGE_NOT_ALLOWED',
      `Your prepaid time is still worth ${toMajor(creditCents).toFixed(2)}, as much as ${target.name} costs, so upgrading now would lose some of it. Upgrade later, when less of it is left.`,
    );
  return {
    kind: 'UPGRADE',
    current,
    target,
    creditCents,
    credits,
    amountCents: targetPrice - creditCents,
    effectiveAt: now,
    givesUpUntil: periodEnd,
    atRenewal: false,
  };
}

export function toQuote(priced: Priced): PlanChangeQuote {
  return {
    planId: priced.target.id,
    planName: priced.target.name,
    kind: priced.kind,
    amount: toMajor(priced.amountCents),
    credit: toMajor(priced.creditCents),
    effectiveAt: priced.effectiveAt.toISOString(),
    givesUpUntil: priced.givesUpUntil?.toISOString() ?? null,
    credits: priced.credits,
    atRenewal: priced.atRenewal,
  };
}
