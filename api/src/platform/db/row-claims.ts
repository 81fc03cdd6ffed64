/**
 * Row claims with a lease, for jobs that every API replica runs (reminders, decision 275;
 * lifecycle mail, decision 290; one helper since decision 361). A claim is one statement: the due
 * rows are locked `FOR UPDATE SKIP LOCKED`, so two replicas never take the same row, and given a
 * lease (`claimed_until`, with `attempts` counted), so a replica that dies mid-work frees its rows
 * when the lease ends. The claimed table has `claimed_until timestamptz` and `attempts integer`.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';

export interface LeaseClaim {
  /** The table whose rows are claimed, and the alias every SQL piece below uses for it. */
  table: string;
  alias: string;
  /** The table's key columns. */
  key: readonly string[];
  /** Joins after `FROM table alias` that `due` and `orderBy` read (only the table is locked). */
  join?: SQL;
  /** What makes a row due, besides having no live lease. */
  due: SQL;
  orderBy: SQL;
  batch: number;
  now: Date;
  leaseSeconds: number;
  /** The claimed rows' columns to return, qualified by the alias. */
  returning: SQL;
  /** The statement's result, over the CTE `claimed` (for example joined with the account). */
  select?: SQL;
}

/** The rows whose lease, if any, has ended at `now`. */
export const leaseEnded = (alias: string, now: Date): SQL =>
  sql`(${sql.identifier(alias)}.claimed_until IS NULL OR ${sql.identifier(alias)}.claimed_until <= ${now.toISOString()}::timestamptz)`;

/** Claims up to one batch of due rows for this replica; fewer than a batch means none are left. */
export async function claimWithLease<Row>(db: Db, claim: LeaseClaim): Promise<Row[]> {
  const table = sql.identifier(claim.table);
  const alias = sql.identifier(claim.alias);
  const keys = sql.join(
    claim.key.map((column) => sql`${alias}.${sql.identifier(column)}`),
    sql`, `,
  );
  const sameKey = sql.join(
    claim.key.map(
      (column) => sql`${alias}.${sql.identifier(column)} = due.${sql.identifier(column)}`,
    ),
    sql` AND `,
  );
  const leaseEnd = new Date(claim.now.getTime() + claim.leaseSeconds * 1000).toISOString();
  const result = await db.execute(sql`
    WITH due AS (
      SELECT ${keys} FROM ${table} ${alias} ${claim.join ?? sql``}
      WHERE ${leaseEnded(claim.alias, claim.now)} AND (${claim.due})
      ORDER BY ${claim.orderBy} LIMIT ${claim.batch}
      FOR UPDATE OF ${alias} SKIP LOCKED),
    claimed AS (
      UPDATE ${table} ${alias} SET claimed_until = ${leaseEnd}::timestamptz,
        attempts = ${alias}.attempts + 1
      FROM due WHERE ${sameKey}
      RETURNING ${claim.returning})
    ${claim.select ?? sql`SELECT * FROM claimed`}`);
  return rowsOf<Row>(result);
}

/** Ends a claim on the rows `where` picks, setting what the attempt decided (or freeing them). */
export async function endClaim(db: Db, table: string, where: SQL, set?: SQL): Promise<void> {
  const also = set ? sql`, ${set}` : sql``;
  await db.execute(
    sql`UPDATE ${sql.identifier(table)} SET claimed_until = NULL${also} WHERE ${where}`,
  );
}

/** Claims and handles batch after batch, until a claim comes back short of a full batch. */
export async function forEachClaimed<Row>(
  batch: number,
  claim: () => Promise<Row[]>,
  handle: (row: Row) => Promise<void>,
): Promise<void> {
  for (;;) {
    const claimed = await claim();
    for (const row of claimed) await handle(row);
    if (claimed.length < batch) return;
  }
}
