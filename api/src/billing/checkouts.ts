/**
 * Checkout: the API prices the plan (coupon included) itself, freezes that price in a checkout
 * row and opens a provider session for exactly that amount. The browser's figure is only a
 * guard (PRICE_CHANGED); it can never set what is charged. The route takes an Idempotency-Key,
 * so a double click or a retry makes one checkout (decision 019, 091).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_REGION, FALLBACK_CURRENCY, everyPeriodText, periodText } from '@crease/contract';
import type {
  Checkout,
  CheckoutRequest,
  CheckoutStatus,
  CouponReservation,
  PaymentFailureCode,
} from '@crease/contract';
import type { Db } from '../platform/db/client';
import type { InvoiceConfig } from '../platform/invoice-config';
import { users } from '../accounts';
import { checkouts, payments } from './tables';
import { ApiError } from './errors';
import type { ApiConfig } from '../platform/config';
import type { Clock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import { reserveForCheckout } from './coupon-reservations';
import { expireDisplacedSessions } from './displaced-sessions';
import { applicableCoupon, normalizeCouponCode } from './coupons';
import { toCents, toMajor } from './money';
import { findPlan, purchasablePlan } from './plans';
import { periodEndIfPaidNow, priceOrder, renewalTerms } from './quotes';
import type { Pricing } from './regional-prices';
import { PaymentProviderError } from './providers/payment-provider';
import type { PaymentProvider } from './providers/payment-provider';
import { passOrders } from './passes/tables';
import type { PassTarget } from './passes/pass-targets';
import { passOf } from './passes/pass-claims';

/** Seconds a viewer is asked to wait after a provider outage (Retry-After of the 503). */
export const PROVIDER_RETRY_AFTER_SECONDS = 30;

/**
 * A provider failure as the API's coded error (decision 105): 503 PAYMENT_PROVIDER_UNAVAILABLE
 * (Retry-After) or 502 PAYMENT_PROVIDER_ERROR, never a bare 500. Anything else is rethrown.
 */
export function providerProblem(error: unknown, userId: string): unknown {
  if (!(error instanceof PaymentProviderError)) return error;
  return error.kind === 'unavailable'
    ? new ApiError('PAYMENT_PROVIDER_UNAVAILABLE', undefined, {
        userId,
        headers: { 'retry-after': String(PROVIDER_RETRY_AFTER_SECONDS) },
      })
    : new ApiError('PAYMENT_PROVIDER_ERROR', undefined, { userId });
}

export type CheckoutRow = typeof checkouts.$inferSelect;

export interface Buyer {
  id: string;
  email: string;
}

export async function checkoutToWire(db: Db, row: CheckoutRow, now: Date): Promise<Checkout> {
  const plan = await findPlan(db, row.planId);
  const [payment] =
    row.status === 'PAID'
      ? await db
          .select({ id: payments.id, planEndDate: payments.planEndDate })
          .from(payments)
          .where(eq(payments.checkoutId, row.id))
      : [];
  // Paid: the period it bought ends on the ledger's date; unpaid: if it were paid now.
  const renewal =
    plan && plan.renews
      ? renewalTerms(
          plan,
          payment?.planEndDate ?? (await periodEndIfPaidNow(db, row.userId, plan, now)),
          row.currency,
        )
      : null;
  // A checkout nobody paid before its session ended is expired (shown, not stored).
  const status: CheckoutStatus =
    row.status !== 'PAID' && row.expiresAt <= now ? 'EXPIRED' : (row.status as CheckoutStatus);
  return {
    checkoutId: row.id,
    status,
    planId: row.planId,
    planName: plan?.name ?? row.planId,
    amount: toMajor(row.amountCents),
    listPrice: toMajor(row.listPriceCents),
    currency: row.currency,
    couponCode: row.couponCode,
    percentage: row.percentage,
    couponReservation: (row.couponReservation as CouponReservation | null) ?? null,
    paymentSystem: row.paymentSystem as Checkout['paymentSystem'],
    sessionId: row.sessionId,
    redirectUrl: row.redirectUrl,
    failureCode: (row.failureCode as PaymentFailureCode | null) ?? null,
    failureMessage: row.failureMessage,
    created: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paymentId: payment?.id ?? null,
    renewal,
    pass: await passOf(db, row.id),
  };
}

/** Holds of a limited coupon taken before this have lapsed (decision 396). */
export function holdsLapseBefore(config: ApiConfig, now: Date): Date {
  return new Date(now.getTime() - config.billing.couponHoldSeconds * 1000);
}

/** The price the API will charge, with the coupon (if any) checked for this plan and account. */
export async function priceCheckout(
  db: Db,
  request: Pick<CheckoutRequest, 'planId' | 'couponCode'>,
  now: Date,
  userId: string,
  heldBefore: Date,
  pricing: Pricing,
  config: InvoiceConfig,
) {
  const plan = await purchasablePlan(db, request.planId);
  const coupon = request.couponCode
    ? await applicableCoupon(db, request.couponCode, plan.id, now, userId, heldBefore)
    : null;
  return priceOrder(db, plan, coupon, userId, now, pricing, config);
}

export async function createCheckout(
  services: { database: Database; clock: Clock; config: ApiConfig; payments: PaymentProvider },
  buyer: Buyer,
  request: CheckoutRequest,
  priced: Awaited<ReturnType<typeof priceCheckout>>,
  siteOrigin: string,
  log: FastifyBaseLogger,
  /** A pass's checkout: what it is for, written with the checkout (decision 452). */
  pass: PassTarget | null = null,
): Promise<CheckoutRow> {
  const { db } = services.database;
  const now = services.clock.now();
  const { plan, coupon, percentage, amountCents, listPriceCents, currency } = priced;
  // No drip pricing: the amount and the currency the page showed, or nothing is opened.
  const wrongCurrency = request.currency !== undefined && request.currency !== currency;
  if (wrongCurrency || request.expectedAmount !== undefined) {
    const expected = toCents(request.expectedAmount ?? toMajor(amountCents));
    if (wrongCurrency || expected !== amountCents)
      throw new ApiError(
        'PRICE_CHANGED',
        `The price is ${toMajor(amountCents).toFixed(2)} ${currency}, not ${request.expectedAmount ?? ''} ${request.currency ?? currency}. Please review it and try again.`,
      );
  }
  const checkoutId = randomUUID();
  const expiresAt = new Date(now.getTime() + services.config.billing.checkoutTtlSeconds * 1000);
  const couponCode = coupon ? normalizeCouponCode(coupon.code) : null;
  // The provider session first: if the provider is down nothing is reserved or written, and the
  // 5xx releases the Idempotency-Key (idempotency.ts), so the same Pay can try again.
  const session = await services.payments.createCheckoutSession({
    checkoutId,
    userId: buyer.id,
    email: buyer.email,
    planId: plan.id,
    // The provider's page says what renews, as the API priced it: a coupon is for the first
    // payment only, so renewals charge the list price (issue 31 §10).
    description: pass
      ? `${plan.name}: ${pass.title} (paid once, never renews)`
      : plan.renews
        ? `${plan.name} (${periodText(plan.durationDays)}), then ${toMajor(listPriceCents).toFixed(2)} ${currency} ${everyPeriodText(plan.durationDays)} until you cancel`
        : `${plan.name} (${periodText(plan.durationDays)})`,
    amountCents,
    listPriceCents,
    currency,
    returnUrl: `${siteOrigin}/payment-process?checkout=${checkoutId}`,
    siteOrigin,
    expiresAt,
    // A subscription plan keeps the card for renewals (decision 245); a pass is paid once.
    renewEveryDays: plan.renews ? plan.durationDays : null,
  });
  // Then the coupon's place and the row in one transaction (decision 166): the account's open
  // reservation is taken over, or the last redemption goes to one checkout only. If that refuses
  // (used up meanwhile), the session was never shown to anyone and simply expires.
  const { row, displaced } = await db.transaction(async (tx) => {
    const heldBefore = holdsLapseBefore(services.config, now);
    const displaced = coupon ? await reserveForCheckout(tx, buyer.id, coupon, heldBefore) : [];
    // A profile with no region takes the one these prices were for when that region has a
    // currency of its own, so the invoice's tax (India's GST), the renewals and the next visit
    // agree with what was shown (decision 421). A dollar guess changes nothing.
    if (priced.region !== DEFAULT_REGION && priced.currency !== FALLBACK_CURRENCY)
      await tx
        .update(users)
        .set({ region: priced.region })
        .where(and(eq(users.id, buyer.id), eq(users.region, DEFAULT_REGION)));
    const [row] = await tx
      .insert(checkouts)
      .values({
        id: checkoutId,
        userId: buyer.id,
        planId: plan.id,
        couponCode,
        couponReservation: couponCode ? ('HELD' satisfies CouponReservation) : null,
        percentage,
        listPriceCents,
        amountCents,
        currency,
        paymentSystem: services.payments.system,
        sessionId: session.sessionId,
        redirectUrl: session.redirectUrl,
        status: 'OPEN',
        createdAt: now,
        expiresAt,
      })
      .returning();
    if (!row) throw new Error('checkout insert returned nothing');
    if (pass)
      await tx.insert(passOrders).values({
        checkoutId,
        userId: buyer.id,
        scope: pass.scope,
        eventId: pass.eventId,
        leagueId: pass.leagueId,
        title: pass.title,
        createdAt: now,
      });
    return { row, displaced };
  });
  // Committed: the checkouts it took the place of stop being payable (decision 203). Awaited, so
  // their pages are dead when the viewer sees the new one; a provider failure is only logged.
  await expireDisplacedSessions(services.payments, displaced, log);
  return row;
}

export async function ownCheckout(
  db: Db,
  userId: string,
  checkoutId: string,
): Promise<CheckoutRow> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)));
  if (!row) throw new ApiError('CHECKOUT_NOT_FOUND');
  return row;
}
