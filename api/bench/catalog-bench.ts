/**
 * `npm run bench:catalog`: the catalog's list endpoints against a bare Fastify route returning the
 * same JSON, in one run, on loopback at 20 connections (autocannon in this process; the API and
 * the bare server each in their own process). The API runs as `npm start` runs it: PGlite on disk,
 * the rolling demo ticking every 5 s, production logging (one line per request, decision 017),
 * and the requests carry what a browser sends (bearer token, XSRF cookie, Origin).
 *
 * Each round measures every scenario on both servers (3 s unmeasured warm-up, then
 * BENCH_SECONDS); the medians over BENCH_ROUNDS rounds are printed, with the API's share of the
 * bare route's throughput. Goal (issue 10): >= 50 % of bare Fastify and p99 <= 20 ms.
 * BENCH_CATALOG_CACHE_MS=0 measures the API with its read cache off (every request reads the DB).
 *
 * The whole run happens twice: on PGlite (as `npm start` runs it) and on PostgreSQL, a throwaway
 * local cluster (initdb + pg_ctl on a free port, as api-bench does), the production database.
 * BENCH_PGLITE=0 or BENCH_POSTGRES=0 skips one of them. `-- --quick` runs one short round, to show the
 * bench works. Every response (API and bare) is checked: status 200 and the body's first key;
 * over any other the bench prints no figure and exits non-zero (decision 180).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CATALOG_PATHS } from '@crease/contract';
import {
  QUICK,
  ResponseCheck,
  benchSetting,
  checkedAutocannon,
  printFigures,
  runBench,
} from '@crease/test-utils/bench-kit';
import { findPostgresBin, startPostgresCluster } from '../src/testing/postgres-cluster';
import { BENCH_API_ENV, BenchClient } from './bench-api';

const CONNECTIONS = 20;
const SECONDS = benchSetting('BENCH_SECONDS', 10, 2);
const WARMUP_SECONDS = benchSetting('BENCH_WARMUP_SECONDS', 3, 1);
const ROUNDS = benchSetting('BENCH_ROUNDS', 3, 1);
const SITE_ORIGIN = 'http://localhost:8080';

const SCENARIOS = [
  {
    name: `GET /${CATALOG_PATHS.events} (first page, 20 events)`,
    route: `/${CATALOG_PATHS.events}`,
  },
  {
    name: `GET /${CATALOG_PATHS.leagues} (the /events screen's call)`,
    route: `/${CATALOG_PATHS.leagues}`,
  },
];

interface Sample {
  rps: number;
  p50: number;
  p99: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** Starts a child and resolves with the port it prints (`localhost:<port>` or `listening <port>`). */
function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /(?:localhost:|listening )(\d+)/.exec(out)?.[1];
      if (port) {
        // From here on the output (the API's request log) is read and dropped, as a shipper would.
        child.stdout!.removeAllListeners('data');
        child.stdout!.on('data', () => undefined);
        resolve({ child, origin: `http://127.0.0.1:${port}` });
      }
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code})`)));
  });
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((resolve) =>
    child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
  );
}

/** One checked measurement: every response must be a 200 whose JSON starts with `firstKey`. */
async function measure(
  check: ResponseCheck,
  callType: string,
  url: string,
  headers: Record<string, string>,
  firstKey: string,
): Promise<Sample> {
  const expected = { status: 200, body: (body: string) => body.startsWith(`{"${firstKey}":`) };
  const options = { url, headers, connections: CONNECTIONS };
  if (WARMUP_SECONDS > 0)
    await checkedAutocannon(
      check,
      `${callType} (warm-up)`,
      { ...options, duration: WARMUP_SECONDS },
      expected,
    );
  const result = await checkedAutocannon(
    check,
    callType,
    { ...options, duration: SECONDS },
    expected,
  );
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

type Samples = Map<string, { api: Sample[]; bare: Sample[] }>;

/** Every round of every scenario against one API (PGlite when `databaseUrl` is null). */
async function benchOn(
  check: ResponseCheck,
  label: string,
  databaseUrl: string | null,
): Promise<Samples> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-catalog-bench-'));
  const api = await startProcess(['api/src/cli/serve.ts'], {
    ...BENCH_API_ENV,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    CREASE_DATA_DIR: dataDir,
    CREASE_SEED: 'false',
    CREASE_CATALOG_DEMO: 'true',
    CREASE_CATALOG_DEMO_TICK_SECONDS: '5',
    ...(process.env.BENCH_CATALOG_CACHE_MS
      ? { CREASE_CATALOG_CACHE_MS: process.env.BENCH_CATALOG_CACHE_MS }
      : {}),
  });
  let bare: Awaited<ReturnType<typeof startProcess>> | null = null;
  try {
    // A signed-in viewer (an ALTCHA proof per call that needs one), with the XSRF cookie a
    // browser would hold and the site's Origin.
    const client = await new BenchClient(api.origin, check, SITE_ORIGIN).init();
    const email = 'catalog-bench@example.com';
    await client.register(email);
    const token = await client.signIn(email);
    const headers = {
      cookie: client.headers().cookie as string,
      origin: SITE_ORIGIN,
      authorization: `Bearer ${token.access_token}`,
    };

    // The bare server answers each route with the body the API gives for it right now.
    const payloads: Record<string, unknown> = {};
    const firstKeys: Record<string, string> = {};
    for (const { route } of SCENARIOS) {
      const response = await fetch(`${api.origin}${route}`, { headers });
      const body = await check.require(`setup: GET ${route}`, response, { status: 200 });
      payloads[route] = JSON.parse(body);
      firstKeys[route] = Object.keys(payloads[route] as object)[0] ?? '';
    }
    const payloadFile = path.join(dataDir, 'payloads.json');
    fs.writeFileSync(payloadFile, JSON.stringify(payloads));
    bare = await startProcess(['api/bench/bare-fastify.ts', payloadFile], {});

    const samples: Samples = new Map();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const { name, route } of SCENARIOS) {
        const entry = samples.get(name) ?? { api: [], bare: [] };
        // Alternate the order per round, so neither side always runs on a warmer machine.
        const order = round % 2 ? (['api', 'bare'] as const) : (['bare', 'api'] as const);
        for (const side of order) {
          const origin = side === 'api' ? api.origin : bare.origin;
          const sample = await measure(
            check,
            `${label} ${side}: ${name}`,
            `${origin}${route}`,
            headers,
            firstKeys[route] ?? '',
          );
          entry[side].push(sample);
          console.info(
            `${label} round ${round} ${side.padEnd(4)} ${name}: ${sample.rps} req/s, p50 ${sample.p50} ms, p99 ${sample.p99} ms (every response checked)`,
          );
        }
        samples.set(name, entry);
      }
    }

    return samples;
  } finally {
    if (bare) await stop(bare.child);
    await stop(api.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures of one database's run, as Markdown (printed only when every response was expected). */
function report(label: string, samples: Samples): string[] {
  const lines = [
    `\nCatalog on loopback: ${CONNECTIONS} connections, ${SECONDS} s per measurement, median of ${ROUNDS} rounds${QUICK ? ' (--quick: shows the bench works, measures nothing)' : ''}; ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}, Node ${process.version}; ${label}, read cache ${process.env.BENCH_CATALOG_CACHE_MS === '0' ? 'off' : label.startsWith('PostgreSQL') ? `${process.env.BENCH_CATALOG_CACHE_MS ?? 1000} ms, refreshed ahead by one background read (decision 087)` : 'until the next write'}; every response checked`,
    '| scenario | API req/s | API p50 / p99 ms | bare req/s | bare p50 / p99 ms | API / bare | goal met |',
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const [name, { api: a, bare: b }] of samples) {
    const apiRps = median(a.map((s) => s.rps));
    const bareRps = median(b.map((s) => s.rps));
    const apiP99 = median(a.map((s) => s.p99));
    const share = apiRps / bareRps;
    const met = share >= 0.5 && apiP99 <= 20;
    lines.push(
      `| ${name} | ${apiRps} | ${median(a.map((s) => s.p50))} / ${apiP99} | ${bareRps} | ${median(b.map((s) => s.p50))} / ${median(b.map((s) => s.p99))} | ${(share * 100).toFixed(0)} % | ${met ? 'yes' : 'NO'} |`,
    );
  }
  return lines;
}

async function main() {
  const check = new ResponseCheck();
  const runs: { label: string; samples: Samples }[] = [];
  if (process.env.BENCH_PGLITE !== '0') {
    const label = 'PGlite (on disk, as npm start runs it)';
    runs.push({ label, samples: await benchOn(check, 'PGlite', null) });
  }
  const bin = process.env.BENCH_POSTGRES === '0' ? null : findPostgresBin();
  if (bin) {
    const cluster = await startPostgresCluster(bin);
    try {
      const url = await cluster.createDatabase('crease_catalog_bench');
      runs.push({
        label: 'PostgreSQL (throwaway local cluster)',
        samples: await benchOn(check, 'PostgreSQL', url),
      });
    } finally {
      await cluster.stop();
    }
  } else if (process.env.BENCH_POSTGRES !== '0') {
    console.warn('No PostgreSQL server binaries: the PostgreSQL run is skipped.');
  }
  printFigures(
    check,
    runs.flatMap(({ label, samples }) => report(label, samples)),
  );
}

runBench(main);
