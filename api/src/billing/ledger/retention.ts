/**
 * The payment ledger's end of life (decision 352). Payments (invoices), declined attempts and
 * refunds are kept, anonymised after an account's deletion (decision 302), for
 * `ledgerRetentionYears` after the end of the financial year they belong to: Crease's financial
 * year is the calendar year in UTC, so a row of year Y goes on 1 January of Y + years + 1.
 *
 * The ledger's tables refuse UPDATE and DELETE (append-only triggers); the one DELETE they let
 * through is a row older than the cutoff this module's transaction names with
 * `crease.ledger_purge_before`, so no other code path can delete money records, and this one
 * cannot delete a row the law still needs, even with a wrong clock in one replica's caller.
 * Each batch is one `DELETE … WHERE id IN (SELECT … LIMIT n)`: several replicas running it at
 * once delete each row once (the second finds it gone), and nothing is claimed or left half-done.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';

/** What the law asks of UK and EU sellers (decision 302): 6 years after the financial year. */
export const DEFAULT_LEDGER_RETENTION_YEARS = 6;

/** The first instant that is still kept: 1 January (UTC) of the year `years` before `now`'s. */
export function ledgerCutoff(now: Date, years: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear() - Math.max(1, Math.floor(years)), 0, 1));
}

/**
 * Deletes the ledger rows older than the cutoff: refunds first (they point at payments), then
 * declined attempts, then payments that no kept refund still points at. Returns the counts.
 */
export async function purgeExpiredLedger(
  db: Db,
  now: Date,
  years: number,
  { batchSize = 1000, maxBatches = 50 } = {},
): Promise<Record<string, number>> {
  const cutoff = ledgerCutoff(now, years).toISOString();
  const before = sql`${cutoff}::timestamptz`;
  // [report name, table, the dead rows' ids]
  const targets: [string, string, SQL][] = [
    ['ledger_refunds', 'refunds', sql`SELECT id FROM refunds WHERE refunded_at < ${before}`],
    [
      'ledger_payment_attempts',
      'payment_attempts',
      sql`SELECT id FROM payment_attempts WHERE attempted_at < ${before}`,
    ],
    [
      'ledger_payments',
      'payments',
      sql`SELECT p.id FROM payments p WHERE p.paid_at < ${before}
        AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id)`,
    ],
  ];
  const report: Record<string, number> = {};
  for (const [name, tableName, dead] of targets) {
    const table = sql.raw(tableName);
    let deleted = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      const count = await db.transaction(async (tx) => {
        // Transaction-local: the triggers let this transaction delete rows before the cutoff.
        await tx.execute(sql`SELECT set_config('crease.ledger_purge_before', ${cutoff}, true)`);
        const result = (await tx.execute(
          sql`DELETE FROM ${table} WHERE id IN (${dead} LIMIT ${batchSize}) RETURNING 1`,
        )) as unknown as { rows: unknown[] };
        return result.rows.length;
      });
      deleted += count;
      if (count < batchSize) break;
    }
    report[name] = deleted;
  }
  return report;
}
