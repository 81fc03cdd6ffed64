/**
 * `npm run bench:api`: the API (its own process, as production runs it) on loopback over a fresh
 * PGlite, driven by autocannon (this process) at 20
 * connections: the password grant, the refresh grant (every request spends a fresh refresh token
 * from a shared pool and returns its successor to it) and a cheap authenticated GET.
 * Prints p50/p99 latency and req/s, plus the argon2 parameters and their median cost per hash.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { hash } from '@node-rs/argon2';
import { loadApiConfig } from '../src/index';
import { PRODUCTION_LOG_LEVEL } from '../src/platform/config';
import { findPostgresBin, startPostgresCluster } from '../src/testing/postgres-cluster';

const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Unmeasured load before each scenario: JIT, connection pools and the database's caches warm up. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** BENCH_ONLY=refresh (or password,me): run only those scenarios, e.g. while profiling. */
const ONLY = (process.env.BENCH_ONLY ?? 'password,refresh,me').split(',');
const PASSWORD = 'bench password 2024';

interface Row {
  scenario: string;
  'p50 ms': number;
  'p99 ms': number;
  'req/s': number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** A Markdown table, so the output pastes into docs as is. */
function table(rows: Row[]): string {
  const head = Object.keys(rows[0] ?? {}) as (keyof Row)[];
  const line = (cells: unknown[]) => `| ${cells.join(' | ')} |`;
  return [
    line(head),
    line(head.map(() => '---')),
    ...rows.map((r) => line(head.map((h) => r[h]))),
  ].join('\n');
}

async function benchOn(
  label: string,
  databaseUrl: string | null,
): Promise<{ rows: Row[]; config: ReturnType<typeof loadApiConfig> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-bench-'));
  const env = {
    NODE_ENV: 'development',
    CREASE_DATA_DIR: dataDir,
    CREASE_BOT_CHECK: 'off', // the bench measures the grant, not the proof of work
    CREASE_SEED: 'false',
    CREASE_CATALOG_DEMO: 'false',
    CREASE_REGISTER_PER_MINUTE: '1000',
    // Logging as in production (one line per response at info, decision 017), piped as there.
    LOG_LEVEL: PRODUCTION_LOG_LEVEL,
    API_PORT: '0',
    API_HOST: '127.0.0.1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const config = loadApiConfig(env, process.cwd());
  // BENCH_API_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=.bench/prof", to profile the API.
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'api/src/cli/serve.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let logBytes = 0;
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /localhost:(\d+)/.exec(out)?.[1];
      if (port) {
        out = '';
        // From here on the log lines are read and dropped, as a log shipper would take them.
        server.stdout.removeAllListeners('data');
        server.stdout.on('data', (chunk: Buffer) => void (logBytes += chunk.length));
        resolve(`http://127.0.0.1:${port}`);
      }
    });
    server.on('exit', (code) => reject(new Error(`API exited (${code})`)));
  });

  // The XSRF cookie and header, as the browser sends them.
  const first = await fetch(`${origin}/healthz`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1] ?? '';
  const base = { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const form = {
    ...base,
    'content-type': 'application/x-www-form-urlencoded',
    authorization: `Basic ${Buffer.from('crease-web:public').toString('base64')}`,
  };
  const email = 'load-test@example.com';
  const registered = await fetch(`${origin}/api/v1/auth/register`, {
    method: 'POST',
    headers: { ...base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, emailSubscribe: false }),
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
  const signIn = async () => {
    const response = await fetch(`${origin}/oauth2/token`, {
      method: 'POST',
      headers: form,
      body: new URLSearchParams({
        grant_type: 'password',
        scope: 'API',
        username: email,
        password: PASSWORD,
      }),
    });
    return (await response.json()) as { access_token: string; refresh_token: string };
  };

  // Each scenario runs twice: a short warm-up whose numbers are dropped, then the measured run.
  const run = async (opts: autocannon.Options) => {
    if (WARMUP_SECONDS > 0)
      await autocannon({ connections: CONNECTIONS, duration: WARMUP_SECONDS, ...opts });
    return autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts });
  };
  const rows: Row[] = [];
  const record = (scenario: string, result: autocannon.Result) =>
    rows.push({
      scenario,
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'req/s': Math.round(result.requests.average),
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
    });

  const passwordBody = new URLSearchParams({
    grant_type: 'password',
    scope: 'API',
    username: email,
    password: PASSWORD,
  }).toString();
  if (ONLY.includes('password'))
    record(
      'POST /oauth2/token (password grant)',
      await run({
        url: `${origin}/oauth2/token`,
        method: 'POST',
        headers: form,
        body: passwordBody,
      }),
    );

  // A shared pool of live refresh tokens: each request spends one and puts back its successor.
  const pool: string[] = [];
  for (let i = 0; i < CONNECTIONS * 2; i++) pool.push((await signIn()).refresh_token);
  if (ONLY.includes('refresh'))
    record(
      'POST /oauth2/token (refresh grant)',
      await run({
        url: `${origin}/oauth2/token`,
        requests: [
          {
            method: 'POST',
            headers: form,
            setupRequest: (request) => ({
              ...request,
              body: new URLSearchParams({
                grant_type: 'refresh_token',
                refresh_token: pool.shift() ?? 'pool-empty',
              }).toString(),
            }),
            onResponse: (status, body) => {
              if (status === 200)
                pool.push((JSON.parse(body) as { refresh_token: string }).refresh_token);
            },
          },
        ],
      }),
    );

  const { access_token } = await signIn();
  if (ONLY.includes('me'))
    record(
      'GET /api/v1/me (bearer)',
      await run({
        url: `${origin}/api/v1/me`,
        headers: { authorization: `Bearer ${access_token}` },
      }),
    );

  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.info(`${label}: done (${(logBytes / 1024).toFixed(0)} KiB of API log)`);
  return { rows, config };
}

async function main() {
  const results: { label: string; rows: Row[] }[] = [];
  // BENCH_PGLITE=0 skips the PGlite run (e.g. to profile only the PostgreSQL one).
  const pglite =
    process.env.BENCH_PGLITE === '0'
      ? { rows: [], config: loadApiConfig({ CREASE_DATA_DIR: os.tmpdir() }, process.cwd()) }
      : await benchOn('PGlite (on disk, as npm start runs it)', null);
  if (pglite.rows.length)
    results.push({ label: 'PGlite (on disk, as npm start runs it)', rows: pglite.rows });
  const bin = process.env.BENCH_POSTGRES === '0' ? null : findPostgresBin();
  if (bin) {
    const cluster = await startPostgresCluster(bin);
    try {
      const url = await cluster.createDatabase('crease_bench');
      results.push({
        label: 'PostgreSQL 15 (throwaway local cluster)',
        rows: (await benchOn('PostgreSQL', url)).rows,
      });
    } finally {
      await cluster.stop();
    }
  } else console.warn('No PostgreSQL server binaries: the PostgreSQL run is skipped.');

  const { config } = pglite;
  const costs: number[] = [];
  for (let i = 0; i < 15; i++) {
    const start = performance.now();
    await hash(`password ${i}`, { algorithm: 2, ...config.argon2, outputLen: 32 });
    costs.push(performance.now() - start);
  }
  costs.sort((a, b) => a - b);
  console.info(
    `\nCrease API on loopback, ${CONNECTIONS} connections, ${SECONDS} s per scenario, ${os.cpus().length} CPUs, Node ${process.version}; autocannon in a separate process from the API`,
  );
  for (const { label, rows } of results) {
    console.info(`\n${label}`);
    console.info(table(rows));
    const refresh = rows.find((row) => row.scenario.includes('refresh'));
    if (refresh) console.info(`refresh-grant p99 ${refresh['p99 ms']} ms (target <= 20 ms)`);
  }
  console.info(
    `\nargon2id: memoryCost ${config.argon2.memoryCost} KiB, timeCost ${config.argon2.timeCost}, parallelism ${config.argon2.parallelism}; median ${costs[Math.floor(costs.length / 2)]?.toFixed(1)} ms per hash (${costs.length} hashes)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
