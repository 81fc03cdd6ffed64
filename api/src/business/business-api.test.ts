/** @jest-environment node */
/**
 * The admin's business desk over real HTTP (issue 33 §5, decisions 457, 458), on PGlite and
 * PostgreSQL: every route with each role, no session and an operator token (a bot); coupons
 * created, limited, ended and redeemed at a real checkout; a price change that reaches new
 * quotes only; a plan withdrawn from sale. Each write is in the audit with before → after.
 */
import { randomUUID } from 'node:crypto';
import type {
  AdminCoupon,
  AdminCouponRedemptions,
  AdminPlan,
  Plan,
  StaffAuditEntry,
} from '@crease/contract';
import { buyPlan, createCheckout, newViewer, submitCard } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { makeStaff, seedAdmin, signInStaff, staffBearer } from '../testing/staff-helpers';
import type { StaffLogin } from '../testing/staff-helpers';
import { describeEachDatabase } from '../testing/test-api';
import type { ApiClient, CallOptions, CallResult } from '../testing/test-api';

const REASON = 'Spring promotion (ticket 88)';
const OPERATOR_TOKEN = 'business-operator-token-0123456789';
const BASE = '/api/v1/staff/business';

function businessCalls(client: ApiClient) {
  const put = <T>(path: string, body: unknown, o: CallOptions) =>
    client.request<T & { code?: string }>('PUT', path, JSON.stringify(body), 'application/json', o);
  return {
    plans: (o: CallOptions) => client.get<AdminPlan[]>(`${BASE}/plans`, o),
    price: (planId: string, currency: string, minor: number, o: CallOptions) =>
      put<AdminPlan>(`${BASE}/plans/${planId}/prices/${currency}`, { minor, reason: REASON }, o),
    sale: (planId: string, onSale: boolean, o: CallOptions) =>
      put<AdminPlan>(`${BASE}/plans/${planId}/sale`, { onSale, reason: REASON }, o),
    coupons: (o: CallOptions) => client.get<AdminCoupon[]>(`${BASE}/coupons`, o),
    create: (body: Record<string, unknown>, o: CallOptions) =>
      client.postJson<AdminCoupon>(`${BASE}/coupons`, { reason: REASON, ...body }, o),
    update: (code: string, body: Record<string, unknown>, o: CallOptions) =>
      client.patchJson<AdminCoupon>(`${BASE}/coupons/${code}`, { reason: REASON, ...body }, o),
    end: (code: string, o: CallOptions) =>
      client.postJson<AdminCoupon>(`${BASE}/coupons/${code}/end`, { reason: REASON }, o),
    redemptions: (code: string, o: CallOptions) =>
      client.get<AdminCouponRedemptions>(`${BASE}/coupons/${code}/redemptions`, o),
    figures: (o: CallOptions) => client.get(`${BASE}/figures`, o),
  };
}

const newCode = (prefix: string) => `${prefix}${randomUUID().slice(0, 8)}`.toUpperCase();
const coupon = (code: string, extra: Record<string, unknown> = {}) => ({
  code,
  percentage: 20,
  planIds: [],
  redemptionLimit: 5,
  perAccountLimit: 1,
  validUntil: null,
  ...extra,
});

describeEachDatabase("the admin's business desk", (host) => {
  const suite = billingApiForSuite(host, {
    CREASE_CATALOG_OPERATOR_TOKENS: `robot:${OPERATOR_TOKEN}`,
  });
  let client: ApiClient;
  let admin: StaffLogin;
  let asAdmin: CallOptions;
  const bot: CallOptions = { bearer: OPERATOR_TOKEN, xsrf: false };
  const staff: Partial<Record<'support' | 'producer' | 'scorer', StaffLogin>> = {};
  const audit = async (action: string): Promise<StaffAuditEntry[]> =>
    (await client.get<StaffAuditEntry[]>('/api/v1/staff/audit', asAdmin)).body.filter(
      (entry) => entry.action === action,
    );

  beforeAll(async () => {
    client = suite.api.client();
    admin = await seedAdmin(host(), client);
    asAdmin = staffBearer(admin.token);
    for (const role of ['support', 'producer', 'scorer'] as const)
      staff[role] = await makeStaff(client, admin, role);
  }, 60_000);

  it('lets admin and an operator token make every call; other roles 403, no session 401', async () => {
    const calls = businessCalls(client);
    const noFactor = await signInStaff(client, staff.support!.email, {});
    expect(noFactor.status).toBe(400); // no session without the second factor
    const run: Record<string, (o: CallOptions) => Promise<CallResult<unknown>>> = {
      plans: (o) => calls.plans(o),
      price: (o) => calls.price('season', 'GBP', 3299, o),
      sale: (o) => calls.sale('season', true, o),
      coupons: (o) => calls.coupons(o),
      create: (o) => calls.create(coupon(newCode('ROLE')), o),
      update: async (o) => {
        const code = newCode('UPD');
        await calls.create(coupon(code), asAdmin);
        return calls.update(code, { redemptionLimit: 9 }, o);
      },
      end: async (o) => {
        const code = newCode('END');
        await calls.create(coupon(code), asAdmin);
        return calls.end(code, o);
      },
      redemptions: async (o) => {
        const code = newCode('RED');
        await calls.create(coupon(code), asAdmin);
        return calls.redemptions(code, o);
      },
      figures: (o) => calls.figures(o),
    };
    const who: [string, CallOptions, number | 'ok'][] = [
      ['none', { xsrf: false }, 401],
      ['a wrong bearer', { bearer: 'not-a-session-or-token', xsrf: false }, 401],
      ['scorer', staffBearer(staff.scorer!.token), 403],
      ['producer', staffBearer(staff.producer!.token), 403],
      ['support', staffBearer(staff.support!.token), 403],
      ['admin', asAdmin, 'ok'],
      ['operator token', bot, 'ok'],
    ];
    for (const [name, call] of Object.entries(run))
      for (const [label, options, expected] of who) {
        const res = await call(options);
        const status = expected === 'ok' ? (name === 'create' ? 201 : 200) : expected;
        if (res.status !== status) throw new Error(`${name} as ${label}: ${res.status}`);
      }
    // The bot's writes name it in the audit; the admin's name the staff member.
    const creates = await audit('business.coupon-create');
    expect(creates.map((e) => e.actor)).toEqual(
      expect.arrayContaining(['bot:robot', `staff:${admin.id}`]),
    );
  });

  it('creates a coupon, redeems it at a real checkout, limits, ends and lists its redemptions', async () => {
    const calls = businessCalls(client);
    const code = newCode('SPRING');
    const created = await calls.create(
      coupon(code.toLowerCase(), { redemptionLimit: 3, planIds: ['monthly'] }),
      asAdmin,
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code, taken: 0, redeemed: 0, state: 'ACTIVE' });
    // The same code again, and bad input: clear errors, nothing stored twice.
    expect((await calls.create(coupon(code), asAdmin)).body).toMatchObject({
      code: 'COUPON_CODE_TAKEN',
    });
    const bad: [Record<string, unknown>, number, string][] = [
      [coupon(newCode('X'), { percentage: 100 }), 400, 'VALIDATION_FAILED'],
      [coupon(newCode('X'), { planIds: ['no-such-plan'] }), 422, 'COUPON_PLANS_UNKNOWN'],
      [coupon(newCode('X'), { planIds: ['trial'] }), 422, 'COUPON_PLANS_UNKNOWN'],
      [
        coupon(newCode('X'), { validUntil: '2001-01-01T00:00:00.000Z' }),
        422,
        'COUPON_DATES_INVALID',
      ],
      [{ ...coupon(newCode('X')), reason: '' }, 400, 'VALIDATION_FAILED'],
      [coupon('a b'), 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, errorCode] of bad) {
      const res = await client.postJson(`${BASE}/coupons`, { reason: REASON, ...body }, asAdmin);
      expect([res.status, res.body.code]).toEqual([status, errorCode]);
    }

    const first = await newViewer(suite.api, 'coupon-a');
    const second = await newViewer(suite.api, 'coupon-b');
    await buyPlan(first, 'monthly', code);
    await buyPlan(second, 'monthly', code);
    const seen = await calls.redemptions(code, asAdmin);
    expect(seen.status).toBe(200);
    expect(seen.body.coupon).toMatchObject({ taken: 2, redeemed: 2, redemptionLimit: 3 });
    expect(seen.body.redemptions.map((r) => r.viewer).sort()).toEqual(
      [first.email, second.email].sort(),
    );
    expect(seen.body.redemptions[0]).toMatchObject({
      planId: 'monthly',
      currency: 'USD',
      amountMinor: 799, // 9.99 less 20 %
    });
    expect(seen.body.redemptions[0]?.paymentId).toMatch(/^[0-9a-f-]{36}$/);

    // A limit below the places taken is refused; at the places taken it is used up.
    expect((await calls.update(code, { redemptionLimit: 1 }, asAdmin)).body).toMatchObject({
      code: 'COUPON_LIMIT_BELOW_TAKEN',
    });
    const limited = await calls.update(code, { redemptionLimit: 2 }, asAdmin);
    expect(limited.body).toMatchObject({ redemptionLimit: 2, state: 'USED_UP' });
    const third = await newViewer(suite.api, 'coupon-c');
    const refused = await createCheckout(third, { planId: 'monthly', couponCode: code });
    expect([refused.status, refused.body.code]).toEqual([409, 'COUPON_EXHAUSTED']);

    // A new expiry in the future, then ended now: the viewer's check says it expired.
    // 30 days after it began on the API's clock.
    const later = new Date(Date.parse(created.body.validFrom) + 30 * 86_400_000).toISOString();
    expect((await calls.update(code, { validUntil: later }, asAdmin)).body).toMatchObject({
      validUntil: later,
    });
    const ended = await calls.end(code, asAdmin);
    expect(ended.body).toMatchObject({ state: 'ENDED' });
    expect((await calls.end(code, asAdmin)).body).toMatchObject({ code: 'COUPON_ALREADY_ENDED' });
    const check = await third.client.get(
      `/api/v1/billing/coupons/check?code=${code}&planId=monthly`,
      { bearer: third.bearer },
    );
    expect(check.body.code).toBe('COUPON_EXPIRED');

    const updates = await audit('business.coupon-update');
    const mine = updates.find(
      (e) =>
        e.subject === `coupon:${code}` &&
        (e.before as { redemptionLimit?: number }).redemptionLimit === 3,
    );
    expect(mine?.before).toMatchObject({ redemptionLimit: 3 });
    expect(mine?.after).toMatchObject({ redemptionLimit: 2, reason: REASON });
    const [endEntry] = (await audit('business.coupon-end')).filter(
      (e) => e.subject === `coupon:${code}`,
    );
    expect(endEntry?.before).toMatchObject({ state: 'USED_UP' });
    expect(endEntry?.after).toMatchObject({ state: 'ENDED', reason: REASON });
    expect((await calls.redemptions('NOSUCHCODE', asAdmin)).status).toBe(404);
  });

  it('changes a regional price for new quotes only, and withdraws a plan from sale', async () => {
    const calls = businessCalls(client);
    const viewer = await newViewer(suite.api, 'price');
    const plans = await calls.plans(asAdmin);
    const season = plans.body.find((p) => p.planId === 'season');
    expect(season?.prices.find((p) => p.currency === 'GBP')).toMatchObject({ minor: 3299 });
    expect(plans.body.map((p) => p.planId)).toEqual(
      expect.arrayContaining(['trial', 'match-pass', 'monthly', 'season', 'annual']),
    );
    // A checkout opened at the old USD price, and a quote the viewer saw at it.
    const opened = await createCheckout(viewer, { planId: 'season' });
    expect(opened.status).toBe(201);
    const changed = await calls.price('season', 'USD', 4499, asAdmin);
    expect(changed.status).toBe(200);
    expect(changed.body.prices[0]).toMatchObject({ currency: 'USD', minor: 4499 });
    try {
      const listed = await client.get<Plan[]>('/api/v1/billing/plans');
      expect(listed.body.find((p) => p.planId === 'season')?.price).toBe(44.99);
      // The old quote is refused at checkout: the viewer sees the new price before paying.
      const stale = await createCheckout(viewer, { planId: 'season', expectedAmount: 39.99 });
      expect([stale.status, stale.body.code]).toEqual([409, 'PRICE_CHANGED']);
      // The checkout opened before the change charges what it froze.
      expect((await submitCard(viewer.client, opened.body.sessionId)).status).toBe(200);
      const paid = async () =>
        host().query('SELECT amount_cents FROM payments WHERE user_id = $1', [viewer.userId]);
      for (let rows = await paid(); rows.length === 0; rows = await paid())
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await paid()).toEqual([{ amount_cents: 3999 }]);
      const [entry] = (await audit('business.plan-price')).filter(
        (e) => (e.before as { currency?: string }).currency === 'USD',
      );
      expect(entry?.before).toMatchObject({ minor: 3999 });
      expect(entry?.after).toMatchObject({ minor: 4499, reason: REASON });
    } finally {
      await calls.price('season', 'USD', 3999, asAdmin);
    }

    expect((await calls.price('trial', 'USD', 100, asAdmin)).body).toMatchObject({
      code: 'TRIAL_HAS_NO_PRICE',
    });
    expect((await calls.price('nope', 'USD', 100, asAdmin)).status).toBe(404);
    expect((await calls.price('season', 'EUR', 100, asAdmin)).status).toBe(400);
    expect((await calls.price('season', 'USD', 0, asAdmin)).status).toBe(400);

    const withdrawn = await calls.sale('annual', false, asAdmin);
    expect(withdrawn.body).toMatchObject({ onSale: false });
    try {
      const buyer = await newViewer(suite.api, 'withdrawn');
      const refused = await createCheckout(buyer, { planId: 'annual' });
      expect([refused.status, refused.body.code]).toEqual([409, 'PLAN_INACTIVE']);
    } finally {
      await calls.sale('annual', true, asAdmin);
    }
    const [sale] = await audit('business.plan-sale');
    expect(sale?.before).toMatchObject({ onSale: false });
    expect(sale?.after).toMatchObject({ onSale: true, reason: REASON });
  });
});
