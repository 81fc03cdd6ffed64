/**
 * `npm run bench:billing` (issue 22 §1): renewals per second. 10,000 subscriptions fall
 * due at once (set up directly in the database: setup is not measured), then the renewal job
 * (billing/renewals.ts, the code every replica runs) charges them through the sandbox's saved
 * cards until none is due, on a fresh PGlite and on a throwaway PostgreSQL. Printed: the whole
 * drain's rate (median over BENCH_ROUNDS rounds, default 1) and the median of the job's passes
 * (100 renewals each). Every round must renew exactly every subscription, once (one ledger row
 * each, no failure, nothing deferred), or the bench prints no figure and exits non-zero.
 * `-- --quick`: 200 subscriptions, one round.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { benchSetting, runBench } from '@crease/test-utils/bench-kit';
import { ControlledClock } from '../src/platform/clock';
import { loadBillingConfig } from '../src/platform/billing-config';
import { openDatabase } from '../src/platform/db/client';
import type { Database } from '../src/platform/db/client';
import { runDueRenewals } from '../src/billing/renewals';
import { InvoiceIssuer } from '../src/billing/invoices';
import { loadInvoiceConfig } from '../src/platform/invoice-config';
import { SandboxProvider } from '../src/billing/providers/sandbox/sandbox-provider';
import { SimulatedProvider } from '../src/billing/providers/sandbox/simulated-provider';
import { findPostgresBin, startPostgresCluster } from '../src/testing/postgres-cluster';

const DUE = benchSetting('BENCH_RENEWALS', 10_000, 200);
const ROUNDS = benchSetting('BENCH_ROUNDS', 1, 1);
const PARALLEL = benchSetting('BENCH_RENEWAL_PARALLEL', 8, 2);
const HOUR_MS = 3_600_000;

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

async function count(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await database.db.execute(query)) as unknown as { rows: { n: unknown }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** `DUE` viewers with a Monthly subscription and a saved card, all due at `dueAt`. */
async function seedDue(database: Database, tag: string, dueAt: Date): Promise<void> {
  const due = dueAt.toISOString();
  const start = new Date(dueAt.getTime() - 30 * 24 * HOUR_MS).toISOString();
  await database.db.execute(sql`
    INSERT INTO plans (id, name, description, max_devices, duration_days, order_number, price_cents, renews)
    VALUES ('monthly', 'Monthly', 'Bench plan', 2, 30, 2, 999, true) ON CONFLICT DO NOTHING`);
  await database.db.execute(sql`
    INSERT INTO sandbox_sessions (id, reference, description, amount_cents, currency, return_url, status, save_card, created_at, expires_at)
    VALUES (${`cs_bench_${tag}`}, 'bench', 'Monthly', 999, 'USD', 'http://localhost/', 'SUCCEEDED', true, ${start}::timestamptz, ${start}::timestamptz)`);
  await database.db.execute(sql`
    INSERT INTO sandbox_payment_methods (id, session_id, card_last4, fails_off_session, created_at)
    VALUES (${`pm_bench_${tag}`}, ${`cs_bench_${tag}`}, '4242', false, ${start}::timestamptz)`);
  await database.db.execute(sql`
    INSERT INTO users (id, email, password_hash, first_name, last_name)
    SELECT gen_random_uuid(), 'bench-' || g || '-' || ${tag} || '@example.com', 'x', 'Bench', 'Viewer'
      FROM generate_series(1, ${DUE}::int) AS g`);
  await database.db.execute(sql`
    INSERT INTO subscriptions (user_id, state, plan_id, period_start, period_end, renewing,
      payment_system, payment_method, period_price_cents, next_renewal_at, created_at, updated_at)
    SELECT id, 'ACTIVE', 'monthly', ${start}::timestamptz, ${due}::timestamptz, true,
      'SANDBOX', ${`pm_bench_${tag}`}, 999, ${due}::timestamptz, ${start}::timestamptz, ${start}::timestamptz
      FROM users WHERE email LIKE ${`bench-%-${tag}@example.com`}`);
}

interface RoundResult {
  /** All due renewals ÷ the whole drain. */
  overall: number;
  /** Renewals per second of each job pass (up to 100 claimed each). */
  passes: number[];
}

/** One round: seed, move the clock past the due time, run the job until nothing is due. */
async function round(database: Database, index: number): Promise<RoundResult> {
  const tag = `r${index}-${Date.now().toString(36)}`;
  const dueAt = new Date(Date.now() + 24 * HOUR_MS * (index + 1));
  await seedDue(database, tag, dueAt);
  const clock = new ControlledClock(new Date(dueAt.getTime() + 60_000));
  const problems: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-renewal-bench-'));
  const billing = loadBillingConfig(
    { CREASE_SANDBOX_WEBHOOK_SECRET: 'whsec_renewal-bench-0123456789' },
    problems,
    dataDir,
    false,
  );
  const payments = new SandboxProvider(
    new SimulatedProvider(database.db, clock, billing, 'http://localhost', log),
    billing,
  );
  const invoices = new InvoiceIssuer(loadInvoiceConfig({}, []));
  const deps = { db: database.db, clock, payments, invoices, log };
  let renewed = 0;
  let failed = 0;
  let deferred = 0;
  const passes: number[] = [];
  const started = performance.now();
  for (;;) {
    const passStarted = performance.now();
    const run = await runDueRenewals(deps, { limit: 100, parallel: PARALLEL });
    if (run.claimed > 0) passes.push(run.renewed / ((performance.now() - passStarted) / 1000));
    renewed += run.renewed;
    failed += run.failed;
    deferred += run.deferred;
    if (run.claimed === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const ledger = await count(
    database,
    sql`SELECT count(*) AS n FROM payments p JOIN users u ON u.id = p.user_id
         WHERE p.renewal_key IS NOT NULL AND u.email LIKE ${`bench-%-${tag}@example.com`}`,
  );
  if (renewed !== DUE || failed !== 0 || deferred !== 0 || ledger !== DUE)
    throw new Error(
      `round ${index}: ${renewed} renewed, ${failed} failed, ${deferred} deferred, ${ledger} ledger rows for ${DUE} due: no figure`,
    );
  return { overall: DUE / seconds, passes };
}

async function benchOn(label: string, databaseUrl: string | null): Promise<string> {
  const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
  try {
    const overall: number[] = [];
    const passes: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const result = await round(database, i);
      overall.push(result.overall);
      passes.push(...result.passes);
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
    return `${label}: ${DUE} due renewals drained at ${Math.round(median(overall))} renewals/s (median of ${ROUNDS} round(s)); median job pass ${Math.round(median(passes))} renewals/s over ${passes.length} passes; ${PARALLEL} charges at a time`;
  } finally {
    await database.close();
  }
}

runBench(async () => {
  const lines = [await benchOn('PGlite', null)];
  const bin = findPostgresBin();
  if (bin) {
    const cluster = await startPostgresCluster(bin);
    try {
      lines.push(await benchOn('PostgreSQL', await cluster.createDatabase('renewal_bench')));
    } finally {
      await cluster.stop();
    }
  } else lines.push('PostgreSQL: skipped (no server binaries; set PG_BIN)');
  lines.push(`load while measuring: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
  for (const line of lines) console.info(line);
});
