/**
 * `npm run bench:billing` (issue 11): the API in its own process on loopback (production log
 * level, sandbox payments, seeded plans), over a fresh PGlite and a throwaway PostgreSQL:
 *   1. GET /api/v1/billing/plans with autocannon at 20 connections: p50/p99 (goal p99 <= 20 ms);
 *   2. checkout -> card -> signed webhook -> entitlement active, one viewer at a time, polling
 *      the entitlement as the browser does: median and p95 (goal median <= 300 ms);
 *   3. pay storm: 100 concurrent checkout calls with one Idempotency-Key, then 100 concurrent
 *      card submissions: exactly one checkout and one charge.
 * Every response is checked (status, and the body where the next step reads it); over any
 * unexpected one the bench prints no figure and exits non-zero (decision 180). `-- --quick`:
 * short runs that show the bench works, measuring nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { SANDBOX_TEST_CARDS } from '@crease/contract';
import {
  QUICK,
  ResponseCheck,
  benchSetting,
  checkedAutocannon,
  printFigures,
  runBench,
} from '@crease/test-utils/bench-kit';
import { findPostgresBin, startPostgresCluster } from '../src/testing/postgres-cluster';
import { BenchClient, startApi } from './bench-api';

const CONNECTIONS = 20;
const SECONDS = benchSetting('BENCH_SECONDS', 10, 2);
const WARMUP_SECONDS = benchSetting('BENCH_WARMUP_SECONDS', 3, 1);
const JOURNEYS = benchSetting('BENCH_JOURNEYS', 30, 3);
const STORM = 100;
/** How long one journey may wait for its entitlement before the bench fails. */
const ENTITLEMENT_WAIT_MS = 30_000;
/** BENCH_ONLY=plans (or journey,storm): run only those scenarios. */
const ONLY = (process.env.BENCH_ONLY ?? 'plans,journey,storm').split(',');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

interface Result {
  label: string;
  plans: { p50: number; p99: number; rps: number } | null;
  journey: { median: number; p95: number; min: number; max: number; count: number } | null;
  storm: {
    checkouts: number;
    created: number;
    inUse: number;
    paidCards: number;
    payments: number;
  } | null;
}

function plansResult(plans: autocannon.Result | null): Result['plans'] {
  if (!plans) return null;
  return {
    p50: plans.latency.p50,
    p99: plans.latency.p99,
    rps: Math.round(plans.requests.average),
  };
}

function journeyResult(times: number[]): Result['journey'] {
  if (times.length === 0) return null;
  return {
    median: Math.round(percentile(times, 50)),
    p95: Math.round(percentile(times, 95)),
    min: Math.round(times[0] ?? NaN),
    max: Math.round(times.at(-1) ?? NaN),
    count: times.length,
  };
}

/** Reads a JSON body the next step needs, after the kit has checked the response. */
const json = <T>(body: string) => JSON.parse(body) as T;

async function benchOn(
  check: ResponseCheck,
  label: string,
  databaseUrl: string | null,
): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-billing-bench-'));
  const api = await startApi({
    CREASE_DATA_DIR: dataDir,
    CREASE_SEED: 'true',
    // Setup only: every journey registers a new viewer; registration is not measured.
    CREASE_REGISTER_PER_MINUTE: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    return await measureOn(check, label, api.origin);
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureOn(check: ResponseCheck, label: string, origin: string): Promise<Result> {
  const client = await new BenchClient(origin, check).init();
  const viewer = () => client.viewer(`bench-${randomUUID()}@example.com`);
  const checkout = (headers: Record<string, string>, key: string) =>
    fetch(`${origin}/api/v1/billing/checkouts`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': key },
      body: JSON.stringify({ planId: 'monthly' }),
    });
  const pay = (sessionId: string) =>
    fetch(`${origin}/api/v1/sandbox-provider/sessions/${sessionId}/card`, {
      method: 'POST',
      headers: { ...client.headers(), 'content-type': 'application/json' },
      body: JSON.stringify({
        number: SANDBOX_TEST_CARDS.success,
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
      }),
    });
  const hasSession = (body: string) =>
    typeof json<{ sessionId?: unknown }>(body).sessionId === 'string';

  // 1. Plans: every answer a 200 that lists the plan the journeys buy.
  const plansUrl = `${origin}/api/v1/billing/plans`;
  const plansExpected = { status: 200, body: (body: string) => body.includes('"monthly"') };
  let plans: autocannon.Result | null = null;
  if (ONLY.includes('plans')) {
    const options = { url: plansUrl, connections: CONNECTIONS };
    const callType = `${label}: GET /api/v1/billing/plans`;
    if (WARMUP_SECONDS > 0)
      await checkedAutocannon(
        check,
        `${callType} (warm-up)`,
        { ...options, duration: WARMUP_SECONDS },
        plansExpected,
      );
    plans = await checkedAutocannon(
      check,
      callType,
      { ...options, duration: SECONDS },
      plansExpected,
    );
  }

  // 2. Checkout to entitlement, one journey at a time (the viewer's own wait).
  const times: number[] = [];
  for (let i = 0; ONLY.includes('journey') && i < JOURNEYS; i++) {
    const headers = await viewer();
    const start = performance.now();
    const created = json<{ sessionId: string }>(
      await check.require(`${label}: POST checkout`, await checkout(headers, randomUUID()), {
        status: 201,
        body: hasSession,
      }),
    );
    await check.require(`${label}: POST card`, await pay(created.sessionId), { status: 200 });
    for (;;) {
      const body = await check.require(
        `${label}: GET /api/v1/entitlement`,
        await fetch(`${origin}/api/v1/entitlement`, { headers }),
        { status: 200 },
      );
      if (json<{ entitled: boolean }>(body).entitled) break;
      if (performance.now() - start > ENTITLEMENT_WAIT_MS)
        throw new Error(`no entitlement ${ENTITLEMENT_WAIT_MS} ms after paying`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);

  // 3. Pay storm: each checkout call answers 201 (created or replayed) or 409 (still in use);
  // each card submission 200 (charged) or 409 (already paid).
  if (!ONLY.includes('storm'))
    return { label, plans: plansResult(plans), journey: journeyResult(times), storm: null };
  const headers = await viewer();
  const key = randomUUID();
  const clicks = await Promise.all(
    Array.from({ length: STORM }, async () => {
      const res = await checkout(headers, key);
      const body = await check.response(`${label}: POST checkout (storm)`, res, {
        status: [201, 409],
      });
      return { status: res.status, body: json<{ checkoutId?: string; sessionId?: string }>(body) };
    }),
  );
  check.assertExpected(`${label}: POST checkout (storm)`);
  const ids = new Set(clicks.filter((c) => c.status === 201).map((c) => c.body.checkoutId));
  const sessionId = clicks.find((c) => c.status === 201)?.body.sessionId ?? '';
  const cards = await Promise.all(
    Array.from({ length: STORM }, async () => {
      const res = await pay(sessionId);
      await check.response(`${label}: POST card (storm)`, res, { status: [200, 409] });
      return res.status;
    }),
  );
  check.assertExpected(`${label}: POST card (storm)`);
  let payments = 0;
  for (let i = 0; i < 400 && payments === 0; i++) {
    const body = await check.require(
      `${label}: GET /api/v1/billing/payments`,
      await fetch(`${origin}/api/v1/billing/payments`, { headers }),
      { status: 200 },
    );
    payments = json<{ total: number }>(body).total;
    if (payments === 0) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    label,
    plans: plansResult(plans),
    journey: journeyResult(times),
    storm: {
      checkouts: ids.size,
      created: clicks.filter((c) => c.status === 201).length,
      inUse: clicks.filter((c) => c.status === 409).length,
      paidCards: cards.filter((status) => status === 200).length,
      payments,
    },
  };
}

async function main() {
  const check = new ResponseCheck();
  const results: Result[] = [];
  if (process.env.BENCH_PGLITE !== '0')
    results.push(await benchOn(check, 'PGlite (on disk, as npm start runs it)', null));
  const bin = process.env.BENCH_POSTGRES === '0' ? null : findPostgresBin();
  if (bin) {
    const cluster = await startPostgresCluster(bin);
    try {
      results.push(
        await benchOn(
          check,
          'PostgreSQL (throwaway local cluster)',
          await cluster.createDatabase('crease_bench'),
        ),
      );
    } finally {
      await cluster.stop();
    }
  } else if (process.env.BENCH_POSTGRES !== '0')
    console.warn('No PostgreSQL server binaries: the PostgreSQL run is skipped.');

  const lines = [
    `\nCrease billing on loopback, ${os.cpus().length} CPUs, Node ${process.version}; API in its own process, production log level, sandbox payments; every response checked${QUICK ? ' (--quick: shows the bench works, measures nothing)' : ''}`,
  ];
  let failed = false;
  for (const r of results) {
    lines.push(`\n${r.label}`);
    if (r.plans)
      lines.push(
        `  plans GET, ${CONNECTIONS} connections, ${SECONDS} s: p50 ${r.plans.p50} ms, p99 ${r.plans.p99} ms, ${r.plans.rps} req/s (goal p99 <= 20 ms: ${r.plans.p99 <= 20 ? 'met' : 'NOT met'})`,
      );
    if (r.journey)
      lines.push(
        `  checkout -> webhook -> entitled, ${r.journey.count} journeys: median ${r.journey.median} ms, p95 ${r.journey.p95} ms (min ${r.journey.min}, max ${r.journey.max}) (goal median <= 300 ms: ${r.journey.median <= 300 ? 'met' : 'NOT met'})`,
      );
    if (r.storm) {
      const one = r.storm.checkouts === 1 && r.storm.paidCards === 1 && r.storm.payments === 1;
      failed ||= !one;
      lines.push(
        `  pay storm, ${STORM} concurrent checkout calls with one key: ${r.storm.checkouts} checkout (${r.storm.created} answered 201 incl. replays, ${r.storm.inUse} answered 409 in use); ${STORM} concurrent card submissions: ${r.storm.paidCards} charged; ledger: ${r.storm.payments} payment (${one ? 'exactly one charge' : 'NOT exactly one'})`,
      );
    }
  }
  printFigures(check, lines);
  if (failed) process.exit(1);
}

runBench(main);
