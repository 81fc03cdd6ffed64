/**
 * The docs/product.md §3 User profile (with its plan fields) and Account overview, built from the user,
 * the subscription, devices and the ledger. GET /api/v1/me and GET /api/v1/account share it.
 */
import { count, desc, eq } from 'drizzle-orm';
import { BILLING_CURRENCY, VIDEO_QUALITIES } from '@crease/contract';
import type { AccountOverview, AccountStatics, Payment, UserProfile } from '@crease/contract';
import type { Db } from '../platform/db/client';
import { payments } from './tables';
import type { users } from '../accounts';
import type { BillingConfig } from '../platform/billing-config';
import { epochSeconds } from '../platform/clock';
import { deviceToWire, listDevices, maxDevicesFor } from './devices';
import { toMajor } from './money';
import { findPlan, findTrialPlan, planToWire } from './plans';
import { isEntitled, readSubscription, stateOf } from './subscription-machine';
import type { SubscriptionRow } from './subscription-machine';
import { subscriptionView, trialSecondsLeft } from './subscriptions';

type UserRow = typeof users.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export function paymentToWire(row: PaymentRow): Payment {
  return {
    paymentId: row.id,
    plan: row.planName,
    planEndDate: row.planEndDate.toISOString(),
    amount: toMajor(row.amountCents),
    paymentSystem: row.paymentSystem,
    paymentDate: epochSeconds(row.paidAt),
    invoiceNumber: row.invoiceNumber,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
  };
}

export function userProfile(
  user: UserRow,
  subscription: SubscriptionRow | null,
  billing: BillingConfig,
  now: Date,
): UserProfile {
  const trial =
    stateOf(subscription) === 'TRIAL' ? trialSecondsLeft(subscription, billing, now) : null;
  return {
    userId: user.id,
    email: user.email,
    active: user.active,
    status: user.status,
    region: user.region,
    videoQuality: user.videoQuality,
    planId: subscription?.planId ?? null,
    planStartDate: subscription?.periodStart?.toISOString() ?? null,
    planEndDate: subscription?.periodEnd?.toISOString() ?? null,
    planActive: isEntitled(subscription, now),
    planStatus: stateOf(subscription),
    planCreated: subscription?.createdAt.toISOString() ?? null,
    planUpdated: subscription?.updatedAt.toISOString() ?? null,
    // Trial watching left, in seconds (0 outside a trial): the player meters it (docs/architecture.md §8).
    trialOverallTime: trial?.overall ?? 0,
    trialTodayTime: trial?.today ?? 0,
  };
}

export async function profileOf(db: Db, user: UserRow, billing: BillingConfig, now: Date) {
  return userProfile(user, await readSubscription(db, user.id, now), billing, now);
}

export async function paymentPage(db: Db, userId: string, page: number, pageSize: number) {
  const rows = await db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.paidAt), desc(payments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(payments).where(eq(payments.userId, userId));
  return { payments: rows.map(paymentToWire), page, pageSize, total: Number(total?.n ?? 0) };
}

/** How many recent payments the overview carries (the full list is /payment-history). */
const OVERVIEW_PAYMENTS = 5;

export async function accountOverview(
  db: Db,
  user: UserRow,
  billing: BillingConfig,
  now: Date,
): Promise<AccountOverview> {
  const subscription = await readSubscription(db, user.id, now);
  const plan = subscription?.planId ? await findPlan(db, subscription.planId) : undefined;
  const recent = await paymentPage(db, user.id, 1, OVERVIEW_PAYMENTS);
  const devices = await listDevices(db, user.id);
  const maxDevices = await maxDevicesFor(db, subscription, billing, now);
  const trialOffer = await findTrialPlan(db);
  const statics: AccountStatics = {
    subscription: await subscriptionView(db, subscription, now),
    trial: {
      days: trialOffer?.durationDays ?? 0,
      overallMinutes: billing.trialOverallMinutes,
      dailyMinutes: billing.trialDailyMinutes,
    },
    emailSubscribe: user.emailSubscribe,
    videoQualities: [...VIDEO_QUALITIES],
    devices: devices.map(deviceToWire),
    maxDevices,
    currency: BILLING_CURRENCY,
  };
  return {
    userProfile: userProfile(user, subscription, billing, now),
    userPlans: plan ? [planToWire(plan)] : [],
    payments: recent.payments,
    // Channel streams belong to the streams feature (docs/architecture.md §8); none are open from here.
    channels: [],
    statics,
    loginId: user.email,
    errorText: null,
  };
}
