/**
 * The payment history (issue 22 §5): payments, charges that took no money and refunds, one
 * list newest first, paged in SQL over the three append-only tables (a UNION ALL on the
 * account's indexes), so page 40 costs what page 1 does.
 */
import { sql } from 'drizzle-orm';
import { DECLINE_CODES } from '@crease/contract';
import type { BillingHistoryEntry, BillingHistoryPage, HistoryEntryType } from '@crease/contract';
import type { Db } from '../platform/db/client';
import { toMajor } from './money';

interface HistoryRow {
  entry_id: string;
  source: 'payment' | 'attempt' | 'refund';
  at: Date | string;
  plan: string;
  amount_cents: number | string;
  currency: string;
  payment_system: string;
  kind: string | null;
  card_brand: string | null;
  card_last4: string | null;
  payment_id: string | null;
  invoice_number: string | null;
  failure_code: string | null;
  failure_message: string | null;
}

/** A payment's kind from its row: a checkout's, an upgrade's key, or a renewal. */
const PAYMENT_KIND = sql`CASE WHEN p.checkout_id IS NOT NULL THEN 'CHECKOUT'
  WHEN p.renewal_key LIKE 'upgrade:%' THEN 'UPGRADE' ELSE 'RENEWAL' END`;

function entries(userId: string) {
  return sql`
    SELECT p.id::text AS entry_id, 'payment' AS source, p.paid_at AS at, p.plan_name AS plan,
      p.amount_cents, p.currency, p.payment_system, ${PAYMENT_KIND} AS kind, p.card_brand,
      p.card_last4, p.id::text AS payment_id, p.invoice_number, NULL AS failure_code,
      NULL AS failure_message
    FROM payments p WHERE p.user_id = ${userId}
    UNION ALL
    SELECT a.id::text, 'attempt', a.attempted_at, a.plan_name, a.amount_cents, a.currency,
      a.payment_system, a.kind, a.card_brand, a.card_last4, NULL, NULL, a.failure_code,
      a.failure_message
    FROM payment_attempts a WHERE a.user_id = ${userId}
    UNION ALL
    SELECT r.id::text, 'refund', r.refunded_at, p.plan_name, r.amount_cents, r.currency,
      r.payment_system, NULL, p.card_brand, p.card_last4, p.id::text, p.invoice_number, NULL, NULL
    FROM refunds r JOIN payments p ON p.id = r.payment_id WHERE r.user_id = ${userId}`;
}

function typeOf(row: HistoryRow): HistoryEntryType {
  if (row.source === 'payment') return 'PAYMENT';
  if (row.source === 'refund') return 'REFUND';
  return DECLINE_CODES.includes(row.failure_code ?? '') ? 'DECLINED' : 'FAILED';
}

function toEntry(row: HistoryRow): BillingHistoryEntry {
  return {
    entryId: row.entry_id,
    type: typeOf(row),
    at: new Date(row.at).toISOString(),
    plan: row.plan,
    amount: toMajor(Number(row.amount_cents)),
    currency: row.currency,
    paymentSystem: row.payment_system,
    kind: (row.kind as BillingHistoryEntry['kind']) ?? null,
    cardBrand: row.card_brand,
    cardLast4: row.card_last4,
    paymentId: row.payment_id,
    invoiceNumber: row.invoice_number,
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
  };
}

export async function billingHistory(
  db: Db,
  userId: string,
  page: number,
  pageSize: number,
): Promise<BillingHistoryPage> {
  const rows = (await db.execute(sql`
    SELECT * FROM (${entries(userId)}) h ORDER BY h.at DESC, h.entry_id DESC
    LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`)) as unknown as { rows: HistoryRow[] };
  const counted = (await db.execute(
    sql`SELECT count(*) AS n FROM (${entries(userId)}) h`,
  )) as unknown as { rows: { n: number | string }[] };
  return {
    entries: rows.rows.map(toEntry),
    page,
    pageSize,
    total: Number(counted.rows[0]?.n ?? 0),
  };
}
