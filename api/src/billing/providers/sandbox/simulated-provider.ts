/**
 * The simulated payment provider behind the sandbox adapter (decision 092): what a real provider
 * runs on its side. Checkout sessions in its own tables, a hosted card page (the mf-billing
 * /secure-payment screen calls `submitCard` and `confirm` through sandbox-provider routes), test
 * cards, a 3-D-Secure-style step, session expiry, and asynchronous webhooks signed like Stripe's,
 * sent over real HTTP from a durable outbox. sandbox-provider.ts is the API's adapter to it.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SandboxPaymentResult, SandboxSessionView } from '@crease/contract';
import type { Db, Tx } from '../../../platform/db/client';
import { sandboxCharges, sandboxPaymentMethods, sandboxSessions } from './sandbox-tables';
import { ApiError } from '../../errors';
import type { BillingConfig } from '../../../platform/billing-config';
import type { Clock } from '../../../platform/clock';
import type {
  CardFacts,
  CheckoutSession,
  CheckoutSessionInput,
  SavedCardCharge,
  SavedCardChargeInput,
} from '../payment-provider';
import {
  cardBrandOf,
  cardDigits,
  cardOutcome,
  cardProblem,
  failsOffSession,
} from './sandbox-cards';
import type { CardOutcome } from './sandbox-cards';
import { WebhookDispatcher } from './webhook-dispatcher';
import { chargeSavedCard } from './saved-cards';
import { EVENT_COMPLETED, EVENT_EXPIRED, EVENT_FAILED, SANDBOX_WEBHOOK_PATH } from './sandbox-wire';
import type { CardInput } from './sandbox-wire';
import { reportAttempt, sessionEvent } from './sandbox-attempts';
import { UPI_BRAND, sessionView } from './sandbox-upi';
import {
  OPEN_STATES,
  PENDING,
  createMandate,
  debitMandate,
  isMandateId,
  supersedePending,
} from './sandbox-mandates';
import type { Attempt, PaymentGate } from './sandbox-attempts';

type Session = typeof sandboxSessions.$inferSelect;

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

export class SimulatedProvider {
  readonly dispatcher: WebhookDispatcher;
  /** This API's own address once it listens (the default webhook target). */
  private selfOrigin: string | null = null;
  /** The merchant's say before a card is charged (decision 395); none: every charge goes on. */
  private gate: PaymentGate | null = null;

  constructor(
    /** Its own tables and clock, also for its refunds (sandbox-refunds.ts). */
    readonly db: Db,
    readonly clock: Clock,
    private readonly config: BillingConfig,
    /** The site's first origin: the API host api.<site domain> is the fallback target. */
    private readonly siteOrigin: string,
    log: FastifyBaseLogger,
  ) {
    this.dispatcher = new WebhookDispatcher(db, clock, log, {
      secret: config.sandbox.webhookSecret,
      intervalMs: config.sandbox.dispatchIntervalMs,
      retryBaseMs: config.sandbox.retryBaseMs,
      retryMaxMs: config.sandbox.retryMaxMs,
      target: () => this.webhookTarget(),
      beforePass: () => this.expireSessions(),
    });
  }

  /** Called when the API listens: webhooks go to its own address (loopback for a wildcard). */
  listeningOn(address: AddressInfo): void {
    const host =
      address.address === '0.0.0.0' || address.address === '::'
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    this.selfOrigin = `http://${host}:${address.port}`;
  }

  webhookTarget(): string {
    if (this.config.sandbox.webhookUrl) return this.config.sandbox.webhookUrl;
    if (this.selfOrigin) return `${this.selfOrigin}${SANDBOX_WEBHOOK_PATH}`;
    // Mounted inside the edge (npm start): the API host of the site, api.<site host> (docs/product.md §7).
    const site = new URL(this.siteOrigin);
    return `${site.protocol}//api.${site.host}${SANDBOX_WEBHOOK_PATH}`;
  }

  start(): void {
    this.dispatcher.start();
  }

  /** The API's payment gate: asked, in the charge's transaction, before money moves. */
  useGate(gate: PaymentGate): void {
    this.gate = gate;
  }

  stop(): Promise<void> {
    return this.dispatcher.stop();
  }

  /** Opens a session with its hosted page: what a checkout session is at a real provider. */
  async openSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
    const id = newId('cs_test');
    await this.db.insert(sandboxSessions).values({
      id,
      reference: input.checkoutId,
      description: input.description,
      amountCents: input.amountCents,
      currency: input.currency,
      returnUrl: input.returnUrl,
      saveCard: input.renewEveryDays !== null,
      createdAt: this.clock.now(),
      expiresAt: input.expiresAt,
    });
    return {
      sessionId: id,
      redirectUrl: `${input.siteOrigin}/secure-payment?session=${encodeURIComponent(id)}`,
    };
  }

  /**
   * Sessions nobody paid before they ended become EXPIRED, each with a
   * `checkout.session.expired` webhook (as Stripe sends), so the API frees what the checkout
   * held (a coupon redemption). One statement claims them, so two replicas send one event each.
   */
  async expireSessions(): Promise<void> {
    await this.expireOpen(lte(sandboxSessions.expiresAt, this.clock.now()));
  }

  /**
   * A session ended before its time (a newer checkout took its coupon's place, decision 203): the
   * hosted page refuses it from now on, and the API hears of it by the same webhook. A session
   * already paid or ended is left alone; its own row lock orders this after a payment under way.
   */
  async expireCheckoutSession(sessionId: string): Promise<void> {
    await this.expireOpen(eq(sandboxSessions.id, sessionId));
  }

  /** Ends the open sessions that match, each with its webhook, in one claiming statement. */
  private async expireOpen(which: SQL): Promise<void> {
    const now = this.clock.now();
    const expired = await this.db.transaction(async (tx) => {
      const rows = await tx
        .update(sandboxSessions)
        .set({ status: 'EXPIRED' })
        .where(and(inArray(sandboxSessions.status, [...OPEN_STATES]), which))
        .returning();
      for (const session of rows)
        await this.dispatcher.enqueue(
          tx,
          ...sessionEvent(EVENT_EXPIRED, session, now, {
            payment_status: 'unpaid',
            payment_intent: null,
            last_payment_error: {
              code: 'SESSION_EXPIRED',
              message: 'The payment page expired before the payment was made.',
            },
          }),
        );
      return rows.length;
    });
    if (expired > 0) this.dispatcher.kick();
  }

  /** The hosted page's view of a session, with the step it waits on (sandbox-upi.ts). */
  async view(sessionId: string): Promise<SandboxSessionView> {
    const [session] = await this.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, sessionId));
    if (!session) throw new ApiError('SESSION_NOT_FOUND');
    const [pending] = await this.db
      .select()
      .from(sandboxCharges)
      .where(and(eq(sandboxCharges.sessionId, sessionId), inArray(sandboxCharges.status, PENDING)));
    return sessionView(session, this.clock.now(), pending ?? null);
  }

  /** The card form's submission: validate like a real form, then act like the test card. */
  async submitCard(sessionId: string, card: CardInput): Promise<SandboxPaymentResult> {
    const problem = cardProblem(card, this.clock.now());
    if (problem) throw new ApiError(problem.code, problem.message);
    const digits = cardDigits(card.number);
    const outcome = cardOutcome(digits);
    const attempt = await this.db.transaction(async (tx) => {
      const session = await this.lockOpenSession(tx, sessionId);
      // A new card replaces one still waiting for its confirmation step or its UPI app.
      await supersedePending(tx, sessionId);
      const card = { brand: cardBrandOf(digits), last4: digits.slice(-4) };
      return this.charge(tx, session, outcome, card, failsOffSession(digits));
    });
    return this.report(attempt);
  }

  /** A renewal or an upgrade on a saved card or a UPI mandate (saved-cards, -mandates): once per key. */
  chargeSavedCard(input: SavedCardChargeInput): Promise<SavedCardCharge> {
    return isMandateId(input.paymentMethod)
      ? debitMandate(this.db, this.clock.now(), input)
      : chargeSavedCard(this.db, this.clock.now(), input);
  }

  /** The 3-D-Secure-style step: the viewer approves or refuses in their "bank" dialog. */
  async confirm(sessionId: string, approve: boolean): Promise<SandboxPaymentResult> {
    const attempt = await this.db.transaction(async (tx) => {
      const session = await this.lockOpenSession(tx, sessionId);
      if (session.status !== 'REQUIRES_CONFIRMATION')
        throw new ApiError('SESSION_NOT_AWAITING_CONFIRMATION');
      const [pending] = await tx
        .select()
        .from(sandboxCharges)
        .where(
          and(
            eq(sandboxCharges.sessionId, sessionId),
            eq(sandboxCharges.status, 'pending_confirmation'),
          ),
        );
      if (!pending) throw new ApiError('SESSION_NOT_AWAITING_CONFIRMATION');
      await tx
        .update(sandboxCharges)
        .set({ status: 'failed', failureCode: approve ? 'CONFIRMED' : 'AUTHENTICATION_FAILED' })
        .where(eq(sandboxCharges.id, pending.id));
      const outcome: CardOutcome = approve
        ? { kind: 'SUCCEEDS' }
        : {
            kind: 'FAILS',
            code: 'AUTHENTICATION_FAILED',
            message: 'The payment was not confirmed with your bank. Try again or use another card.',
          };
      const upi = pending.cardBrand === UPI_BRAND;
      const refused: CardOutcome = {
        kind: 'FAILS',
        code: 'UPI_DECLINED',
        message: 'The UPI AutoPay mandate was not approved. Nothing was charged.',
      };
      const card = { brand: pending.cardBrand, last4: pending.cardLast4 };
      return this.charge(
        tx,
        session,
        upi && !approve ? refused : outcome,
        card,
        false,
        pending.vpa,
      );
    });
    return this.report(attempt);
  }

  async lockOpenSession(tx: Tx, sessionId: string): Promise<Session> {
    const [session] = await tx
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, sessionId))
      .for('update');
    if (!session) throw new ApiError('SESSION_NOT_FOUND');
    if (session.status === 'SUCCEEDED') throw new ApiError('SESSION_ALREADY_PAID');
    if (session.status === 'EXPIRED' || session.expiresAt <= this.clock.now())
      throw new ApiError('SESSION_EXPIRED');
    return session;
  }

  /**
   * Records the charge and, for a final outcome, the webhook event, in the caller's transaction.
   * `vpa`: a UPI payment; a subscription's leaves a UPI AutoPay mandate instead of a saved card.
   */
  async charge(
    tx: Tx,
    session: Session,
    asked: CardOutcome,
    card: CardFacts,
    declinesLater: boolean,
    vpa: string | null = null,
  ): Promise<Attempt> {
    const now = this.clock.now();
    const chargeId = newId('ch');
    if (asked.kind === 'REQUIRES_CONFIRMATION') {
      await tx.insert(sandboxCharges).values({
        id: chargeId,
        sessionId: session.id,
        amountCents: session.amountCents,
        status: 'pending_confirmation',
        cardLast4: card.last4,
        cardBrand: card.brand,
        vpa,
        createdAt: now,
      });
      await tx
        .update(sandboxSessions)
        .set({ status: 'REQUIRES_CONFIRMATION' })
        .where(eq(sandboxSessions.id, session.id));
      return { status: 'REQUIRES_CONFIRMATION', returnUrl: session.returnUrl };
    }
    // The merchant may refuse before the money moves (decision 395): a decline that took nothing.
    const claim =
      asked.kind === 'SUCCEEDS' && this.gate ? await this.gate.claim(tx, session.reference) : null;
    const outcome: Exclude<CardOutcome, { kind: 'REQUIRES_CONFIRMATION' }> =
      claim && !claim.ok ? { kind: 'FAILS', ...claim.refusal } : asked;
    const succeeded = outcome.kind === 'SUCCEEDS';
    // The partial unique index allows one succeeded charge per session: a racing second
    // success fails here and rolls back, so the money is taken once.
    await tx.insert(sandboxCharges).values({
      id: chargeId,
      sessionId: session.id,
      amountCents: session.amountCents,
      status: succeeded ? 'succeeded' : 'failed',
      failureCode: succeeded ? null : outcome.code,
      cardLast4: card.last4,
      cardBrand: card.brand,
      vpa,
      createdAt: now,
    });
    await tx
      .update(sandboxSessions)
      .set(
        succeeded
          ? { status: 'SUCCEEDED', lastFailureCode: null, lastFailureMessage: null }
          : { status: 'OPEN', lastFailureCode: outcome.code, lastFailureMessage: outcome.message },
      )
      .where(eq(sandboxSessions.id, session.id));
    // A subscription's first payment leaves the card saved for renewals (a PaymentMethod), or
    // for UPI an AutoPay mandate (decision 461).
    const mandate =
      succeeded && session.saveCard && vpa ? await createMandate(tx, session, vpa, now) : null;
    const paymentMethod = mandate ? mandate.id : succeeded && session.saveCard ? newId('pm') : null;
    if (paymentMethod && !mandate)
      await tx.insert(sandboxPaymentMethods).values({
        id: paymentMethod,
        sessionId: session.id,
        cardLast4: card.last4,
        cardBrand: card.brand,
        failsOffSession: declinesLater,
        createdAt: now,
      });
    const [eventId, payload] = sessionEvent(
      succeeded ? EVENT_COMPLETED : EVENT_FAILED,
      session,
      now,
      {
        payment_status: succeeded ? 'paid' : 'unpaid',
        mode: session.saveCard ? 'subscription' : 'payment',
        payment_method: paymentMethod,
        payment_intent: chargeId,
        last_payment_error: succeeded ? null : { code: outcome.code, message: outcome.message },
        // As Stripe's charge does: the card tried, for the receipt and the history.
        payment_method_details: vpa
          ? { type: 'upi', upi: { vpa } }
          : { type: 'card', card: { brand: card.brand, last4: card.last4 } },
        mandate,
      },
    );
    await this.dispatcher.enqueue(tx, eventId, payload);
    return succeeded
      ? {
          status: 'SUCCEEDED',
          returnUrl: session.returnUrl,
          afterCommit: claim?.ok ? claim.afterCommit : undefined,
        }
      : { status: 'FAILED', code: outcome.code, message: outcome.message };
  }

  async report(attempt: Attempt): Promise<SandboxPaymentResult> {
    if (attempt.status === 'SUCCEEDED' || attempt.status === 'FAILED') this.dispatcher.kick();
    if (attempt.status === 'SUCCEEDED') await attempt.afterCommit?.();
    return reportAttempt(attempt);
  }
}
