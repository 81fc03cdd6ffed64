/** @jest-environment node */
/**
 * Passes for one match and one league's season (issue 34 §3, decisions 452–456) over real HTTP
 * on PGlite and PostgreSQL: the offer priced per region as plans are, the purchase through the
 * ordinary checkout, the entitlement that plays that match (live and replay) and nothing else,
 * a refund that ends it, and the refusals (cancelled, over, owned, included in a plan).
 */
import type { PassShelf, PaymentReceipt } from '@crease/contract';
import { buyPlan, eventually, expectErrorShape } from '../../testing/billing-helpers';
import { passSuite } from '../../testing/pass-fixtures';
import { describeEachDatabase } from '../../testing/test-api';

describeEachDatabase('Passes for one match and one season', (host) => {
  const s = passSuite(host);
  const { ids } = s;

  it('prices the match pass per region as plans are, with GST shown in India', async () => {
    const india = await s.offer(null, { eventId: ids.live, regionGuess: 'IN' });
    expect(india.status).toBe(200);
    expect(india.body).toMatchObject({
      scope: 'MATCH',
      planId: 'one-match',
      eventId: ids.live,
      leagueId: ids.league,
      title: `Match ${ids.live}`,
      price: 29,
      currency: 'INR',
      region: 'IN',
      maxDevices: 1,
      available: true,
      reason: null,
    });
    expect(india.body.taxBreakdown).toMatchObject({
      label: 'GST',
      ratePercent: 18,
      net: 24.58,
      tax: 4.42,
    });
    expect((await s.offer(null, { eventId: ids.live, regionGuess: 'GB' })).body).toMatchObject({
      price: 1.49,
      currency: 'GBP',
      taxBreakdown: null,
    });
    expect((await s.offer(null, { eventId: ids.live, regionGuess: 'US' })).body).toMatchObject({
      price: 1.99,
      currency: 'USD',
    });
    const season = await s.offer(null, { leagueId: ids.league, regionGuess: 'AU' });
    expect(season.body).toMatchObject({ scope: 'SEASON', price: 22.99, currency: 'AUD' });
    // Passes are sold beside their match, not on /plans.
    const plans = await s.api.client().get<{ planId: string }[]>('/api/v1/billing/plans');
    expect(plans.body.map((p) => p.planId)).not.toContain('one-match');
  });

  it('sells a match pass through the checkout; it plays that match and is refused on another', async () => {
    const v = await s.viewer('IN');
    const paid = await s.buyPass(v, 'MATCH', ids.live);
    expect(paid).toMatchObject({ planId: 'one-match', amount: 29, currency: 'INR', renewal: null });
    const grant = await s.stream(v, ids.live);
    expect(grant.status).toBe(201);
    expect(grant.body).toMatchObject({ eventId: ids.live, heartbeatSeconds: null });
    // Another match of the same league: the existing refusal, as without a plan.
    const other = await s.stream(v, ids.ended);
    expect(other.status).toBe(403);
    expectErrorShape(other.body, 'NOT_ENTITLED');
    expect(other.body.reason).toBe('NO_PLAN');
    // Not a subscription: no plan, nothing renews.
    const sub = await v.client.get<{ state: string }>('/api/v1/billing/subscription', {
      bearer: v.bearer,
    });
    expect(sub.body.state).toBe('NONE');
    // The receipt names the match, with the GST invoice of every Indian payment.
    const receipt = await v.client.get<PaymentReceipt>(
      `/api/v1/billing/payments/${paid.paymentId}`,
      { bearer: v.bearer },
    );
    expect(receipt.body).toMatchObject({
      plan: `Match pass: Match ${ids.live}`,
      amount: 29,
      placeOfSupply: 'India (IN)',
    });
    expect(receipt.body.invoiceNumber).toMatch(/\d/);
    // Now the offer says so, and a second purchase is refused before anything is opened.
    expect((await s.offer(v, { eventId: ids.live })).body).toMatchObject({
      available: false,
      reason: 'ALREADY_OWNED',
    });
    const shelf = await v.client.get<PassShelf>('/api/v1/billing/passes', { bearer: v.bearer });
    expect(shelf.body).toEqual({
      region: 'IN',
      currency: 'INR',
      matchPrice: 29,
      seasonPrice: 399,
      planIncludesAll: false,
      owned: [
        { scope: 'MATCH', eventId: ids.live, leagueId: ids.league, title: `Match ${ids.live}` },
      ],
    });
    const again = await s.checkout(v, 'MATCH', ids.live);
    expect(again.status).toBe(409);
    expectErrorShape(again.body, 'PASS_ALREADY_OWNED');
  });

  it('plays a finished match as its replay, and a season pass plays every match of its league only', async () => {
    const v = await s.viewer();
    await s.buyPass(v, 'MATCH', ids.ended);
    expect((await s.stream(v, ids.ended)).status).toBe(201);
    const fan = await s.viewer();
    await s.buyPass(fan, 'SEASON', ids.league);
    expect((await s.stream(fan, ids.live)).status).toBe(201);
    expect((await s.stream(fan, ids.ended)).status).toBe(201);
    const elsewhere = await s.stream(fan, ids.elsewhere);
    expect(elsewhere.status).toBe(403);
    expectErrorShape(elsewhere.body, 'NOT_ENTITLED');
  });

  it('a full refund ends the pass: the next stream and the next token are refused', async () => {
    const v = await s.viewer();
    const paid = await s.buyPass(v, 'MATCH', ids.live);
    const grant = await s.stream(v, ids.live);
    expect(grant.status).toBe(201);
    expect((await s.refund(paid.paymentId!)).status).toBe(202);
    await eventually(async () => (await s.stream(v, ids.live)).status === 403);
    const renewed = await v.client.request(
      'POST',
      `/api/v1/streams/${grant.body.streamId}/token`,
      undefined,
      undefined,
      { bearer: v.bearer },
    );
    expect(renewed.status).toBe(403);
    // Refunded, it may be bought again.
    expect((await s.offer(v, { eventId: ids.live })).body.available).toBe(true);
  });

  it('refuses a cancelled match, keeps selling a postponed one, and refuses a running subscription', async () => {
    const v = await s.viewer();
    const cancelled = await s.checkout(v, 'MATCH', ids.cancelled);
    expect(cancelled.status).toBe(409);
    expectErrorShape(cancelled.body, 'PASS_NOT_AVAILABLE');
    expect(cancelled.body.message).toMatch(/cancelled/);
    expect((await s.offer(null, { eventId: ids.cancelled })).body).toMatchObject({
      available: false,
      reason: 'MATCH_CANCELLED',
    });
    await s.buyPass(v, 'MATCH', ids.postponed);
    expect((await s.offer(v, { eventId: ids.postponed })).body.reason).toBe('ALREADY_OWNED');

    const subscriber = await s.viewer();
    await buyPlan(subscriber, 'monthly');
    expect((await s.offer(subscriber, { eventId: ids.soon })).body).toMatchObject({
      available: false,
      reason: 'INCLUDED_IN_PLAN',
    });
    const refused = await s.checkout(subscriber, 'SEASON', ids.league);
    expect(refused.status).toBe(409);
    expectErrorShape(refused.body, 'PASS_NOT_AVAILABLE');
  });

  it('answers bad input with a clear error and creates nothing', async () => {
    const v = await s.viewer();
    const noMatch = await v.client.postJson(
      '/api/v1/billing/checkouts',
      { planId: 'one-match' },
      { bearer: v.bearer, headers: { 'idempotency-key': 'k-none' } },
    );
    expect(noMatch.status).toBe(400);
    expectErrorShape(noMatch.body, 'VALIDATION_FAILED');
    const unknown = await s.checkout(v, 'MATCH', 'no-such-match');
    expect(unknown.status).toBe(404);
    const onPlan = await v.client.postJson(
      '/api/v1/billing/checkouts',
      { planId: 'monthly', eventId: ids.live },
      { bearer: v.bearer, headers: { 'idempotency-key': 'k-plan' } },
    );
    expect(onPlan.status).toBe(400);
    const coupon = await v.client.postJson(
      '/api/v1/billing/checkouts',
      { planId: 'one-match', eventId: ids.live, couponCode: 'WELCOME20' },
      { bearer: v.bearer, headers: { 'idempotency-key': 'k-coupon' } },
    );
    expect(coupon.status).toBe(422);
    expectErrorShape(coupon.body, 'COUPON_NOT_APPLICABLE');
  });
});
