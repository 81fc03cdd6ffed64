/**
 * The renewal job (decisions 245, 247): charges each due subscription's saved card at its period
 * end, on the injectable clock, safely on many replicas.
 *
 * 1. Claim (one short transaction): the due rows, `FOR UPDATE SKIP LOCKED`, so two runners never
 *    take the same row; for each, an idempotent renewal-key row `<user>:<period end>:<attempt>`
 *    (PENDING) and a lease (next_renewal_at moves a few minutes on), so nobody else claims it.
 * 2. Charge, outside any transaction: the provider is asked with the renewal key as its
 *    idempotency key, so a runner that crashed after charging, re-claimed when the lease ended,
 *    gets the first answer back and charges nothing more.
 * 3. Settle (one transaction per row): the row locked again, the key row settled once (a key
 *    already settled is left alone), the period extended or the grace period moved on.
 * Stripe-renewed subscriptions (provider_subscription_id) are Stripe's to charge; never claimed.
 */
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { renewalCharges, subscriptions } from './tables';
import { findPlan } from './plans';
import { priceIn } from './regional-prices';
import type { PlanRow } from './plans';
import { PaymentProviderError } from './providers/payment-provider';
import type { PaymentProvider, SavedCardCharge } from './providers/payment-provider';
import { lockSubscription, stateOf } from './subscription-machine';
import { recordChargeAnswer, settleRenewalFailed, settleRenewalPaid } from './renewal-settlement';
import type { InvoiceIssuer } from './invoices';
import { recordDeclinedAttempt } from './payment-attempts';
import type { PaymentFailureCode } from '@crease/contract';
import type { Executor } from './subscription-machine';
import { sendDebitNotices } from './mandates/debit-notices';
import { NOT_RETRIED, debitOnMandate, mandateVerdicts } from './mandates/mandate-renewals';
import { mandateOf } from './mandates/mandate-store';

/** How long a claimed renewal is its runner's before another may take it over. */
export const RENEWAL_LEASE_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RenewalDeps {
  db: Db;
  clock: Clock;
  payments: PaymentProvider;
  invoices: InvoiceIssuer;
  log: FastifyBaseLogger;
}

interface Claim {
  key: string;
  userId: string;
  planId: string;
  amountCents: number;
  /** The currency the subscription was bought in: it renews in it (decision 421). */
  currency: string;
  paymentMethod: string;
  customerId: string | null;
  /** The period end this charge renews (the key's). */
  periodEnd: Date;
  /** A UPI AutoPay mandate (paymentMethod is its id): the RBI's rules apply (decision 462). */
  onMandate: boolean;
}

export interface RenewalRun {
  claimed: number;
  renewed: number;
  failed: number;
  /** Provider did not answer: the claim's lease runs out and the charge is asked again. */
  deferred: number;
}

export const renewalKey = (userId: string, periodEnd: Date, attempt: number) =>
  `${userId}:${periodEnd.toISOString()}:${attempt}`;

/** Step 1: claims up to `limit` due renewals. */
export async function claimDueRenewals(deps: RenewalDeps, limit: number): Promise<Claim[]> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.renewing, true),
          isNull(subscriptions.providerSubscriptionId),
          eq(subscriptions.state, 'ACTIVE'),
          lte(subscriptions.nextRenewalAt, now),
        ),
      )
      .orderBy(asc(subscriptions.nextRenewalAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claims: Claim[] = [];
    const plansById = new Map<string, PlanRow | undefined>();
    const planOf = async (id: string) => {
      if (!plansById.has(id)) plansById.set(id, await findPlan(tx, id));
      return plansById.get(id);
    };
    const unchargeable: string[] = [];
    const verdicts = await mandateVerdicts(
      tx,
      due.flatMap((row) =>
        row.periodEnd && row.paymentMethod
          ? [
              {
                userId: row.userId,
                paymentMethod: row.paymentMethod,
                key: renewalKey(row.userId, row.periodEnd, row.renewalFailures + 1),
              },
            ]
          : [],
      ),
      now,
    );
    for (const row of due) {
      const plan = await planOf(row.pendingPlanId ?? row.planId ?? '');
      const verdict = verdicts.get(row.userId);
      if (!row.periodEnd || !row.paymentMethod || !plan || verdict?.kind === 'NO_MANDATE') {
        unchargeable.push(row.userId);
        continue;
      }
      // Its pre-debit notice is not 24 h old yet: the debit waits until it is (decision 462).
      if (verdict?.kind === 'WAIT') {
        await tx
          .update(subscriptions)
          .set({ nextRenewalAt: verdict.until })
          .where(eq(subscriptions.userId, row.userId));
        continue;
      }
      // The plan's list price in the currency bought in: a coupon is for the first payment
      // only (decision 245), and the price never changes currency at a renewal (421).
      const price = priceIn(plan, row.currency);
      claims.push({
        key: renewalKey(row.userId, row.periodEnd, row.renewalFailures + 1),
        userId: row.userId,
        planId: plan.id,
        amountCents: price.minor,
        currency: price.currency,
        paymentMethod: row.paymentMethod,
        customerId: row.providerCustomerId,
        periodEnd: row.periodEnd,
        onMandate: verdict?.kind === 'CHARGE',
      });
    }
    // Nothing to charge it with: renewal off, so it ends at its period end like a pass.
    if (unchargeable.length > 0)
      await tx
        .update(subscriptions)
        .set({ renewing: false, nextRenewalAt: null })
        .where(inArray(subscriptions.userId, unchargeable));
    if (claims.length === 0) return claims;
    // A key row left PENDING by a runner that stopped mid-charge is charged again with the same
    // key: the provider answers its first result.
    await tx
      .insert(renewalCharges)
      .values(
        claims.map((claim) => ({
          key: claim.key,
          userId: claim.userId,
          kind: 'RENEWAL',
          planId: claim.planId,
          amountCents: claim.amountCents,
          status: 'PENDING',
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
    // The lease: nobody else claims these until it runs out.
    await tx
      .update(subscriptions)
      .set({ nextRenewalAt: new Date(now.getTime() + RENEWAL_LEASE_MS) })
      .where(
        inArray(
          subscriptions.userId,
          claims.map((claim) => claim.userId),
        ),
      );
    return claims;
  });
}

/** Step 2: the provider's answer, or null when it did not answer (tried again later). */
async function charge(deps: RenewalDeps, claim: Claim): Promise<SavedCardCharge | null> {
  const input = {
    paymentMethod: claim.paymentMethod,
    customerId: claim.customerId,
    amountCents: claim.amountCents,
    currency: claim.currency,
    idempotencyKey: claim.key,
    description: `Crease renewal (${claim.planId})`,
  };
  try {
    return claim.onMandate
      ? await debitOnMandate(deps.db, deps.payments, input, deps.clock.now())
      : await deps.payments.chargeSavedCard(input);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    deps.log.warn({ err: error, key: claim.key }, 'renewal charge deferred: provider unavailable');
    return null;
  }
}

/** Step 3: applies the answer once. Returns what it did. */
async function settle(
  deps: RenewalDeps,
  claim: Claim,
  result: SavedCardCharge,
): Promise<'renewed' | 'failed' | 'stale'> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, claim.userId, now);
    const [key] = await tx
      .select()
      .from(renewalCharges)
      .where(eq(renewalCharges.key, claim.key))
      .for('update');
    if (!key || key.status !== 'PENDING') return 'stale';
    const samePeriod = row.periodEnd?.getTime() === claim.periodEnd.getTime();
    await recordChargeAnswer(tx, claim.key, result, now);
    const plan = await findPlan(tx, claim.planId);
    if (result.status === 'FAILED')
      await recordDeclinedAttempt(tx, {
        userId: claim.userId,
        dedupeKey: claim.key,
        kind: 'RENEWAL',
        plan: { id: claim.planId, name: plan?.name ?? claim.planId },
        amountCents: claim.amountCents,
        currency: claim.currency,
        paymentSystem: deps.payments.system,
        failureCode: result.failureCode,
        failureMessage: result.failureMessage,
        card: result.card,
        at: now,
      });
    if (result.status === 'SUCCEEDED' && plan && samePeriod) {
      await settleRenewalPaid(
        tx,
        deps.invoices,
        row,
        plan,
        {
          key: claim.key,
          amountCents: claim.amountCents,
          paymentSystem: deps.payments.system,
          providerReference: result.providerReference,
          periodStart: claim.periodEnd,
          periodEnd: new Date(claim.periodEnd.getTime() + plan.durationDays * DAY_MS),
          cause: 'renewal',
          card: result.card,
        },
        now,
      );
      return 'renewed';
    }
    if (result.status === 'FAILED' && samePeriod && stateOf(row) === 'ACTIVE' && row.renewing) {
      const noRetry = claim.onMandate && (await mendedOnlyByViewer(tx, claim, result.failureCode));
      await settleRenewalFailed(
        tx,
        row,
        { key: claim.key, failureCode: result.failureCode, noRetry },
        now,
      );
      return 'failed';
    }
    deps.log.error({ key: claim.key }, 'renewal settled against a subscription that changed');
    return 'stale';
  });
}

/**
 * A mandate failure the job's retries cannot mend (decision 462): a debit that needs approval,
 * or a mandate now revoked. A paused one is retried on the usual days, asking the provider again.
 */
async function mendedOnlyByViewer(tx: Executor, claim: Claim, code: PaymentFailureCode) {
  if (NOT_RETRIED.has(code)) return true;
  if (code !== 'MANDATE_INACTIVE') return false;
  return (await mandateOf(tx, claim.paymentMethod))?.status === 'REVOKED';
}

/** One pass: claims up to `limit` due renewals and charges them, `parallel` at a time. */
export async function runDueRenewals(
  deps: RenewalDeps,
  options: { limit?: number; parallel?: number } = {},
): Promise<RenewalRun> {
  // The RBI's pre-debit notices first: a mandate debit is claimed only once its notice is 24 h old.
  await sendDebitNotices(deps.db, deps.clock.now(), renewalKey);
  const claims = await claimDueRenewals(deps, options.limit ?? 100);
  const run: RenewalRun = { claimed: claims.length, renewed: 0, failed: 0, deferred: 0 };
  const queue = [...claims];
  const worker = async () => {
    for (let claim = queue.shift(); claim; claim = queue.shift()) {
      const result = await charge(deps, claim);
      if (!result) {
        run.deferred++;
        continue;
      }
      const outcome = await settle(deps, claim, result);
      if (outcome === 'renewed') run.renewed++;
      else if (outcome === 'failed') run.failed++;
    }
  };
  await Promise.all(Array.from({ length: options.parallel ?? 4 }, worker));
  // A failed debit's retry is announced now, so it too has its 24 h notice by its retry day.
  if (run.failed > 0) await sendDebitNotices(deps.db, deps.clock.now(), renewalKey);
  return run;
}

/** Runs passes on an interval inside each replica until stopped; `kick` runs one now. */
export class RenewalJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: RenewalDeps,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.kick(), this.intervalMs);
    this.timer.unref();
  }

  /** One pass after any pass under way; resolves with what it did. */
  kick(): Promise<RenewalRun> {
    const pass = this.running.then(async () => {
      let total: RenewalRun = { claimed: 0, renewed: 0, failed: 0, deferred: 0 };
      // Until nothing more is due (a backlog after downtime drains in one kick).
      for (;;) {
        const run = await runDueRenewals(this.deps);
        total = {
          claimed: total.claimed + run.claimed,
          renewed: total.renewed + run.renewed,
          failed: total.failed + run.failed,
          deferred: total.deferred + run.deferred,
        };
        if (run.claimed < 100) return total;
      }
    });
    this.running = pass.then(
      () => undefined,
      (error: unknown) => this.deps.log.error({ err: error }, 'renewal pass failed'),
    );
    return pass;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
