/**
 * `npm run bench:api` (`-- --quick` to show it works, not to measure): the API (its own process,
 * as production runs it, bot check ALTCHA, production attempt limits) on loopback over a fresh
 * PGlite and a throwaway PostgreSQL, driven by autocannon (this process) at 20 connections:
 * - the password grant: a fixed number of grants, each with its own solved ALTCHA proof and the
 *   right password, spread over enough accounts that none signs in more than 4 times (below the
 *   per-account attempt limit even if every attempt counted), each account from its own network
 *   (X-Forwarded-For through a trusted proxy, as production runs behind one);
 * - the refresh grant: every request spends a live refresh token from a pool of sessions and
 *   puts its successor back, so no token is used twice (that would measure reuse revocation);
 * - a cheap authenticated GET.
 * Every response is checked (status and shape); over any unexpected one the bench prints no
 * figure and exits non-zero (decisions 180, 181). Prints p50/p99 latency and req/s, plus the
 * argon2 parameters and their median cost per hash.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { ACCOUNT_PATHS, BOT_CHECK_HEADER } from '@crease/contract';
import {
  QUICK,
  ResponseCheck,
  benchSetting,
  checkedAutocannon,
  printFigures,
  runBench,
} from '@crease/test-utils/bench-kit';
import type { Expectation } from '@crease/test-utils/bench-kit';
import type autocannon from 'autocannon';
import { loadApiConfig } from '../src/index';
import { findPostgresBin, startPostgresCluster } from '../src/testing/postgres-cluster';
import { BenchClient, TOKENS_EXPECTED, startApi } from './bench-api';

const CONNECTIONS = 20;
const SECONDS = benchSetting('BENCH_SECONDS', 10, 2);
/** Unmeasured load before each scenario: JIT, connection pools and the database's caches warm up. */
const WARMUP_SECONDS = benchSetting('BENCH_WARMUP_SECONDS', 3, 1);
/** Password grants measured (each needs a proof solved beforehand, about 25 ms of CPU each). */
const PASSWORD_GRANTS = benchSetting('BENCH_PASSWORD_GRANTS', 1000, 100);
const WARMUP_GRANTS = QUICK ? CONNECTIONS : 5 * CONNECTIONS;
/** Sign-ins per account in one run: fewer than the per-account attempt limit (5 by default). */
const SIGN_INS_PER_ACCOUNT = 4;
/** Live sessions the refresh grant cycles through: every connection always finds one. */
const REFRESH_POOL = 2 * CONNECTIONS;
/** BENCH_ONLY=refresh (or password,me): run only those scenarios, e.g. while profiling. */
const ONLY = (process.env.BENCH_ONLY ?? 'password,refresh,me').split(',');

interface Row {
  scenario: string;
  'p50 ms': number;
  'p99 ms': number;
  'req/s': number;
  'responses (all checked)': number;
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

interface Account {
  email: string;
  /** The viewer's own address, as the proxy in front of the API reports it (X-Forwarded-For). */
  address: string;
}

/**
 * Accounts enough for `signIns` sign-ins, each used at most SIGN_INS_PER_ACCOUNT times, each
 * viewer on a network of its own: 198.18.0.0/15, the range reserved for benchmarks (RFC 2544).
 */
async function registerAccounts(client: BenchClient, signIns: number): Promise<() => Account> {
  const count = Math.ceil(signIns / SIGN_INS_PER_ACCOUNT);
  const accounts = Array.from({ length: count }, (_, i) => ({
    email: `load-test-${i}@example.com`,
    address: `198.${18 + ((i >> 16) & 1)}.${(i >> 8) & 255}.${i & 255}`,
  }));
  for (let i = 0; i < accounts.length; i += 10)
    await Promise.all(accounts.slice(i, i + 10).map(({ email }) => client.register(email)));
  // Round robin: one account's sign-ins are `count` grants apart, never concurrent.
  let next = 0;
  return () => accounts[next++ % count] as Account;
}

async function benchOn(
  check: ResponseCheck,
  label: string,
  databaseUrl: string | null,
): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-bench-'));
  // BENCH_API_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=.bench/prof", to profile the API.
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const api = await startApi(
    {
      CREASE_DATA_DIR: dataDir,
      CREASE_SEED: 'false',
      CREASE_CATALOG_DEMO: 'false',
      // Setup only: the bench registers its accounts in a burst; registration is not measured.
      CREASE_REGISTER_PER_MINUTE: '100000',
      // As in production, behind a proxy (decision 061): the API takes each viewer's address
      // from X-Forwarded-For. Sign-in limits and bot-check difficulty go by network
      // (decision 170); 20 concurrent sign-ins from one address would be one network's burst.
      CREASE_TRUST_PROXY: 'loopback',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    nodeArgs,
  );
  const rows: Row[] = [];
  try {
    const { origin } = api;
    const client = await new BenchClient(origin, check).init();
    // With `amount`, autocannon builds no request past the last one: one proof per grant.
    const grants = ONLY.includes('password') ? WARMUP_GRANTS + PASSWORD_GRANTS : 0;
    const nextAccount = await registerAccounts(client, grants + REFRESH_POOL + 1);

    // Each scenario runs twice: a warm-up whose figures are dropped (its responses are checked
    // too), then the measured run.
    const run = async (scenario: string, options: autocannon.Options, expected: Expectation) => {
      const warmup = { ...options, connections: CONNECTIONS };
      if (options.amount)
        await checkedAutocannon(
          check,
          `${label}: ${scenario} (warm-up)`,
          { ...warmup, amount: WARMUP_GRANTS },
          expected,
        );
      else if (WARMUP_SECONDS > 0)
        await checkedAutocannon(
          check,
          `${label}: ${scenario} (warm-up)`,
          { ...warmup, duration: WARMUP_SECONDS },
          expected,
        );
      const result = await checkedAutocannon(
        check,
        `${label}: ${scenario}`,
        { duration: SECONDS, ...options, connections: CONNECTIONS },
        expected,
      );
      rows.push({
        scenario,
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'req/s': Math.round(result.requests.average),
        'responses (all checked)': result.requests.total,
      });
    };

    const tokenUrl = `${origin}/${ACCOUNT_PATHS.token}`;
    if (ONLY.includes('password')) {
      const proofs = await client.proofs('signin', grants);
      await run(
        'POST /oauth2/token (password grant)',
        {
          url: tokenUrl,
          method: 'POST',
          headers: client.formHeaders(),
          amount: PASSWORD_GRANTS,
          requests: [
            {
              // One proof per grant (each is accepted once), the account's right password, from
              // the account's own network.
              setupRequest: (request) => {
                const { email, address } = nextAccount();
                return {
                  ...request,
                  headers: {
                    ...request.headers,
                    [BOT_CHECK_HEADER]: proofs.shift() ?? 'none left',
                    'x-forwarded-for': address,
                  },
                  body: BenchClient.passwordForm(email),
                };
              },
            },
          ],
        },
        TOKENS_EXPECTED,
      );
    }

    // A pool of live sessions: each request spends one refresh token and puts back its successor.
    const pool: string[] = [];
    for (let i = 0; i < REFRESH_POOL; i++)
      pool.push((await client.signIn(nextAccount().email)).refresh_token);
    if (ONLY.includes('refresh'))
      await run(
        'POST /oauth2/token (refresh grant)',
        {
          url: tokenUrl,
          method: 'POST',
          headers: client.formHeaders(),
          requests: [
            {
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
        },
        TOKENS_EXPECTED,
      );

    const { email } = nextAccount();
    const { access_token } = await client.signIn(email);
    if (ONLY.includes('me'))
      await run(
        'GET /api/v1/me (bearer)',
        {
          url: `${origin}/${ACCOUNT_PATHS.me}`,
          headers: { authorization: `Bearer ${access_token}` },
        },
        // The profile of the account the token belongs to.
        { status: 200, body: (body) => body.includes(`"${email}"`) },
      );
    console.info(`${label}: done (${(api.logBytes() / 1024).toFixed(0)} KiB of API log)`);
  } finally {
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function main() {
  const check = new ResponseCheck();
  const results: { label: string; rows: Row[] }[] = [];
  // BENCH_PGLITE=0 skips the PGlite run (e.g. to profile only the PostgreSQL one).
  if (process.env.BENCH_PGLITE !== '0') {
    const label = 'PGlite (on disk, as npm start runs it)';
    results.push({ label, rows: await benchOn(check, label, null) });
  }
  const bin = process.env.BENCH_POSTGRES === '0' ? null : findPostgresBin();
  if (bin) {
    const cluster = await startPostgresCluster(bin);
    try {
      const url = await cluster.createDatabase('crease_bench');
      const label = 'PostgreSQL (throwaway local cluster)';
      results.push({ label, rows: await benchOn(check, label, url) });
    } finally {
      await cluster.stop();
    }
  } else if (process.env.BENCH_POSTGRES !== '0')
    console.warn('No PostgreSQL server binaries: the PostgreSQL run is skipped.');

  const { argon2 } = loadApiConfig({ CREASE_DATA_DIR: os.tmpdir() }, process.cwd());
  const costs: number[] = [];
  for (let i = 0; i < 15; i++) {
    const start = performance.now();
    await hash(`password ${i}`, { algorithm: 2, ...argon2, outputLen: 32 });
    costs.push(performance.now() - start);
  }
  costs.sort((a, b) => a - b);
  const lines = [
    `\nCrease API on loopback, ${CONNECTIONS} connections, ${SECONDS} s per scenario (password grant: ${PASSWORD_GRANTS} grants)${QUICK ? ' (--quick: shows the bench works, measures nothing)' : ''}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, Node ${process.version}; autocannon in a separate process from the API`,
  ];
  for (const { label, rows } of results) {
    lines.push(`\n${label}`, table(rows));
    const refresh = rows.find((row) => row.scenario.includes('refresh'));
    if (refresh) lines.push(`refresh-grant p99 ${refresh['p99 ms']} ms (target <= 20 ms)`);
  }
  lines.push(
    `\nargon2id: memoryCost ${argon2.memoryCost} KiB, timeCost ${argon2.timeCost}, parallelism ${argon2.parallelism}; median ${costs[Math.floor(costs.length / 2)]?.toFixed(1)} ms per hash (${costs.length} hashes)`,
  );
  printFigures(check, lines);
}

runBench(main);
