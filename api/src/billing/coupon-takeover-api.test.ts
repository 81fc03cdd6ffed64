/** @jest-environment node */
/**
 * A checkout whose coupon place was taken over cannot be paid (decision 203), over real HTTP on
 * PGlite and PostgreSQL with the embedded sandbox provider. The attack: open two checkouts with
 * WELCOME20 (once per account), pay the first, now taken over, then the second. Before decision
 * 203 both payments went through and the account used the coupon twice.
 */
import { SANDBOX_TEST_CARDS } from '@crease/contract';
import type { SandboxSessionView } from '@crease/contract';
import {
  createCheckout,
  eventually,
  expectErrorShape,
  getCheckout,
  newViewer,
  submitCard,
} from '../testing/billing-helpers';
import type { Viewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeEachDatabase } from '../testing/test-api';

describeEachDatabase('A taken-over checkout', (host) => {
  const suite = billingApiForSuite(host);

  const redeemed = async (code: string) =>
    Number(
      (
        await host().query<{ redeemed: number }>('SELECT redeemed FROM coupons WHERE code = $1', [
          code,
        ])
      )[0]?.redeemed,
    );
  /** The account's payments with the coupon: what it actually got. */
  const paymentsWith = async (viewer: Viewer, code: string) =>
    Number(
      (
        await host().query<{ n: number }>(
          'SELECT count(*)::int AS n FROM payments WHERE user_id = $1 AND coupon_code = $2',
          [viewer.userId, code],
        )
      )[0]?.n,
    );
  const hostedPage = async (viewer: Viewer, sessionId: string) =>
    (await viewer.client.get<SandboxSessionView>(`/api/v1/sandbox-provider/sessions/${sessionId}`))
      .body;
  const paid = (viewer: Viewer, checkoutId: string) =>
    eventually(async () => {
      const checkout = await getCheckout(viewer, checkoutId);
      return checkout.status === 'PAID' ? checkout : null;
    });

  it('gets WELCOME20 once per account when the viewer pays the taken-over session, then the new one', async () => {
    const before = await redeemed('WELCOME20');
    const viewer = await newViewer(suite.api, 'takeover');
    const first = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    const second = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    expect([first.status, second.status]).toEqual([201, 201]);

    // The old hosted page refuses the card, and says the session is over.
    const refused = await submitCard(viewer.client, first.body.sessionId);
    expect(refused.status).toBe(410);
    expectErrorShape(refused.body, 'SESSION_EXPIRED');
    expect(await hostedPage(viewer, first.body.sessionId)).toMatchObject({ status: 'EXPIRED' });

    // The new one is paid, and redeems the coupon.
    expect((await submitCard(viewer.client, second.body.sessionId)).status).toBe(200);
    expect(await paid(viewer, second.body.checkoutId)).toMatchObject({
      couponReservation: 'REDEEMED',
      amount: 7.99,
    });
    // The provider's expiry webhook closed the old checkout without giving back a place.
    const old = await eventually(async () => {
      const checkout = await getCheckout(viewer, first.body.checkoutId);
      return checkout.status === 'EXPIRED' ? checkout : null;
    });
    expect(old).toMatchObject({ couponReservation: 'TAKEN_OVER', failureCode: 'SESSION_EXPIRED' });
    expect(await paymentsWith(viewer, 'WELCOME20')).toBe(1);
    expect(await redeemed('WELCOME20')).toBe(before + 1);
    // And the account has used it.
    const again = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    expect(again.status).toBe(409);
    expectErrorShape(again.body, 'COUPON_ALREADY_USED');
  });

  it('refuses the bank step of a taken-over session that was waiting for it', async () => {
    const before = await redeemed('WELCOME20');
    const viewer = await newViewer(suite.api, 'takeover-3ds');
    const first = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    const waiting = await submitCard(
      viewer.client,
      first.body.sessionId,
      SANDBOX_TEST_CARDS.requiresConfirmation,
    );
    expect(waiting.body).toMatchObject({ status: 'REQUIRES_CONFIRMATION' });

    const second = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    expect(second.status).toBe(201);
    const confirmed = await viewer.client.postJson(
      `/api/v1/sandbox-provider/sessions/${first.body.sessionId}/confirm`,
      { approve: true },
    );
    expect(confirmed.status).toBe(410);
    expectErrorShape(confirmed.body, 'SESSION_EXPIRED');

    expect((await submitCard(viewer.client, second.body.sessionId)).status).toBe(200);
    await paid(viewer, second.body.checkoutId);
    expect(await paymentsWith(viewer, 'WELCOME20')).toBe(1);
    expect(await redeemed('WELCOME20')).toBe(before + 1);
  });

  it('leaves the current checkout payable and the count right when nothing was taken over', async () => {
    const before = await redeemed('WELCOME20');
    const viewer = await newViewer(suite.api, 'takeover-none');
    // A checkout without the coupon displaces nothing.
    const plain = await createCheckout(viewer, { planId: 'monthly' });
    const withCoupon = await createCheckout(viewer, { planId: 'monthly', couponCode: 'WELCOME20' });
    expect(await hostedPage(viewer, plain.body.sessionId)).toMatchObject({ status: 'OPEN' });
    expect(await hostedPage(viewer, withCoupon.body.sessionId)).toMatchObject({ status: 'OPEN' });
    expect(await redeemed('WELCOME20')).toBe(before + 1);
  });
});
