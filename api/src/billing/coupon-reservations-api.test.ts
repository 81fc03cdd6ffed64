/** @jest-environment node */
/**
 * Coupons cannot be hoarded (issue 19 §5, decisions 166 and 167), over real HTTP on PGlite and
 * PostgreSQL. An account holds at most one open reservation per coupon (a new checkout takes the
 * old one's place over), a coupon may limit its redemptions per account (WELCOME20 once), and
 * every checkout says whether it still holds its coupon.
 */
import { randomUUID } from 'node:crypto';
import type { Checkout } from '@crease/contract';
import {
  BILLING_TEST_ENV,
  buyPlan,
  createCheckout,
  eventually,
  expectErrorShape,
  getCheckout,
  newViewer,
  postWebhook,
  sandboxEvent,
  sandboxSignature,
  submitCard,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeEachDatabase } from '../testing/test-api';

describeEachDatabase('Coupon reservations', (host) => {
  const suite = billingApiForSuite(host);

  /** A fresh coupon for one test, so the tests do not share redemption counts. */
  async function coupon(limit: number | null, perAccount: number | null = null): Promise<string> {
    const code = `T${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
    await host().query(
      `INSERT INTO coupons (code, percentage, valid_from, redemption_limit, plan_ids)
       VALUES ($1, 25, now() - interval '1 day', $2, '[]')`,
      [code, limit],
    );
    if (perAccount !== null)
      await host().query('UPDATE coupons SET per_account_limit = $1 WHERE code = $2', [
        perAccount,
        code,
      ]);
    return code;
  }
  const redeemed = async (code: string) =>
    Number(
      (
        await host().query<{ redeemed: number }>('SELECT redeemed FROM coupons WHERE code = $1', [
          code,
        ])
      )[0]?.redeemed,
    );
  const heldBy = async (viewer: Viewer, code: string) =>
    (
      await host().query<{ id: string }>(
        "SELECT id FROM checkouts WHERE user_id = $1 AND coupon_code = $2 AND coupon_reservation = 'HELD'",
        [viewer.userId, code],
      )
    ).map((row) => row.id);
  const checkCoupon = (viewer: Viewer, code: string, planId = 'monthly') =>
    viewer.client.get(`/api/v1/billing/coupons/check?code=${code}&planId=${planId}`, {
      bearer: viewer.bearer,
    });

  it('keeps one reservation per account: each new checkout takes the older one’s place over', async () => {
    const code = await coupon(100);
    const hoarder = await newViewer(suite.api, 'hoarder');
    const opened: Checkout[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await createCheckout(hoarder, { planId: 'season', couponCode: code });
      expect(res.status).toBe(201);
      expect(res.body.couponReservation).toBe('HELD');
      opened.push(res.body);
    }
    expect(await redeemed(code)).toBe(1);
    expect(await heldBy(hoarder, code)).toEqual([opened[2]?.checkoutId]);
    // Each checkout's own state says whether it still holds the coupon.
    const states = await Promise.all(
      opened.map(async (c) => (await getCheckout(hoarder, c.checkoutId)).couponReservation),
    );
    expect(states).toEqual(['TAKEN_OVER', 'TAKEN_OVER', 'HELD']);
    // A checkout without a coupon has no reservation.
    const plain = await createCheckout(hoarder, { planId: 'monthly' });
    expect(plain.body).toMatchObject({ couponCode: null, couponReservation: null });
  });

  it('cannot exhaust a limited coupon for everyone from one account', async () => {
    const code = await coupon(2);
    const hoarder = await newViewer(suite.api, 'hoarder');
    for (let i = 0; i < 5; i++)
      expect((await createCheckout(hoarder, { planId: 'season', couponCode: code })).status).toBe(
        201,
      );
    const buyer = await newViewer(suite.api, 'buyer');
    expect((await checkCoupon(buyer, code)).status).toBe(200);
    const res = await createCheckout(buyer, { planId: 'season', couponCode: code });
    expect(res.status).toBe(201);
    expect(await redeemed(code)).toBe(2);

    // Now the coupon is used up for a third account, while each holder can still take over its own place.
    const third = await newViewer(suite.api, 'third');
    const refused = await createCheckout(third, { planId: 'season', couponCode: code });
    expect(refused.status).toBe(409);
    expectErrorShape(refused.body, 'COUPON_EXHAUSTED');
    expect((await createCheckout(hoarder, { planId: 'season', couponCode: code })).status).toBe(
      201,
    );
    expect((await checkCoupon(hoarder, code)).status).toBe(200);
    expect(await redeemed(code)).toBe(2);
  });

  it('leaves one reservation when one account opens checkouts concurrently', async () => {
    const code = await coupon(50);
    const racer = await newViewer(suite.api, 'racer');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        createCheckout(racer, { planId: 'season', couponCode: code }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array<number>(8).fill(201));
    expect(await heldBy(racer, code)).toHaveLength(1);
    expect(await redeemed(code)).toBe(1);
  });

  it('holds the database to one reservation per account and coupon', async () => {
    const code = await coupon(null);
    const viewer = await newViewer(suite.api, 'index');
    const first = await createCheckout(viewer, { planId: 'monthly', couponCode: code });
    const second = await createCheckout(viewer, { planId: 'monthly', couponCode: code });
    // Forcing the older one back to HELD is refused by the partial unique index.
    const refused = await host()
      .query("UPDATE checkouts SET coupon_reservation = 'HELD' WHERE id = $1", [
        first.body.checkoutId,
      ])
      .then(
        () => null,
        (error: Error) => error,
      );
    expect(refused).toBeInstanceOf(Error);
    // The same row takes any other value: it was the index that refused.
    await host().query("UPDATE checkouts SET coupon_reservation = 'RELEASED' WHERE id = $1", [
      first.body.checkoutId,
    ]);
    const index = await host().query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE indexname = 'checkouts_one_coupon_hold_key'",
    );
    expect(index[0]?.indexdef).toMatch(/UNIQUE INDEX .*\(user_id, coupon_code\) WHERE .*HELD/);
    expect(await heldBy(viewer, code)).toEqual([second.body.checkoutId]);
  });

  it('redeems WELCOME20 once per account, and says so on the check and at checkout', async () => {
    const viewer = await newViewer(suite.api, 'welcome');
    // Unpaid checkouts do not use it up: the account may change its mind.
    await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    const paid = await buyPlan(viewer, 'match-pass', 'WELCOME20');
    expect(paid.couponReservation).toBe('REDEEMED');

    const check = await checkCoupon(viewer, 'welcome20');
    expect(check.status).toBe(409);
    expectErrorShape(check.body, 'COUPON_ALREADY_USED');
    expect(check.body).toMatchObject({
      userId: viewer.userId,
      message: 'You have already used this coupon.',
    });
    const again = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    expect(again.status).toBe(409);
    expectErrorShape(again.body, 'COUPON_ALREADY_USED');
    expect((await createCheckout(viewer, { planId: 'monthly' })).status).toBe(201);

    // Other accounts still get it.
    const other = await newViewer(suite.api, 'welcome-other');
    expect((await checkCoupon(other, 'WELCOME20')).body).toMatchObject({ valid: true });
  });

  it('honours a per-account limit above one', async () => {
    const code = await coupon(null, 2);
    const viewer = await newViewer(suite.api, 'twice');
    await buyPlan(viewer, 'match-pass', code);
    await buyPlan(viewer, 'match-pass', code);
    const third = await createCheckout(viewer, { planId: 'match-pass', couponCode: code });
    expect(third.status).toBe(409);
    expectErrorShape(third.body, 'COUPON_ALREADY_USED');
  });

  it('spends the enumeration budget on an already-used code like any refused code', async () => {
    const code = await coupon(null, 1);
    const viewer = await newViewer(suite.api, 'budget');
    await buyPlan(viewer, 'match-pass', code);
    // BILLING_TEST_ENV allows 10 failures per account and window: the 11th is 429.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await checkCoupon(viewer, code)).status);
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(409));
    expect(statuses[10]).toBe(429);
  });

  it('a taken-over checkout that is paid anyway takes the place back, counting once', async () => {
    const code = await coupon(10);
    const viewer = await newViewer(suite.api, 'late-pay');
    const older = await createCheckout(viewer, { planId: 'season', couponCode: code });
    const newer = await createCheckout(viewer, { planId: 'season', couponCode: code });
    // The takeover ended the older session (decision 203): its page refuses the card now...
    expect((await submitCard(viewer.client, older.body.sessionId)).status).toBe(410);
    // ...but a payment made in the moment before that landed is still reported, and stands.
    const body = sandboxEvent(older.body, 'checkout.session.completed');
    const late = await postWebhook(suite.api, 'sandbox', body, {
      'sandbox-signature': sandboxSignature(body),
    });
    expect(late.status).toBe(200);
    const paid = await eventually(async () => {
      const c = await getCheckout(viewer, older.body.checkoutId);
      return c.status === 'PAID' ? c : null;
    });
    expect(paid.couponReservation).toBe('REDEEMED');
    expect((await getCheckout(viewer, newer.body.checkoutId)).couponReservation).toBe('TAKEN_OVER');
    expect(await redeemed(code)).toBe(1);
    // The newer checkout lost its place to that payment, so its session is ended too.
    await eventually(async () => {
      const page = await viewer.client.get<{ status: string }>(
        `/api/v1/sandbox-provider/sessions/${newer.body.sessionId}`,
      );
      return page.body.status === 'EXPIRED';
    });
    expect((await submitCard(viewer.client, newer.body.sessionId)).status).toBe(410);
  });

  it('gives the place back when the holding checkout expires, not when a taken-over one does', async () => {
    const expiring = await host().start(BILLING_TEST_ENV);
    try {
      const code = await coupon(5);
      const viewer = await newViewer(expiring, 'expiry');
      const older = await createCheckout(viewer, { planId: 'season', couponCode: code });
      const newer = await createCheckout(viewer, { planId: 'season', couponCode: code });
      expect(await redeemed(code)).toBe(1);
      await expiring.advanceClock(31 * 60);
      await eventually(async () => {
        const stored = await host().query<{ status: string }>(
          'SELECT status FROM checkouts WHERE id IN ($1, $2)',
          [older.body.checkoutId, newer.body.checkoutId],
        );
        return stored.every((row) => row.status === 'EXPIRED');
      });
      const both = await Promise.all(
        [older, newer].map((c) => getCheckout(viewer, c.body.checkoutId)),
      );
      expect(both.map((c) => c.couponReservation)).toEqual(['TAKEN_OVER', 'RELEASED']);
      expect(await redeemed(code)).toBe(0);
    } finally {
      await expiring.close();
    }
  }, 60_000);
});
