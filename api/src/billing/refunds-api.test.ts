/** @jest-environment node */
/**
 * Refunds in the sandbox (decision 351) over real HTTP on PGlite and PostgreSQL: an operator asks
 * the provider for a refund; the sandbox's signed `charge.refunded` webhook records it in the
 * ledger once (the same Idempotency-Key and the webhook's retries add nothing); it shows in the
 * history and on the receipt; a partial refund keeps the plan, the rest of it ends the plan at
 * once (REFUNDED, nothing renews). Over-refunds, unknown payments and calls without the operator
 * token are refused in the spec's shape.
 */
import { randomUUID } from 'node:crypto';
import type { BillingHistoryPage, PaymentReceipt, RefundAccepted } from '@crease/contract';
import {
  buyPlan,
  countRows,
  entitlement,
  eventually,
  expectErrorShape,
  newViewer,
  subscriptionOf,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeEachDatabase } from '../testing/test-api';

const OPERATOR_TOKEN = 'refund-desk-token-0123456789';
const ENV = {
  CREASE_CATALOG_OPERATOR_TOKENS: `support:${OPERATOR_TOKEN}`,
};

describeEachDatabase('Refunds in the sandbox', (host) => {
  const suite = billingApiForSuite(host, ENV);

  const refund = (
    paymentId: string,
    body: Record<string, unknown>,
    key: string | null = randomUUID(),
    token: string | null = OPERATOR_TOKEN,
  ) =>
    suite.api
      .client()
      .postJson<RefundAccepted>(`/api/v1/billing/operator/payments/${paymentId}/refunds`, body, {
        xsrf: false,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
      });
  const history = async (viewer: Viewer) =>
    (
      await viewer.client.get<BillingHistoryPage>('/api/v1/billing/history', {
        bearer: viewer.bearer,
      })
    ).body;
  const receipt = async (viewer: Viewer, paymentId: string) =>
    (
      await viewer.client.get<PaymentReceipt>(`/api/v1/billing/payments/${paymentId}`, {
        bearer: viewer.bearer,
      })
    ).body;
  /**
   * The sandbox queues a refund's webhook in the refund's own transaction, before the API answers,
   * and delivers it from a real background sender: once nothing queued is undelivered, every
   * refund asked for so far has reached the ledger (a wait on a real process, not a sleep).
   */
  const deliveriesSettled = () =>
    eventually(
      async () =>
        (
          await host().query<{ pending: number }>(
            'SELECT count(*)::int AS pending FROM webhook_deliveries WHERE delivered_at IS NULL',
          )
        )[0]?.pending === 0,
    );

  async function paidMonthly(prefix: string) {
    const viewer = await newViewer(suite.api, prefix);
    await buyPlan(viewer, 'monthly');
    const paymentId = (await history(viewer)).entries[0]?.paymentId ?? '';
    return { viewer, paymentId };
  }

  it('a partial refund lands once, shows in history and on the receipt, and keeps the plan', async () => {
    const { viewer, paymentId } = await paidMonthly('refund-part');
    const key = randomUUID();
    const asked = await refund(paymentId, { amount: 2.5 }, key);
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({
      paymentId,
      amount: 2.5,
      refundId: expect.stringMatching(/^re_/),
    });
    // The same request again (a retry after a lost answer): the same refund, no second one.
    const again = await refund(paymentId, { amount: 2.5 }, key);
    expect(again.status).toBe(202);
    expect(again.body.refundId).toBe(asked.body.refundId);
    // The operator token is a bot in the staff audit (decision 434): each call, one refund.
    const audited = await host().query<{ actor: string; action: string; after: unknown }>(
      'SELECT actor, action, after FROM staff_audit WHERE subject = $1 ORDER BY id',
      [`payment:${paymentId}`],
    );
    expect(audited).toEqual(
      [asked, again].map(() => ({
        actor: 'bot:support',
        action: 'billing.refund',
        after: { refundId: asked.body.refundId, amount: 2.5 },
      })),
    );

    await eventually(async () => (await countRows(host(), 'refunds', viewer.userId)) === 1);
    const entries = (await history(viewer)).entries;
    expect(entries.filter((entry) => entry.type === 'REFUND')).toEqual([
      expect.objectContaining({ amount: 2.5, paymentId, kind: null }),
    ]);
    expect((await receipt(viewer, paymentId)).refunds).toEqual([
      { amount: 2.5, refunded: expect.any(String) },
    ]);
    // The webhook was delivered, and replayed deliveries would add nothing (unique refund id).
    await deliveriesSettled();
    expect(await countRows(host(), 'refunds', viewer.userId)).toBe(1);
    expect(await subscriptionOf(viewer)).toMatchObject({ state: 'ACTIVE', renews: true });
    expect((await entitlement(viewer)).entitled).toBe(true);
  });

  it('refunding the rest of the current period ends the plan at once; it never renews', async () => {
    const { viewer, paymentId } = await paidMonthly('refund-full');
    expect((await refund(paymentId, { amount: 1 })).status).toBe(202);
    const rest = await refund(paymentId, {});
    expect(rest.status).toBe(202);
    expect(rest.body.amount).toBe(8.99);

    const ended = await eventually(async () => {
      const subscription = await subscriptionOf(viewer);
      return subscription.state === 'EXPIRED' ? subscription : null;
    });
    expect(ended).toMatchObject({ endedReason: 'REFUNDED', renews: false, entitled: false });
    expect((await entitlement(viewer)).entitled).toBe(false);
    expect((await receipt(viewer, paymentId)).refunds.map((r) => r.amount)).toEqual([1, 8.99]);
    const [event] = await host().query<{ payload: { reason: string } }>(
      "SELECT payload FROM billing_events WHERE user_id = $1 AND type = 'plan.ended'",
      [viewer.userId],
    );
    expect(event?.payload.reason).toBe('REFUNDED');

    // Nothing is left: a further refund is refused, and nothing more reaches the ledger.
    const over = await refund(paymentId, { amount: 0.01 });
    expect(over.status).toBe(409);
    expectErrorShape(over.body, 'REFUND_EXCEEDS_PAYMENT');
    await suite.api.advanceClock(40 * 24 * 3600);
    await suite.api.runRenewals();
    expect(await countRows(host(), 'payments', viewer.userId)).toBe(1);
    expect(await countRows(host(), 'refunds', viewer.userId)).toBe(2);
  });

  it('refuses more than the payment, a bad amount, an unknown payment, and callers without the token', async () => {
    const { viewer, paymentId } = await paidMonthly('refund-refused');
    for (const amount of [10, 0, -1, 'all']) {
      const res = await refund(paymentId, { amount });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expectErrorShape(
        res.body,
        typeof amount === 'string' ? 'VALIDATION_FAILED' : 'REFUND_EXCEEDS_PAYMENT',
      );
    }
    const unknown = await refund(randomUUID(), {});
    expect(unknown.status).toBe(404);
    expectErrorShape(unknown.body, 'PAYMENT_NOT_FOUND');
    const noKey = await refund(paymentId, {}, null);
    expect(noKey.status).toBe(400);
    expectErrorShape(noKey.body, 'IDEMPOTENCY_KEY_REQUIRED');
    const noToken = await refund(paymentId, {}, randomUUID(), null);
    expect(noToken.status).toBe(401);
    const wrongToken = await refund(paymentId, {}, randomUUID(), 'not-the-operator-token-at-all');
    expect(wrongToken.status).toBe(401);
    // A viewer's own token is not an operator's.
    const asViewer = await refund(paymentId, {}, randomUUID(), viewer.bearer);
    expect(asViewer.status).toBe(401);
    await deliveriesSettled();
    expect(await countRows(host(), 'refunds', viewer.userId)).toBe(0);
    expect(await subscriptionOf(viewer)).toMatchObject({ state: 'ACTIVE' });
  });
});
