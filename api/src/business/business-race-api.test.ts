/** @jest-environment node */
/**
 * The admin's coupon writes racing checkouts and each other (decision 458), on PostgreSQL only
 * (PGlite's one connection would serialise them): lowering a limit while viewers take places
 * never leaves more places taken than the limit says, and two admins ending one coupon at once
 * end it once.
 */
import { randomUUID } from 'node:crypto';
import type { AdminCoupon } from '@crease/contract';
import { createCheckout, newViewer } from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeOnPostgres } from '../testing/postgres-suite';
import { seedAdmin, staffBearer } from '../testing/staff-helpers';

const REASON = 'Race of the limit and the checkouts';
const BASE = '/api/v1/staff/business/coupons';

describeOnPostgres('admin coupon writes racing checkouts', (host) => {
  const suite = billingApiForSuite(host);

  it('a limit lowered while viewers check out is never below the places taken', async () => {
    const client = suite.api.client();
    const asAdmin = staffBearer((await seedAdmin(host(), client)).token);
    const viewers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => newViewer(suite.api, `race-${i}`)),
    );
    for (let round = 0; round < 3; round++) {
      const code = `RACE${randomUUID().slice(0, 6)}`.toUpperCase();
      const made = await client.postJson(
        BASE,
        {
          reason: REASON,
          code,
          percentage: 10,
          planIds: [],
          redemptionLimit: 6,
          perAccountLimit: null,
          validUntil: null,
        },
        asAdmin,
      );
      expect(made.status).toBe(201);
      const [lowered, ...checkouts] = await Promise.all([
        client.patchJson<AdminCoupon>(
          `${BASE}/${code}`,
          { reason: REASON, redemptionLimit: 2 },
          asAdmin,
        ),
        ...viewers.map((v) => createCheckout(v, { planId: 'monthly', couponCode: code })),
      ]);
      const took = checkouts.filter((c) => c.status === 201).length;
      const [row] = await host().query<{ redeemed: number; redemption_limit: number }>(
        'SELECT redeemed, redemption_limit FROM coupons WHERE code = $1',
        [code],
      );
      expect(row?.redeemed).toBe(took);
      if (lowered.status === 200) {
        // Lowered first or between: nothing past the new limit was taken.
        expect(row?.redemption_limit).toBe(2);
        expect(took).toBeLessThanOrEqual(2);
      } else {
        // Too late: more than 2 were taken already, and the limit stayed.
        expect([lowered.status, lowered.body.code]).toEqual([409, 'COUPON_LIMIT_BELOW_TAKEN']);
        expect(row?.redemption_limit).toBe(6);
        expect(took).toBeGreaterThan(2);
      }
      for (const c of checkouts.filter((c) => c.status !== 201))
        expect(c.body.code).toBe('COUPON_EXHAUSTED');
    }
  }, 120_000);

  it('two admins ending one coupon at once end it once, audited once', async () => {
    const client = suite.api.client();
    const [one, two] = [await seedAdmin(host(), client), await seedAdmin(host(), client)];
    const code = `ENDRACE${randomUUID().slice(0, 6)}`.toUpperCase();
    await client.postJson(
      BASE,
      {
        reason: REASON,
        code,
        percentage: 10,
        planIds: [],
        redemptionLimit: null,
        perAccountLimit: null,
        validUntil: null,
      },
      staffBearer(one.token),
    );
    const answers = await Promise.all(
      [one, two].map((admin) =>
        client.postJson(`${BASE}/${code}/end`, { reason: REASON }, staffBearer(admin.token)),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const audit = await host().query(
      "SELECT 1 FROM staff_audit WHERE action = 'business.coupon-end' AND subject = $1",
      [`coupon:${code}`],
    );
    expect(audit).toHaveLength(1);
  }, 60_000);
});
