/**
 * The billing API suites' setup (billing/billing-api.test.ts, billing-checkout-api.test.ts,
 * billing-subscriptions-api.test.ts): the billing suites' API (billingApiForSuite) plus test-only
 * catalogue rows: a retired plan, and coupons expired, not yet valid, used up and with one use left.
 * Call it inside a describe: it registers that describe's beforeAll and afterAll.
 */
import { billingApiForSuite } from './billing-suite';
import type { ApiHost } from './test-api';

export const DAY = 24 * 60 * 60;

/** A device registration body, as the shell sends it. */
export const device = (vidictId: string, deviceOs = 'WEB', deviceType = 'CHROME') => ({
  vidictId,
  deviceOs,
  deviceType,
  appVersion: '1.0.0',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
});

export function billingApiWithTestRows(host: () => ApiHost) {
  const suite = billingApiForSuite(host);
  beforeAll(async () => {
    await host().query(
      `INSERT INTO plans (id, name, description, max_devices, duration_days, order_number, price_cents, active)
       VALUES ('retired', 'Retired', 'No longer sold', 1, 30, 99, 499, false) ON CONFLICT DO NOTHING`,
    );
    await host().query(
      `INSERT INTO coupons (code, percentage, valid_from, valid_until, redemption_limit, redeemed, plan_ids) VALUES
        ('OLD10', 10, now() - interval '30 days', now() - interval '1 day', NULL, 0, '[]'),
        ('SOON10', 10, now() + interval '30 days', NULL, NULL, 0, '[]'),
        ('GONE10', 10, now() - interval '1 day', NULL, 1, 1, '[]'),
        ('LAST1', 30, now() - interval '1 day', NULL, 1, 0, '[]')
       ON CONFLICT DO NOTHING`,
    );
  }, 60_000);
  return suite;
}
