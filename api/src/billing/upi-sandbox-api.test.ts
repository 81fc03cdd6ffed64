/** @jest-environment node */
/**
 * The sandbox's UPI page over real HTTP on PGlite and PostgreSQL (issue 34 §2, decision 461): an
 * Indian viewer pays in rupees with a UPI ID. success@razorpay approves (a subscription asks for
 * its AutoPay mandate first and leaves an ACTIVE mandate on our side), failure@razorpay
 * declines, pending@razorpay never answers: the viewer waits, gives up and pays by card, and
 * nothing is charged twice.
 */
import { SANDBOX_TEST_VPAS } from '@crease/contract';
import type { SandboxSessionView } from '@crease/contract';
import {
  createCheckout,
  eventually,
  expectErrorShape,
  getCheckout,
  newViewer,
  subscriptionOf,
  submitCard,
} from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import { billingApiForSuite } from '../testing/billing-suite';
import {
  confirmSession,
  indianViewer,
  mandateRow,
  payByUpi,
  subscribeWithUpi,
} from '../testing/upi-helpers';

describeEachDatabase('UPI in the sandbox', (host) => {
  const suite = billingApiForSuite(host);

  const view = async (sessionId: string) =>
    (
      await suite.api
        .client()
        .get<SandboxSessionView>(`/api/v1/sandbox-provider/sessions/${sessionId}`)
    ).body;
  const succeededCharges = async (sessionId: string) =>
    Number(
      (
        await host().query<{ n: string | number }>(
          "SELECT count(*) AS n FROM sandbox_charges WHERE session_id = $1 AND status = 'succeeded'",
          [sessionId],
        )
      )[0]?.n,
    );

  it('success@razorpay: a subscription asks for the AutoPay mandate, then pays and keeps it ACTIVE', async () => {
    const viewer = await indianViewer(suite.api, host());
    const created = await createCheckout(viewer, { planId: 'monthly' });
    expect(created.body).toMatchObject({ currency: 'INR' });
    expect((await view(created.body.sessionId)).methods).toEqual(['CARD', 'UPI']);

    const asked = await payByUpi(viewer, created.body.sessionId, ' Success@RazorPay ');
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ status: 'REQUIRES_CONFIRMATION' });
    expect(await view(created.body.sessionId)).toMatchObject({
      status: 'REQUIRES_CONFIRMATION',
      confirming: 'UPI_MANDATE',
      vpa: SANDBOX_TEST_VPAS.success,
    });
    expect(await succeededCharges(created.body.sessionId)).toBe(0);

    const approved = await confirmSession(viewer, created.body.sessionId, true);
    expect(approved.body).toMatchObject({ status: 'SUCCEEDED' });
    await eventually(async () => {
      const checkout = await getCheckout(viewer, created.body.checkoutId);
      return checkout.status === 'PAID';
    });
    const mandate = await mandateRow(host(), viewer.userId);
    expect(mandate).toMatchObject({ status: 'ACTIVE', vpa: SANDBOX_TEST_VPAS.success });
    expect(mandate?.id).toMatch(/^mdt_/);
    expect(await subscriptionOf(viewer)).toMatchObject({ state: 'ACTIVE', renews: true });
    expect(await succeededCharges(created.body.sessionId)).toBe(1);
  });

  it('refusing the mandate, or failure@razorpay, declines with UPI_DECLINED and charges nothing', async () => {
    const viewer = await indianViewer(suite.api, host());
    const created = await createCheckout(viewer, { planId: 'monthly' });
    const declined = await payByUpi(viewer, created.body.sessionId, SANDBOX_TEST_VPAS.failure);
    expect(declined.status).toBe(402);
    expectErrorShape(declined.body, 'UPI_DECLINED');
    const failed = await eventually(async () => {
      const checkout = await getCheckout(viewer, created.body.checkoutId);
      return checkout.status === 'FAILED' ? checkout : null;
    });
    expect(failed.failureCode).toBe('UPI_DECLINED');

    await payByUpi(viewer, created.body.sessionId, SANDBOX_TEST_VPAS.success);
    const refused = await confirmSession(viewer, created.body.sessionId, false);
    expect(refused.status).toBe(402);
    expectErrorShape(refused.body, 'UPI_DECLINED');
    expect(await succeededCharges(created.body.sessionId)).toBe(0);
    expect(await mandateRow(host(), viewer.userId)).toBeUndefined();
    expect((await subscriptionOf(viewer)).state).not.toBe('ACTIVE');
  });

  it('pending@razorpay never answers: the viewer waits, goes back, pays by card, and is charged once', async () => {
    const viewer = await indianViewer(suite.api, host());
    const created = await createCheckout(viewer, { planId: 'monthly' });
    const sessionId = created.body.sessionId;
    const waiting = await payByUpi(viewer, sessionId, SANDBOX_TEST_VPAS.neverAnswers);
    expect(waiting.body).toMatchObject({ status: 'AWAITING_UPI' });
    expect(await view(sessionId)).toMatchObject({
      status: 'AWAITING_UPI',
      vpa: SANDBOX_TEST_VPAS.neverAnswers,
    });
    // Hours pass: the UPI app still says nothing, and nothing is taken.
    await suite.api.advanceClock(10 * 60);
    expect((await getCheckout(viewer, created.body.checkoutId)).status).toBe('OPEN');
    expect(await succeededCharges(sessionId)).toBe(0);

    const back = await viewer.client.postJson<SandboxSessionView>(
      `/api/v1/sandbox-provider/sessions/${sessionId}/upi/cancel`,
      {},
    );
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: 'OPEN', vpa: null });
    const again = await viewer.client.postJson(
      `/api/v1/sandbox-provider/sessions/${sessionId}/upi/cancel`,
      {},
    );
    expect(again.status).toBe(409);
    expectErrorShape(again.body, 'SESSION_NOT_AWAITING_UPI');

    const card = await submitCard(viewer.client, sessionId);
    expect(card.body).toMatchObject({ status: 'SUCCEEDED' });
    await eventually(async () => {
      const checkout = await getCheckout(viewer, created.body.checkoutId);
      return checkout.status === 'PAID';
    });
    expect(await succeededCharges(sessionId)).toBe(1);
    // A late UPI attempt on the paid session cannot take money again.
    const late = await payByUpi(viewer, sessionId, SANDBOX_TEST_VPAS.success);
    expect(late.status).toBe(409);
    expectErrorShape(late.body, 'SESSION_ALREADY_PAID');
    expect(await mandateRow(host(), viewer.userId)).toBeUndefined();
  });

  it('UPI only for rupees, and a UPI ID must look like one', async () => {
    const viewer = await newViewer(suite.api, 'upi-usd');
    const usd = await createCheckout(viewer, { planId: 'monthly' });
    expect((await view(usd.body.sessionId)).methods).toEqual(['CARD']);
    const refused = await payByUpi(viewer, usd.body.sessionId, SANDBOX_TEST_VPAS.success);
    expect(refused.status).toBe(409);
    expectErrorShape(refused.body, 'UPI_NOT_OFFERED');

    const indian = await indianViewer(suite.api, host());
    const inr = await createCheckout(indian, { planId: 'monthly' });
    const bad = await payByUpi(indian, inr.body.sessionId, 'not a upi id');
    expect(bad.status).toBe(400);
    expectErrorShape(bad.body, 'VPA_INVALID');
  });

  it('the mandate is kept once however often the webhook comes', async () => {
    const viewer = await indianViewer(suite.api, host());
    await subscribeWithUpi(viewer);
    const rows = await host().query('SELECT id FROM payment_mandates WHERE user_id = $1', [
      viewer.userId,
    ]);
    expect(rows).toHaveLength(1);
  });
});
