/** @jest-environment node */
/**
 * Migration 0014 (decision 300) moves existing data: a database at 0013 with payments made
 * before invoices comes out with invoice numbers CRS-000001… in the order they were paid, the
 * card the sandbox recorded (a checkout's charge, a renewal's saved card), no tax lines (not
 * itemised then), the series set to continue after them, and the ledger append-only again.
 */
import { runMigrationJob } from '../testing/migration-job';

const VIEWER = '00000000-0000-4000-8000-000000000001';
const pay = (
  n: number,
  checkout: string | null,
  renewalKey: string | null,
  ref: string,
  ago: number,
) =>
  `('20000000-0000-4000-8000-00000000000${n}', '${VIEWER}', ${checkout ? `'${checkout}'` : 'NULL'},
    ${renewalKey ? `'${renewalKey}'` : 'NULL'}, 'monthly', 'Monthly', 999, 999, 'USD', 'SANDBOX',
    '${ref}', now() - interval '${ago} days', now() + interval '30 days')`;

const CHECKOUT = '10000000-0000-4000-8000-000000000001';
const SEED = `
  INSERT INTO users (id, email, password_hash, first_name, last_name)
    VALUES ('${VIEWER}', 'viewer@crease.test', 'x', 'V', 'V');
  INSERT INTO plans (id, name, description, max_devices, duration_days, order_number, price_cents, renews)
    VALUES ('monthly', 'Monthly', 'M', 2, 30, 1, 999, true);
  INSERT INTO checkouts (id, user_id, plan_id, list_price_cents, amount_cents, currency,
      payment_system, session_id, redirect_url, status, created_at, expires_at)
    VALUES ('${CHECKOUT}', '${VIEWER}', 'monthly', 999, 999, 'USD', 'SANDBOX', 'cs_1', 'http://x',
      'PAID', now() - interval '60 days', now());
  INSERT INTO sandbox_sessions (id, save_card, reference, description, amount_cents, currency,
      return_url, status, created_at, expires_at)
    VALUES ('cs_1', true, '${CHECKOUT}', 'Monthly', 999, 'USD', 'http://x', 'SUCCEEDED', now(), now());
  INSERT INTO sandbox_charges (id, session_id, amount_cents, status, failure_code, card_last4, created_at)
    VALUES ('ch_declined', 'cs_1', 999, 'failed', 'CARD_DECLINED', '0002', now()),
           ('ch_paid', 'cs_1', 999, 'succeeded', NULL, '0341', now());
  INSERT INTO sandbox_payment_methods (id, session_id, card_last4, fails_off_session, created_at)
    VALUES ('pm_1', 'cs_1', '0341', true, now());
  INSERT INTO sandbox_off_session_charges (id, idempotency_key, payment_method_id, amount_cents,
      currency, status, created_at)
    VALUES ('ch_renewal', 'k1', 'pm_1', 999, 'USD', 'succeeded', now());
  INSERT INTO payments (id, user_id, checkout_id, renewal_key, plan_id, plan_name, amount_cents,
      list_price_cents, currency, payment_system, provider_reference, paid_at, plan_end_date) VALUES
    ${pay(1, null, 'k1', 'ch_renewal', 30)},
    ${pay(2, CHECKOUT, null, 'ch_paid', 60)};`;

describe('migration 0014_receipts_and_deletion', () => {
  it('numbers old payments in the order paid, fills their card and continues the series', () => {
    const results = runMigrationJob({
      before: '0013_renewals',
      seed: SEED,
      checks: [
        `SELECT invoice_number, card_brand, card_last4, net_cents, tax_cents, seller
           FROM payments ORDER BY paid_at`,
        'SELECT prefix, last_number FROM invoice_series',
        'SELECT id, card_brand FROM sandbox_charges ORDER BY id',
        "UPDATE payments SET amount_cents = 1 WHERE provider_reference = 'ch_paid'",
      ],
    });
    const [paid, series, charges, edit] = results as [
      { rows: unknown[] },
      { rows: unknown[] },
      { rows: unknown[] },
      { error?: string },
    ];
    const old = { net_cents: null, tax_cents: null, seller: null };
    expect(paid.rows).toEqual([
      { invoice_number: 'CRS-000001', card_brand: 'visa', card_last4: '0341', ...old },
      { invoice_number: 'CRS-000002', card_brand: 'visa', card_last4: '0341', ...old },
    ]);
    expect(series.rows).toEqual([{ prefix: 'CRS', last_number: 2 }]);
    expect(charges.rows).toEqual([
      { id: 'ch_declined', card_brand: 'unknown' },
      { id: 'ch_paid', card_brand: 'visa' },
    ]);
    expect(edit.error).toMatch(/append-only/);
  }, 90_000);
});
