/**
 * Applying a verified provider event (decision 091). In one transaction: store the event once by
 * its id (a replay finds it and changes nothing), lock the checkout, and act only if the event
 * still means something: a payment confirmation makes one ledger row and moves the subscription
 * to ACTIVE; a failure after a success, or older than what was already applied, is recorded
 * and ignored, so events may arrive in any order.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { checkouts, webhookEvents } from './tables';
import type { InvoiceIssuer } from './invoices';
import { applyRefunds, recordDeclinedAttempt } from './payment-attempts';
import type { Clock } from '../platform/clock';
import type { Database, Tx } from '../platform/db/client';
import type { BackgroundTasks } from '../platform/background-tasks';
import { releaseRedemption } from './coupon-reservations';
import { expireDisplacedSessions } from './displaced-sessions';
import type { DisplacedCheckout } from './displaced-sessions';
import { findPlan } from './plans';
import type { PaymentProvider, ProviderEvent } from './providers/payment-provider';
import { activatePaidPeriod } from './subscriptions';
import { grantPass, passOrderOf, passPaymentName } from './passes/pass-claims';
import { applySubscriptionEvent } from './provider-renewals';
import { accountDeleted, claimCheckoutPayment } from './payment-claims';
import { holdsLapseBefore } from './checkouts';
import type { ApiConfig } from '../platform/config';
import { recordMandate } from './mandates/mandate-store';
import { lockSubscription } from './subscription-machine';

export interface EventResult {
  duplicate: boolean;
  outcome: string;
}

export async function applyProviderEvent(
  services: {
    clock: Clock;
    config: ApiConfig;
    database: Database;
    background: BackgroundTasks;
    invoices: InvoiceIssuer;
  },
  provider: PaymentProvider,
  received: ProviderEvent,
  log: FastifyBaseLogger,
): Promise<EventResult> {
  // A provider whose event does not name the card is asked before the transaction (Stripe).
  const event =
    received.kind === 'PAYMENT_SUCCEEDED' && !received.card && received.providerReference
      ? { ...received, card: await provider.cardOf(received.providerReference) }
      : received;
  const now = services.clock.now();
  const displaced: DisplacedCheckout[] = [];
  const refunds: string[] = [];
  const endRenewals: string[] = [];
  const heldBefore = holdsLapseBefore(services.config, now);
  const result = await services.database.db.transaction(async (tx) => {
    const stored = await tx
      .insert(webhookEvents)
      .values({
        provider: provider.system,
        eventId: event.eventId,
        type: event.type,
        outcome: 'pending',
        payload: event.payload,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ eventId: webhookEvents.eventId });
    if (stored.length === 0) return { duplicate: true, outcome: 'duplicate' };

    const outcome = await apply(tx, provider, services.invoices, event, now, heldBefore, {
      displaced,
      refunds,
      endRenewals,
    });
    await tx
      .update(webhookEvents)
      .set({ outcome })
      .where(
        and(eq(webhookEvents.provider, provider.system), eq(webhookEvents.eventId, event.eventId)),
      );
    return { duplicate: false, outcome };
  });
  // A late payment took a newer checkout's coupon place: that checkout's session ends too
  // (decision 203), after the commit and without holding up the provider's answer.
  if (displaced.length > 0)
    services.background.run(() => expireDisplacedSessions(provider, displaced, log));
  // Money taken for an account deleted meanwhile (decision 398), or with a coupon the payment
  // could not claim (decision 392), goes back in full, by itself.
  for (const providerReference of refunds)
    services.background.run(() =>
      provider
        .refund({
          providerReference,
          amountCents: null,
          idempotencyKey: `deleted:${providerReference}`,
        })
        .then(
          () => undefined,
          (error: unknown) =>
            log.error(
              { err: error, providerReference },
              'could not refund a payment that was refused after the money moved; refund it by hand',
            ),
        ),
    );
  // A provider subscription opened by a refused payment must never renew.
  for (const providerSubscriptionId of endRenewals)
    services.background.run(() =>
      provider
        .setRenewal(providerSubscriptionId, false)
        .catch((error: unknown) =>
          log.error(
            { err: error, providerSubscriptionId },
            'could not stop the renewal of a refused payment’s subscription; cancel it by hand',
          ),
        ),
    );
  return result;
}

/** What applying an event leaves to do after the commit. */
interface AfterCommit {
  displaced: DisplacedCheckout[];
  /** Provider references of payments to refund in full. */
  refunds: string[];
  /** Provider subscriptions that must not renew (opened by a payment that was refused). */
  endRenewals: string[];
}

async function apply(
  tx: Tx,
  provider: PaymentProvider,
  invoices: InvoiceIssuer,
  event: ProviderEvent,
  now: Date,
  heldBefore: Date,
  after: AfterCommit,
): Promise<string> {
  if (event.kind === 'IGNORED') return `ignored: ${event.type} is not used`;
  if (
    event.kind === 'RENEWAL_PAID' ||
    event.kind === 'RENEWAL_FAILED' ||
    event.kind === 'SUBSCRIPTION_ENDED'
  )
    return applySubscriptionEvent(tx, provider, invoices, event, now);
  if (event.kind === 'REFUNDED') return applyRefunds(tx, provider.system, event, now);
  const [checkout] = await tx
    .select()
    .from(checkouts)
    .where(
      and(eq(checkouts.paymentSystem, provider.system), eq(checkouts.sessionId, event.sessionId)),
    )
    .for('update');
  if (!checkout) return 'ignored: no checkout has this session';
  // A decline happened whatever else the checkout did meanwhile: the history lists it.
  if (event.kind === 'PAYMENT_FAILED')
    await recordCheckoutDecline(tx, provider, checkout, event, now);
  if (checkout.status === 'PAID') return 'ignored: the checkout is already paid';

  if (event.kind === 'PAYMENT_SUCCEEDED') {
    // The provider must have taken exactly the frozen price; anything else is not our checkout.
    if (event.amountCents !== checkout.amountCents || event.currency !== checkout.currency)
      return `ignored: amount ${event.amountCents} ${event.currency} does not match the checkout`;
    const plan = await findPlan(tx, checkout.planId);
    if (!plan) return 'ignored: the plan no longer exists';
    const paymentId = randomUUID();
    // The subscription's row lock orders this payment with a deletion (which takes it first):
    // one that landed before finds the account deleted here (decision 398).
    await lockSubscription(tx, checkout.userId, now);
    const deleted = await accountDeleted(tx, checkout.userId);
    // A provider that charged without asking (Stripe Checkout; the sandbox asked before it
    // charged, and its checkout is REDEEMED already) makes the payment's claim now (decision
    // 392): a coupon used up, or already used by the account, gives the money back.
    const claim = deleted ? null : await claimCheckoutPayment(tx, checkout.id, heldBefore, true);
    const refused = claim !== null && !claim.ok;
    // A pass is no subscription: it is recorded beside the plan, which it leaves as it is (453).
    const pass = await passOrderOf(tx, checkout.id);
    const subscription =
      deleted || refused || pass
        ? null
        : await activatePaidPeriod(tx, checkout.userId, plan, now, `payment:${paymentId}`, {
            amountCents: checkout.amountCents,
            currency: checkout.currency,
            paymentSystem: provider.system,
            paymentMethod: event.paymentMethod ?? null,
            providerCustomerId: event.providerCustomerId ?? null,
            providerSubscriptionId: event.providerSubscriptionId ?? null,
          });
    // A subscription paid by UPI renews on the AutoPay mandate it set up (decision 461).
    if (subscription && event.mandate)
      await recordMandate(tx, checkout.userId, provider.system, event.mandate, now);
    await invoices.recordPayment(
      tx,
      {
        id: paymentId,
        userId: checkout.userId,
        checkoutId: checkout.id,
        planId: plan.id,
        planName: pass ? passPaymentName(plan.name, pass) : plan.name,
        amountCents: checkout.amountCents,
        listPriceCents: checkout.listPriceCents,
        currency: checkout.currency,
        couponCode: checkout.couponCode,
        percentage: checkout.percentage,
        paymentSystem: provider.system,
        providerReference: event.providerReference ?? event.eventId,
        // When the ledger learned of it, to the millisecond (provider times are whole seconds).
        paidAt: now,
        planEndDate: subscription?.periodEnd ?? now,
      },
      event.card ?? null,
    );
    if (pass && !deleted && !refused) await grantPass(tx, checkout.id, paymentId);
    if (claim?.ok) after.displaced.push(...claim.displaced);
    else after.refunds.push(event.providerReference ?? event.eventId);
    if (refused) {
      if (event.providerSubscriptionId) after.endRenewals.push(event.providerSubscriptionId);
      await tx
        .update(checkouts)
        .set({
          status: 'FAILED',
          failureCode:
            claim.refusal.code === 'PASS_ALREADY_OWNED' ? 'PASS_ALREADY_OWNED' : 'COUPON_REFUNDED',
          failureMessage: claim.refusal.message,
          lastEventAt: event.created,
        })
        .where(eq(checkouts.id, checkout.id));
      return `applied: payment ${paymentId}, refunded in full: ${claim.refusal.code}`;
    }
    await tx
      .update(checkouts)
      .set({
        status: 'PAID',
        ...(checkout.couponCode ? { couponReservation: 'REDEEMED' } : {}),
        paidAt: now,
        lastEventAt: event.created,
        failureCode: null,
        failureMessage: null,
      })
      .where(eq(checkouts.id, checkout.id));
    return deleted
      ? `applied: payment ${paymentId}, refunded in full: the account was deleted`
      : `applied: payment ${paymentId}`;
  }

  // A failure or an expiry older than what was already applied is stale news.
  if (checkout.lastEventAt && checkout.lastEventAt > event.created)
    return 'ignored: older than the last applied event';
  if (event.kind === 'PAYMENT_FAILED') {
    await tx
      .update(checkouts)
      .set({
        status: 'FAILED',
        failureCode: event.failureCode ?? 'CARD_DECLINED',
        failureMessage: event.failureMessage,
        lastEventAt: event.created,
      })
      .where(eq(checkouts.id, checkout.id));
    return `applied: failed (${event.failureCode ?? 'CARD_DECLINED'})`;
  }
  // Only the checkout that still holds the coupon's place gives it back: one taken over has none.
  const releases = checkout.couponCode !== null && checkout.couponReservation === 'HELD';
  await tx
    .update(checkouts)
    .set({
      status: 'EXPIRED',
      failureCode: 'SESSION_EXPIRED',
      failureMessage: event.failureMessage,
      lastEventAt: event.created,
      ...(releases ? { couponReservation: 'RELEASED' } : {}),
    })
    .where(eq(checkouts.id, checkout.id));
  if (releases && checkout.couponCode) await releaseRedemption(tx, checkout.couponCode);
  return 'applied: expired';
}

async function recordCheckoutDecline(
  tx: Tx,
  provider: PaymentProvider,
  checkout: typeof checkouts.$inferSelect,
  event: Extract<ProviderEvent, { sessionId: string }>,
  now: Date,
): Promise<void> {
  const plan = await findPlan(tx, checkout.planId);
  await recordDeclinedAttempt(tx, {
    userId: checkout.userId,
    dedupeKey: `${provider.system}:${event.eventId}`,
    kind: 'CHECKOUT',
    plan: { id: checkout.planId, name: plan?.name ?? checkout.planId },
    amountCents: checkout.amountCents,
    currency: checkout.currency,
    paymentSystem: provider.system,
    failureCode: event.failureCode ?? 'CARD_DECLINED',
    failureMessage: event.failureMessage,
    card: event.card ?? null,
    // When the ledger learned of it, to the millisecond, as payments (provider times are seconds).
    at: now,
  });
}
