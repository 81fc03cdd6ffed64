/** @jest-environment node */
/**
 * Migration 0008 (decision 166) moves existing data: a database at 0007 holding the hoarding of
 * issue 19 §5 (one account with several open checkouts of one coupon) comes out with one HELD
 * place per account and coupon, the others TAKEN_OVER and their redemptions given back.
 */
import { runMigrationJob } from '../testing/migration-job';

const HOARDER = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const id = (n: number) => `10000000-0000-4000-8000-00000000000${n}`;
const checkout = (n: number, user: string, coupon: string | null, status: string, ago: number) =>
  `(${[id(n), user].map((v) => `'${v}'`).join(', ')}, 'season', ${coupon ? `'${coupon}'` : 'NULL'},
    3999, 1999, 'USD', 'SANDBOX', 'cs_${n}', 'http://x', '${status}',
    now() - interval '${ago} minutes', now() + interval '10 minutes')`;

const SEED = `
  INSERT INTO users (id, email, password_hash, first_name, last_name) VALUES
    ('${HOARDER}', 'hoarder@crease.test', 'x', 'H', 'H'), ('${OTHER}', 'other@crease.test', 'x', 'O', 'O');
  INSERT INTO plans (id, name, description, max_devices, duration_days, order_number, price_cents)
    VALUES ('season', 'Season', 'S', 2, 365, 1, 3999);
  -- Four SEASON50 places held (three by one account), one WELCOME20 paid.
  INSERT INTO coupons (code, percentage, valid_from, redemption_limit, redeemed, plan_ids) VALUES
    ('SEASON50', 50, now(), 100, 4, '[]'), ('WELCOME20', 20, now(), NULL, 1, '[]');
  INSERT INTO checkouts (id, user_id, plan_id, coupon_code, list_price_cents, amount_cents, currency,
      payment_system, session_id, redirect_url, status, created_at, expires_at) VALUES
    ${[
      checkout(1, HOARDER, 'SEASON50', 'OPEN', 30),
      checkout(2, HOARDER, 'SEASON50', 'FAILED', 20),
      checkout(3, HOARDER, 'SEASON50', 'OPEN', 10),
      checkout(4, HOARDER, 'SEASON50', 'EXPIRED', 50),
      checkout(5, HOARDER, 'WELCOME20', 'PAID', 60),
      checkout(6, OTHER, 'SEASON50', 'OPEN', 5),
      checkout(7, OTHER, null, 'OPEN', 5),
    ].join(',\n')};`;

describe('migration 0008_coupon_reservations', () => {
  it('keeps the newest open reservation per account and coupon and gives the rest back', () => {
    const results = runMigrationJob({
      before: '0007_streams',
      seed: SEED,
      checks: [
        'SELECT coupon_reservation FROM checkouts ORDER BY id',
        'SELECT code, redeemed, per_account_limit FROM coupons ORDER BY code',
        `UPDATE checkouts SET coupon_reservation = 'HELD' WHERE id = '${id(1)}'`,
      ],
    });
    const [reservations, coupons, forced] = results as [
      { rows: { coupon_reservation: string | null }[] },
      { rows: unknown[] },
      { error?: string },
    ];
    expect(reservations.rows.map((row) => row.coupon_reservation)).toEqual([
      'TAKEN_OVER',
      'TAKEN_OVER',
      'HELD',
      'RELEASED',
      'REDEEMED',
      'HELD',
      null,
    ]);
    expect(coupons.rows).toEqual([
      { code: 'SEASON50', redeemed: 2, per_account_limit: null },
      { code: 'WELCOME20', redeemed: 1, per_account_limit: 1 },
    ]);
    expect(forced.error).toMatch(/checkouts_one_coupon_hold_key/);
  }, 90_000);
});
