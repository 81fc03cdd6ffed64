/** @jest-environment node */
/**
 * The billing API's checkout over real HTTP, on PGlite and PostgreSQL: the sandbox's hosted card
 * page from order to receipt, its refusals, and the trial.
 */
import { randomUUID } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '@crease/contract';
import type { PaymentPage } from '@crease/contract';
import {
  buyPlan,
  countRows,
  createCheckout,
  entitlement,
  eventually,
  expectErrorShape,
  getCheckout,
  newViewer,
  registerDevice,
  submitCard,
} from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import { billingApiWithTestRows } from '../testing/billing-api-rows';

describeEachDatabase('Billing API: checkout and trial', (host) => {
  const s = billingApiWithTestRows(host);

  describe('checkout and the sandbox card page', () => {
    it('prices with the coupon, pays with 4242…, and only the webhook activates the plan', async () => {
      const viewer = await newViewer(s.api);
      const vidictId = randomUUID();
      expect((await entitlement(viewer)).reason).toBe('NO_PLAN');
      const created = await createCheckout(viewer, {
        planId: 'monthly',
        couponCode: ' welcome20 ',
        expectedAmount: 7.99,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        status: 'OPEN',
        amount: 7.99,
        listPrice: 9.99,
        percentage: 20,
        couponCode: 'WELCOME20',
        paymentSystem: 'SANDBOX',
      });
      expect(created.body.redirectUrl).toBe(
        `http://localhost:4700/secure-payment?session=${created.body.sessionId}`,
      );
      const page = await viewer.client.get(
        `/api/v1/sandbox-provider/sessions/${created.body.sessionId}`,
      );
      expect(page.body).toMatchObject({ amount: 7.99, currency: 'USD', status: 'OPEN' });

      const paid = await submitCard(viewer.client, created.body.sessionId);
      expect(paid.status).toBe(200);
      expect(paid.body).toMatchObject({ status: 'SUCCEEDED' });
      const checkout = await eventually(async () => {
        const c = await getCheckout(viewer, created.body.checkoutId);
        return c.status === 'PAID' ? c : null;
      });
      expect(checkout.paymentId).toEqual(expect.any(String));
      const ent = await entitlement(viewer);
      expect(ent).toMatchObject({
        entitled: true,
        reason: 'ACTIVE_PLAN',
        state: 'ACTIVE',
        planId: 'monthly',
      });
      // On a device not registered, the same account may not watch.
      expect(await entitlement(viewer, vidictId)).toMatchObject({
        entitled: false,
        reason: 'DEVICE_NOT_REGISTERED',
      });
      const history = await viewer.client.get<PaymentPage>('/api/v1/billing/payments', {
        bearer: viewer.bearer,
      });
      expect(history.body.total).toBe(1);
      expect(history.body.payments[0]).toMatchObject({
        plan: 'Monthly',
        amount: 7.99,
        paymentSystem: 'SANDBOX',
        paymentDate: expect.any(Number),
      });
      expect(Number.isInteger(history.body.payments[0]?.paymentDate)).toBe(true);
      const receipt = await viewer.client.get(`/api/v1/billing/payments/${checkout.paymentId}`, {
        bearer: viewer.bearer,
      });
      expect(receipt.body).toMatchObject({
        couponCode: 'WELCOME20',
        listPrice: 9.99,
        email: viewer.email,
      });
      // The session cannot be paid twice.
      const again = await submitCard(viewer.client, created.body.sessionId);
      expect(again.status).toBe(409);
      expectErrorShape(again.body, 'SESSION_ALREADY_PAID');
      expect(await countRows(host(), 'payments', viewer.userId)).toBe(1);
    });

    it.each([
      [SANDBOX_TEST_CARDS.declined, 'CARD_DECLINED'],
      [SANDBOX_TEST_CARDS.insufficientFunds, 'INSUFFICIENT_FUNDS'],
    ])(
      'card %s fails with 402 %s, the checkout turns FAILED, and another card still pays',
      async (card, code) => {
        const viewer = await newViewer(s.api);
        const created = await createCheckout(viewer, { planId: 'match-pass' });
        const declined = await submitCard(viewer.client, created.body.sessionId, card);
        expect(declined.status).toBe(402);
        expectErrorShape(declined.body, code);
        const failed = await eventually(async () => {
          const c = await getCheckout(viewer, created.body.checkoutId);
          return c.status === 'FAILED' ? c : null;
        });
        expect(failed.failureCode).toBe(code);
        expect((await entitlement(viewer)).entitled).toBe(false);
        expect(await countRows(host(), 'payments', viewer.userId)).toBe(0);
        expect((await submitCard(viewer.client, created.body.sessionId)).status).toBe(200);
        await eventually(
          async () => (await getCheckout(viewer, created.body.checkoutId)).status === 'PAID',
        );
        expect((await entitlement(viewer)).entitled).toBe(true);
      },
    );

    it('4000 0027 6000 3184 asks for confirmation; refusing fails, approving pays', async () => {
      const viewer = await newViewer(s.api);
      const created = await createCheckout(viewer, { planId: 'match-pass' });
      const session = created.body.sessionId;
      const step = await submitCard(
        viewer.client,
        session,
        SANDBOX_TEST_CARDS.requiresConfirmation,
      );
      expect(step.status).toBe(200);
      expect(step.body).toMatchObject({ status: 'REQUIRES_CONFIRMATION' });
      const confirmPath = `/api/v1/sandbox-provider/sessions/${session}/confirm`;
      const refused = await viewer.client.postJson(confirmPath, { approve: false });
      expect(refused.status).toBe(402);
      expectErrorShape(refused.body, 'AUTHENTICATION_FAILED');
      const notWaiting = await viewer.client.postJson(confirmPath, { approve: true });
      expect(notWaiting.status).toBe(409);
      expectErrorShape(notWaiting.body, 'SESSION_NOT_AWAITING_CONFIRMATION');
      await submitCard(viewer.client, session, SANDBOX_TEST_CARDS.requiresConfirmation);
      const approved = await viewer.client.postJson(confirmPath, { approve: true });
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: 'SUCCEEDED' });
      await eventually(
        async () => (await getCheckout(viewer, created.body.checkoutId)).status === 'PAID',
      );
      const charges = await host().query(
        "SELECT status FROM sandbox_charges WHERE session_id = $1 AND status = 'succeeded'",
        [session],
      );
      expect(charges).toHaveLength(1);
    });

    it.each([
      ['4242 4242 4242 4241', 12, 2099, '123', 'CARD_NUMBER_INVALID'],
      ['4242', 12, 2099, '123', 'CARD_NUMBER_INVALID'],
      ['4242 4242 4242 4242', 13, 2099, '123', 'CARD_EXPIRY_INVALID'],
      ['4242 4242 4242 4242', 1, 2020, '123', 'CARD_EXPIRED'],
      ['4242 4242 4242 4242', 12, 2099, '12', 'CARD_CVC_INVALID'],
      ['4242 4242 4242 4242', 12, 2099, 'abc', 'CARD_CVC_INVALID'],
    ])(
      'refuses card %s %i/%i cvc %s with 400 %s and charges nothing',
      async (number, expMonth, expYear, cvc, code) => {
        const viewer = await newViewer(s.api);
        const created = await createCheckout(viewer, { planId: 'match-pass' });
        const res = await viewer.client.postJson(
          `/api/v1/sandbox-provider/sessions/${created.body.sessionId}/card`,
          { number, expMonth, expYear, cvc },
        );
        expect(res.status).toBe(400);
        expectErrorShape(res.body, code);
        expect(
          await host().query('SELECT id FROM sandbox_charges WHERE session_id = $1', [
            created.body.sessionId,
          ]),
        ).toHaveLength(0);
      },
    );

    it('answers 404 for an unknown session', async () => {
      const res = await submitCard(s.api.client(), 'cs_test_doesnotexist000');
      expect(res.status).toBe(404);
      expectErrorShape(res.body, 'SESSION_NOT_FOUND');
    });

    it('a double click and 100 concurrent clicks with one key make one checkout and one charge', async () => {
      const viewer = await newViewer(s.api);
      const key = randomUUID();
      const clicks = await Promise.all(
        Array.from({ length: 100 }, () => createCheckout(viewer, { planId: 'season' }, key)),
      );
      const ids = new Set(clicks.filter((c) => c.status === 201).map((c) => c.body.checkoutId));
      expect(ids.size).toBe(1);
      for (const click of clicks)
        if (click.status !== 201) {
          expect(click.status).toBe(409);
          expectErrorShape(click.body, 'IDEMPOTENCY_KEY_IN_USE');
        }
      const replay = await createCheckout(viewer, { planId: 'season' }, key);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(ids.has(replay.body.checkoutId)).toBe(true);
      expect(await countRows(host(), 'checkouts', viewer.userId)).toBe(1);
      // Twenty Pay clicks on the card page: one charge.
      const pays = await Promise.all(
        Array.from({ length: 20 }, () => submitCard(viewer.client, replay.body.sessionId)),
      );
      expect(pays.filter((p) => p.status === 200)).toHaveLength(1);
      expect(pays.filter((p) => p.status === 409)).toHaveLength(19);
      await eventually(
        async () => (await getCheckout(viewer, replay.body.checkoutId)).status === 'PAID',
      );
      expect(await countRows(host(), 'payments', viewer.userId)).toBe(1);
    });

    it('gives the last redemption of a limited coupon to one checkout', async () => {
      const [first, second] = [await newViewer(s.api), await newViewer(s.api)];
      const a = await createCheckout(first, { planId: 'monthly', couponCode: 'LAST1' });
      expect(a.status).toBe(201);
      const b = await createCheckout(second, { planId: 'monthly', couponCode: 'LAST1' });
      expect(b.status).toBe(409);
      expectErrorShape(b.body, 'COUPON_EXHAUSTED');
    });

    it("does not show a viewer someone else's checkout", async () => {
      const [owner, other] = [await newViewer(s.api), await newViewer(s.api)];
      const created = await createCheckout(owner, { planId: 'monthly' });
      const res = await other.client.get(`/api/v1/billing/checkouts/${created.body.checkoutId}`, {
        bearer: other.bearer,
      });
      expect(res.status).toBe(404);
      expectErrorShape(res.body, 'CHECKOUT_NOT_FOUND');
    });
  });

  describe('trial', () => {
    it('activates once per account and once per device', async () => {
      const viewer = await newViewer(s.api);
      const vidictId = randomUUID();
      const offer = await viewer.client.get(`/api/v1/billing/trial?vidictId=${vidictId}`, {
        bearer: viewer.bearer,
      });
      expect(offer.body).toMatchObject({ available: true, reason: null, limits: { days: 7 } });
      await registerDevice(viewer, vidictId);
      const trial = await viewer.client.postJson(
        '/api/v1/billing/trial',
        { vidictId },
        { bearer: viewer.bearer },
      );
      expect(trial.status).toBe(201);
      expect(trial.body).toMatchObject({ state: 'TRIAL', planId: 'trial', entitled: true });
      expect(await entitlement(viewer)).toMatchObject({
        entitled: true,
        reason: 'TRIAL',
        trialSecondsLeft: 7200,
        trialTodaySecondsLeft: 1800,
      });
      const second = await viewer.client.postJson(
        '/api/v1/billing/trial',
        { vidictId: randomUUID() },
        { bearer: viewer.bearer },
      );
      expect(second.status).toBe(409);
      expectErrorShape(second.body, 'TRIAL_ALREADY_USED');

      const farmer = await newViewer(s.api);
      // The same browser, signed in to another account (a trial names only a registered device).
      await registerDevice(farmer, vidictId);
      const sameDevice = await farmer.client.postJson(
        '/api/v1/billing/trial',
        { vidictId },
        { bearer: farmer.bearer },
      );
      expect(sameDevice.status).toBe(409);
      expectErrorShape(sameDevice.body, 'TRIAL_DEVICE_ALREADY_USED');
      expect((await entitlement(farmer)).reason).toBe('NO_PLAN');
      expect(await countRows(host(), 'subscription_transitions', farmer.userId)).toBe(0);
    });

    it('is not offered to a paying viewer', async () => {
      const viewer = await newViewer(s.api);
      await buyPlan(viewer, 'match-pass');
      const res = await viewer.client.postJson(
        '/api/v1/billing/trial',
        { vidictId: randomUUID() },
        { bearer: viewer.bearer },
      );
      expect(res.status).toBe(409);
      expectErrorShape(res.body, 'PLAN_ALREADY_ACTIVE');
    });
  });
});
