/**
 * `npm run bench:billing` (issue 11): the API in its own process on loopback (production log
 * level, sandbox payments, seeded plans), over a fresh PGlite and a throwaway PostgreSQL:
 *   1. GET /api/v1/billing/plans with autocannon at 20 connections: p50/p99 (goal p99 <= 20 ms);
 *   2. checkout -> card -> signed webhook -> entitlement active, one viewer at a time, polling
 *      the entitlement as the browser does: median and p95 (goal median <= 300 ms);
 *   3. pay storm: 100 concurrent checkout calls with one Idempotency-Key, then 100 concurrent
 *      card submissions: exactly one checkout and one charge.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { SANDBOX_TEST_CARDS } from '@crease/contract';
import { PRODUCTION_LOG_LEVEL } from '../src/platform/config';
import { findPostgresBin, startPostgresCluster } from '../src/testing/postgres-cluster';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const JOURNEYS = Number(process.env.BENCH_JOURNEYS ?? 30);
const STORM = 100;
/** BENCH_ONLY=plans (or journey,storm): run only those scenarios. */
const ONLY = (process.env.BENCH_ONLY ?? 'plans,journey,storm').split(',');
const PASSWORD = 'bench password 2024';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

interface Result {
  label: string;
  plans: { p50: number; p99: number; rps: number; non2xx: number } | null;
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
    non2xx: plans.non2xx,
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

async function startApi(env: Record<string, string>) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'api/src/cli/serve.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /localhost:(\d+)/.exec(out)?.[1];
      if (port) {
        // Log lines are read and dropped from here on, as a log shipper would take them.
        server.stdout.removeAllListeners('data');
        server.stdout.on('data', () => undefined);
        resolve(`http://127.0.0.1:${port}`);
      }
    });
    server.on('exit', (code) => reject(new Error(`API exited (${code})`)));
  });
  return { origin, server };
}

async function benchOn(label: string, databaseUrl: string | null): Promise<Result> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-billing-bench-'));
  const { origin, server } = await startApi({
    NODE_ENV: 'development',
    CREASE_DATA_DIR: dataDir,
    CREASE_BOT_CHECK: 'off',
    CREASE_SEED: 'true',
    CREASE_REGISTER_PER_MINUTE: '100000',
    LOG_LEVEL: PRODUCTION_LOG_LEVEL,
    API_PORT: '0',
    API_HOST: '127.0.0.1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });

  const first = await fetch(`${origin}/healthz`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1] ?? '';
  const base = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const json = { ...base, 'content-type': 'application/json' };
  async function viewer(): Promise<Record<string, string>> {
    const email = `bench-${randomUUID()}@example.com`;
    const registered = await fetch(`${origin}/api/v1/auth/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email, password: PASSWORD, emailSubscribe: false }),
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
    const token = await fetch(`${origin}/oauth2/token`, {
      method: 'POST',
      headers: {
        ...base,
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('crease-web:public').toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'password',
        scope: 'API',
        username: email,
        password: PASSWORD,
      }),
    });
    const { access_token } = (await token.json()) as { access_token: string };
    return { ...json, authorization: `Bearer ${access_token}` };
  }
  const checkout = (headers: Record<string, string>, key: string) =>
    fetch(`${origin}/api/v1/billing/checkouts`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': key },
      body: JSON.stringify({ planId: 'monthly' }),
    });
  const pay = (sessionId: string) =>
    fetch(`${origin}/api/v1/sandbox-provider/sessions/${sessionId}/card`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        number: SANDBOX_TEST_CARDS.success,
        expMonth: 12,
        expYear: 2099,
        cvc: '123',
      }),
    });

  // 1. Plans.
  const plansUrl = `${origin}/api/v1/billing/plans`;
  let plans: autocannon.Result | null = null;
  if (ONLY.includes('plans')) {
    if (WARMUP_SECONDS > 0)
      await autocannon({ url: plansUrl, connections: CONNECTIONS, duration: WARMUP_SECONDS });
    plans = await autocannon({ url: plansUrl, connections: CONNECTIONS, duration: SECONDS });
  }

  // 2. Checkout to entitlement, one journey at a time (the viewer's own wait).
  const times: number[] = [];
  for (let i = 0; ONLY.includes('journey') && i < JOURNEYS; i++) {
    const headers = await viewer();
    const start = performance.now();
    const created = (await (await checkout(headers, randomUUID())).json()) as { sessionId: string };
    const card = await pay(created.sessionId);
    if (card.status !== 200) throw new Error(`card: ${card.status}`);
    for (;;) {
      const ent = (await (await fetch(`${origin}/api/v1/entitlement`, { headers })).json()) as {
        entitled: boolean;
      };
      if (ent.entitled) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);

  // 3. Pay storm.
  if (!ONLY.includes('storm')) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
    return { label, plans: plansResult(plans), journey: journeyResult(times), storm: null };
  }
  const headers = await viewer();
  const key = randomUUID();
  const clicks = await Promise.all(
    Array.from({ length: STORM }, async () => {
      const res = await checkout(headers, key);
      return {
        status: res.status,
        body: (await res.json()) as { checkoutId?: string; sessionId?: string },
      };
    }),
  );
  const ids = new Set(clicks.filter((c) => c.status === 201).map((c) => c.body.checkoutId));
  const sessionId = clicks.find((c) => c.status === 201)?.body.sessionId ?? '';
  const cards = await Promise.all(Array.from({ length: STORM }, () => pay(sessionId)));
  let payments = 0;
  for (let i = 0; i < 400 && payments === 0; i++) {
    const page = (await (await fetch(`${origin}/api/v1/billing/payments`, { headers })).json()) as {
      total: number;
    };
    payments = page.total;
    if (payments === 0) await new Promise((resolve) => setTimeout(resolve, 25));
  }

  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
  return {
    label,
    plans: plansResult(plans),
    journey: journeyResult(times),
    storm: {
      checkouts: ids.size,
      created: clicks.filter((c) => c.status === 201).length,
      inUse: clicks.filter((c) => c.status === 409).length,
      paidCards: cards.filter((c) => c.status === 200).length,
      payments,
    },
  };
}

async function main() {
  const results: Result[] = [];
  if (process.env.BENCH_PGLITE !== '0')
    results.push(await benchOn('PGlite (on disk, as npm start runs it)', null));
  const bin = process.env.BENCH_POSTGRES === '0' ? null : findPostgresBin();
  if (bin) {
    const cluster = await startPostgresCluster(bin);
    try {
      results.push(
        await benchOn(
          'PostgreSQL (throwaway local cluster)',
          await cluster.createDatabase('crease_bench'),
        ),
      );
    } finally {
      await cluster.stop();
    }
  } else console.warn('No PostgreSQL server binaries: the PostgreSQL run is skipped.');

  console.info(
    `\nCrease billing on loopback, ${os.cpus().length} CPUs, Node ${process.version}; API in its own process, production log level, sandbox payments`,
  );
  let failed = false;
  for (const r of results) {
    console.info(`\n${r.label}`);
    if (r.plans)
      console.info(
        `  plans GET, ${CONNECTIONS} connections, ${SECONDS} s: p50 ${r.plans.p50} ms, p99 ${r.plans.p99} ms, ${r.plans.rps} req/s, non-2xx ${r.plans.non2xx} (goal p99 <= 20 ms: ${r.plans.p99 <= 20 ? 'met' : 'NOT met'})`,
      );
    if (r.journey)
      console.info(
        `  checkout -> webhook -> entitled, ${r.journey.count} journeys: median ${r.journey.median} ms, p95 ${r.journey.p95} ms (min ${r.journey.min}, max ${r.journey.max}) (goal median <= 300 ms: ${r.journey.median <= 300 ? 'met' : 'NOT met'})`,
      );
    if (r.storm) {
      const one = r.storm.checkouts === 1 && r.storm.paidCards === 1 && r.storm.payments === 1;
      failed ||= !one;
      console.info(
        `  pay storm, ${STORM} concurrent checkout calls with one key: ${r.storm.checkouts} checkout (${r.storm.created} answered 201 incl. replays, ${r.storm.inUse} answered 409 in use); ${STORM} concurrent card submissions: ${r.storm.paidCards} charged; ledger: ${r.storm.payments} payment (${one ? 'exactly one charge' : 'NOT exactly one'})`,
      );
    }
  }
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
