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
 * BENCH_PGLITE=0 or BENCH_POSTGRES=0 skips one of them.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { CATALOG_PATHS } from '@crease/contract';
import { PRODUCTION_LOG_LEVEL } from '../src/platform/config';
import { findPostgresBin, startPostgresCluster } from '../src/testing/postgres-cluster';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SITE_ORIGIN = 'http://localhost:8080';
const PASSWORD = 'bench password 2024';

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
  non2xx: number;
  errors: number;
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

async function measure(url: string, headers: Record<string, string>): Promise<Sample> {
  if (WARMUP_SECONDS > 0)
    await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

type Samples = Map<string, { api: Sample[]; bare: Sample[] }>;

/** Every round of every scenario against one API (PGlite when `databaseUrl` is null). */
async function benchOn(label: string, databaseUrl: string | null): Promise<Samples> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-catalog-bench-'));
  const api = await startProcess(['api/src/cli/serve.ts'], {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    NODE_ENV: 'development',
    CREASE_DATA_DIR: dataDir,
    CREASE_BOT_CHECK: 'off', // the bench signs in once; it measures the catalog
    CREASE_SEED: 'false',
    CREASE_CATALOG_DEMO: 'true',
    CREASE_CATALOG_DEMO_TICK_SECONDS: '5',
    LOG_LEVEL: PRODUCTION_LOG_LEVEL,
    API_PORT: '0',
    API_HOST: '127.0.0.1',
    ...(process.env.BENCH_CATALOG_CACHE_MS
      ? { CREASE_CATALOG_CACHE_MS: process.env.BENCH_CATALOG_CACHE_MS }
      : {}),
  });
  let bare: Awaited<ReturnType<typeof startProcess>> | null = null;
  try {
    // A signed-in viewer, with the XSRF cookie a browser would hold.
    const first = await fetch(`${api.origin}/healthz`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1] ?? '';
    const base = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, origin: SITE_ORIGIN };
    const email = 'catalog-bench@example.com';
    const registered = await fetch(`${api.origin}/api/v1/auth/register`, {
      method: 'POST',
      headers: { ...base, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, emailSubscribe: false }),
    });
    if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
    const token = (await (
      await fetch(`${api.origin}/oauth2/token`, {
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
      })
    ).json()) as { access_token: string };
    const headers = {
      cookie: base.cookie,
      origin: SITE_ORIGIN,
      authorization: `Bearer ${token.access_token}`,
    };

    // The bare server answers each route with the body the API gives for it right now.
    const payloads: Record<string, unknown> = {};
    for (const { route } of SCENARIOS) {
      const response = await fetch(`${api.origin}${route}`, { headers });
      if (response.status !== 200) throw new Error(`${route}: ${response.status}`);
      payloads[route] = await response.json();
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
          const sample = await measure(`${origin}${route}`, headers);
          entry[side].push(sample);
          console.info(
            `${label} round ${round} ${side.padEnd(4)} ${name}: ${sample.rps} req/s, p50 ${sample.p50} ms, p99 ${sample.p99} ms, non-2xx ${sample.non2xx}, errors ${sample.errors}`,
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

function report(label: string, samples: Samples) {
  console.info(
    `\nCatalog on loopback: ${CONNECTIONS} connections, ${SECONDS} s per measurement, median of ${ROUNDS} rounds; ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}, Node ${process.version}; ${label}, read cache ${process.env.BENCH_CATALOG_CACHE_MS === '0' ? 'off' : label.startsWith('PostgreSQL') ? `${process.env.BENCH_CATALOG_CACHE_MS ?? 1000} ms, refreshed ahead by one background read (decision 087)` : 'until the next write'}`,
  );
  console.info(
    '| scenario | API req/s | API p50 / p99 ms | bare req/s | bare p50 / p99 ms | API / bare | goal met |',
  );
  console.info('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, { api: a, bare: b }] of samples) {
    const apiRps = median(a.map((s) => s.rps));
    const bareRps = median(b.map((s) => s.rps));
    const apiP99 = median(a.map((s) => s.p99));
    const share = apiRps / bareRps;
    const failures = a.reduce((n, s) => n + s.non2xx + s.errors, 0);
    const met = share >= 0.5 && apiP99 <= 20 && failures === 0;
    console.info(
      `| ${name} | ${apiRps} | ${median(a.map((s) => s.p50))} / ${apiP99} | ${bareRps} | ${median(b.map((s) => s.p50))} / ${median(b.map((s) => s.p99))} | ${(share * 100).toFixed(0)} % | ${met ? 'yes' : 'NO'}${failures ? ` (${failures} failed requests)` : ''} |`,
    );
  }
}

async function main() {
  const runs: { label: string; samples: Samples }[] = [];
  if (process.env.BENCH_PGLITE !== '0') {
    const label = 'PGlite (on disk, as npm start runs it)';
    runs.push({ label, samples: await benchOn('PGlite', null) });
  }
  const bin = process.env.BENCH_POSTGRES === '0' ? null : findPostgresBin();
  if (bin) {
    const cluster = await startPostgresCluster(bin);
    try {
      const url = await cluster.createDatabase('crease_catalog_bench');
      runs.push({
        label: 'PostgreSQL (throwaway local cluster)',
        samples: await benchOn('PostgreSQL', url),
      });
    } finally {
      await cluster.stop();
    }
  } else if (process.env.BENCH_POSTGRES !== '0') {
    console.warn('No PostgreSQL server binaries: the PostgreSQL run is skipped.');
  }
  for (const { label, samples } of runs) report(label, samples);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
