/**
 * "Your plan renews soon" (decision 290): an annual subscription that will renew within
 * RENEWAL_NOTICE_DAYS gets one notice per period end. The INSERT … ON CONFLICT DO NOTHING on the
 * queue's (kind, dedupe key `<user>:<period end>`) is the once-only record, so two replicas
 * passing at once queue one notice, and a restart does not queue another.
 */
import { sql } from 'drizzle-orm';
import { FALLBACK_CURRENCY } from '@crease/contract';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';

export const RENEWAL_NOTICE_DAYS = 7;
/** "Annual": a renewing plan of a year or more (the Annual plan is 365 days). */
const ANNUAL_DAYS = 365;

/** The subscription's currency has a price on the plan it renews to. */
const priced = sql.raw(
  `s.currency <> '${FALLBACK_CURRENCY}' AND (nxt.prices ->> s.currency) IS NOT NULL`,
);

/** Queues the notices now due; returns how many it queued. */
export async function queueRenewalNotices(db: Db, now: Date): Promise<number> {
  const at = now.toISOString();
  const horizon = new Date(now.getTime() + RENEWAL_NOTICE_DAYS * 86_400_000).toISOString();
  const result = await db.execute(sql`
    INSERT INTO lifecycle_mail (user_id, kind, dedupe_key, "to", payload, created_at)
    SELECT s.user_id, 'renewal-upcoming',
      s.user_id::text || ':' || (extract(epoch FROM s.period_end)::bigint)::text,
      u.email,
      jsonb_build_object('planName', nxt.name,
        -- In the currency bought in (decision 421; regional-prices.ts priceIn): the plan's price
        -- in it, or its USD price when it has none.
        'amountMinor', CASE WHEN ${priced} THEN (nxt.prices ->> s.currency)::int
          ELSE nxt.price_cents END,
        'currency', CASE WHEN ${priced} THEN s.currency ELSE ${FALLBACK_CURRENCY}::text END,
        'periodEnd', to_char(s.period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
      ${at}::timestamptz
    FROM subscriptions s
    JOIN users u ON u.id = s.user_id
    JOIN plans cur ON cur.id = s.plan_id
    JOIN plans nxt ON nxt.id = COALESCE(s.pending_plan_id, s.plan_id)
    WHERE s.state = 'ACTIVE' AND s.renewing AND s.renewal_failures = 0
      AND cur.renews AND cur.duration_days >= ${ANNUAL_DAYS}
      AND s.period_end > ${at}::timestamptz AND s.period_end <= ${horizon}::timestamptz
    ON CONFLICT (kind, dedupe_key) DO NOTHING
    RETURNING id`);
  return rowsOf(result).length;
}
