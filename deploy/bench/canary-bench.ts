/**
 * `npm run bench:release` (second part): what a canary costs a page, and how fast the canary
 * guard rolls a failing canary back (issue 14, decisions 140 and 141).
 *
 * Publishes the real shell and two mf-legal versions into a temp data dir and starts the edge as
 * `npm run serve` does (its own process, CREASE_CANARY_MIN_VIEWS as in production unless set).
 * 1. Bytes: one page (/privacy-policy) with no canary, then a browser's first and later pages
 *    while a canary runs: the extra response and request header bytes, the HTML difference, and
 *    the requests a page makes for its map (0: it is inlined).
 * 3. Ingest: signal batches of 50 events (views and vitals) posted by autocannon at 20
 *    connections for 5 s, 3 rounds: events stored per second (goal >= 2,000 on loopback).
 * 2. Time to rollback: N times, start a canary, send synthetic signal beacons to /_ops/signals
 *    (stable views first, then failing canary views) until the guard's threshold is crossed,
 *    and time from the beacon that crossed it to the stable map being served to a browser in the
 *    canary. Goal: <= 5 s.
 * Every response is checked (pages and maps 200, signal beacons 204, ingest batches 204 or 400
 * naming only events beyond one browser's weight); over any other the bench prints no figure and
 * exits non-zero (decision 180). `BENCH_QUICK=1`: 2 rollbacks, one short ingest round.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadReleaseConfig } from '../src/config';
import { RELEASE_SEED_COOKIE, bucketOf, newSeed } from '../src/edge/canary-split';
import { openRegistry } from '../src/registry/open-registry';
import { releaseProofSecrets } from '../src/signals/proof-secret';
import { mintReleaseProof } from '../src/signals/release-proof';
import { MAX_SIGNALS_PER_BATCH, SIGNALS_PATH } from '@crease/contract';
import {
  ResponseCheck,
  benchSetting,
  checkedAutocannon,
  failBench,
  printFigures,
} from '@crease/test-utils/bench-kit';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const RUNS = benchSetting('CANARY_RUNS', 10, 2);
const INGEST_ROUNDS = benchSetting('BENCH_INGEST_ROUNDS', 3, 1);
const INGEST_SECONDS = benchSetting('BENCH_INGEST_SECONDS', 5, 2);
const check = new ResponseCheck();
const PAGE = { status: 200 };
/** A beacon whose events were all taken; a refusal (400, 429) is not what the scenario expects. */
const SIGNALS_ACCEPTED = { status: 204 };
/**
 * The ingest batch: one browser's proof on every batch, so after its first views the rest are
 * dropped as beyond its weight (400 naming them). Any other drop reason is unexpected.
 */
const INGEST_EXPECTED = {
  status: [204, 400],
  body: (body: string) =>
    body === '' ||
    (body.includes('"INVALID_SIGNALS"') &&
      body.includes(
        '(0 malformed, 0 of a version never published for that remote, 0 of a version this browser was not served,',
      )),
};
const PORT = Number(process.env.BENCH_CANARY_PORT ?? 4794);
const MIN_VIEWS = Number(process.env.CREASE_CANARY_MIN_VIEWS ?? 200);
/** Page views one synthetic browser sends: one browser's weight (decision 157). */
const PER_BROWSER = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1]!;

for (const app of ['shell', 'mf-legal']) {
  if (!fs.existsSync(path.join(repoRoot, app, 'dist', 'mf-manifest.json'))) {
    execFileSync('npm', ['run', 'build', '--silent', '-w', app], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-canary-bench-'));
const env = {
  ...process.env,
  CREASE_DATA_DIR: dataDir,
  CREASE_ACTOR: 'bench',
  CREASE_CANARY_MIN_VIEWS: String(MIN_VIEWS),
  CREASE_SIGNALS_PER_MINUTE: '1000000',
};
const releaseConfig = loadReleaseConfig(env, repoRoot);
const registry = openRegistry(releaseConfig);
// The edge process reads the same local key from the data dir (decision 156): the bench's
// synthetic browsers carry proofs as real pages would (decision 155).
const [proofKey] = releaseProofSecrets(releaseConfig);
const who = { actor: 'bench', reason: 'bench' };
const shell = await registry.publish('shell', path.join(repoRoot, 'shell', 'dist'), '1.0.0', who);
const stable = await registry.publish(
  'mf-legal',
  path.join(repoRoot, 'mf-legal', 'dist'),
  '1.0.0',
  who,
);
const variant = path.join(dataDir, 'legal-canary');
fs.cpSync(path.join(repoRoot, 'mf-legal', 'dist'), variant, { recursive: true });
fs.writeFileSync(path.join(variant, 'bench.txt'), 'canary');
const canary = await registry.publish('mf-legal', variant, '1.0.0', who);
await registry.promote({ shell: shell.version, 'mf-legal': stable.version }, who);

/** A browser's seed inside (or outside) the canary's percent. */
function seedWhere(inside: boolean, percent: number): string {
  for (;;) {
    const seed = newSeed();
    if (bucketOf(seed, 'mf-legal', canary.version) < percent === inside) return seed;
  }
}

/** One GET with the bytes as they go over the wire: request head, response head and body. */
function rawGet(url: string, cookie?: string) {
  return new Promise<{
    requestHead: number;
    responseHead: number;
    body: number;
    setCookie: boolean;
  }>((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { 'accept-encoding': 'br', ...(cookie ? { cookie } : {}) } },
      (response) => {
        let body = 0;
        response.on('data', (chunk: Buffer) => (body += chunk.length));
        response.on('end', () => {
          // "name: value\r\n" per header: each name and each value plus two bytes.
          const head = response.rawHeaders.reduce((n, h) => n + Buffer.byteLength(h) + 2, 0);
          check.record('GET /privacy-policy', response.statusCode ?? 0, PAGE);
          resolve({
            requestHead: cookie ? Buffer.byteLength(`cookie: ${cookie}\r\n`) : 0,
            responseHead: head,
            body,
            setCookie: Boolean(response.headers['set-cookie']),
          });
        });
      },
    );
    request.on('error', reject);
  });
}

let browsers = 0;
/**
 * A proof as the edge mints it for a new browser on its own /24 (10.x.y.0), served `version` of
 * mf-legal: the quorum and weight caps (decision 157) see many viewers, as in production.
 */
function newBrowserProof(version: string): string {
  browsers += 1;
  return mintReleaseProof(proofKey!, {
    seed: newSeed(),
    address: `10.${(browsers >> 8) & 255}.${browsers & 255}.7`,
    revision: registry.log.head()?.revision ?? 0,
    releaseMap: {
      schemaVersion: 1,
      remotes: {
        'mf-legal': {
          version,
          manifestUrl: `/apps/mf-legal/${version}/mf-manifest.json`,
          lastKnownGoodManifestUrl: null,
        },
      },
    },
  });
}

/** One browser's batch: at most 5 views (one browser's weight per hour, decision 157). */
async function postSignals(events: { version: string }[]): Promise<number> {
  const response = await fetch(`${origin}${SIGNALS_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: JSON.stringify({ proof: newBrowserProof(events[0]!.version), events }),
  });
  await check.require(`POST ${SIGNALS_PATH}`, response, SIGNALS_ACCEPTED);
  return response.status;
}

const views = (version: string, n: number, failing: boolean) =>
  Array.from({ length: n }, () => [
    { remote: 'mf-legal', version, kind: 'view' },
    ...(failing
      ? [
          { remote: 'mf-legal', version, kind: 'load-failure' },
          { remote: 'mf-legal', version, kind: 'fallback' },
        ]
      : []),
  ]).flat();

const edge = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(repoRoot, 'deploy', 'src', 'cli', 'serve.ts')],
  { cwd: repoRoot, env: { ...env, PORT: String(PORT), HOST: '127.0.0.1' }, stdio: 'ignore' },
);
const origin = `http://127.0.0.1:${PORT}`;
try {
  for (let started = Date.now(); ;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() - started > 30_000) throw new Error('edge did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const page = `${origin}/privacy-policy`;

  // 1. Bytes per page.
  const plain = await rawGet(page);
  await registry.canary('mf-legal', canary.version, 50, who);
  const first = await rawGet(page);
  const seed = seedWhere(true, 50);
  const cookie = `${RELEASE_SEED_COOKIE}=${seed}`;
  const later = await rawGet(page, cookie);
  const outside = await rawGet(page, `${RELEASE_SEED_COOKIE}=${seedWhere(false, 50)}`);
  await registry.rollback('mf-legal', null, who);

  // 2. Time from the beacon that crosses the threshold to the stable map for a canary browser.
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await registry.canary('mf-legal', canary.version, 50, who);
    for (let sent = 0; sent < MIN_VIEWS; sent += PER_BROWSER) {
      await postSignals(views(stable.version, Math.min(PER_BROWSER, MIN_VIEWS - sent), false));
    }
    let crossed = 0;
    // 3 events per failing view, 5 views per browser.
    for (let sent = 0; sent < MIN_VIEWS; sent += PER_BROWSER) {
      const failing = views(canary.version, Math.min(PER_BROWSER, MIN_VIEWS - sent), true);
      await postSignals(failing);
      crossed = performance.now();
    }
    for (;;) {
      const response = await fetch(`${origin}/release-map.json`, { headers: { cookie } });
      const map = JSON.parse(
        await check.require('GET /release-map.json (canary browser)', response, PAGE),
      ) as { remotes: Record<string, { version: string }> };
      if (map.remotes['mf-legal']?.version === stable.version) break;
      if (performance.now() - crossed > 30_000) {
        const health = registry.status().apps.find((a) => a.app === 'mf-legal')?.canary?.health;
        throw new Error(`the canary was never rolled back: ${health?.summary}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    times.push(performance.now() - crossed);
  }
  // 3. Ingest throughput of real-user signals.
  // One browser's proof on every batch: after its first 5 views the rest are judged and refused
  // as over its weight, so this measures the whole check (proof, versions, caps) per event.
  const batch = JSON.stringify({
    proof: newBrowserProof(stable.version),
    events: Array.from({ length: MAX_SIGNALS_PER_BATCH }, (_, i) =>
      i % 5 === 4
        ? {
            remote: 'mf-legal',
            version: stable.version,
            kind: 'vital',
            name: 'LCP',
            value: 900 + i,
          }
        : { remote: 'mf-legal', version: stable.version, kind: 'view' },
    ),
  });
  const rounds: { eventsPerSecond: number; p99: number; non2xx: number }[] = [];
  for (let round = 0; round < INGEST_ROUNDS; round += 1) {
    const result = await checkedAutocannon(
      check,
      `POST ${SIGNALS_PATH} (ingest, batches of ${MAX_SIGNALS_PER_BATCH})`,
      {
        url: `${origin}${SIGNALS_PATH}`,
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: batch,
        connections: 20,
        duration: INGEST_SECONDS,
      },
      INGEST_EXPECTED,
    );
    rounds.push({
      eventsPerSecond: Math.round(
        (result.requests.total * MAX_SIGNALS_PER_BATCH) / result.duration,
      ),
      p99: result.latency.p99,
      non2xx: result.non2xx,
    });
  }

  const automatic = registry.history('mf-legal').filter((e) => e.automatic).length;

  const lines: string[] = [];
  lines.push(
    `\ncanary bench (${os.cpus().length} cores, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')})`,
  );
  const rows: [string, typeof plain][] = [
    ['page, no canary running', plain],
    ["a browser's first page while a canary runs", first],
    ['later page, in the canary', later],
    ['later page, not in the canary', outside],
  ];
  lines.push('| page | response headers B | request Cookie B | HTML B (br) | Set-Cookie |');
  lines.push('| --- | --- | --- | --- | --- |');
  for (const [name, row] of rows) {
    lines.push(
      `| ${name} | ${row.responseHead} | ${row.requestHead} | ${row.body} | ${row.setCookie ? 'yes' : 'no'} |`,
    );
  }
  lines.push(
    `  extra bytes per page for the split: first page +${first.responseHead - plain.responseHead} B of headers (Set-Cookie, Vary), later pages +${later.requestHead} B request (Cookie) +${later.responseHead - plain.responseHead} B response headers, HTML ${later.body - plain.body >= 0 ? '+' : ''}${later.body - plain.body} B (compressed)`,
  );
  lines.push('  extra requests per page for the split: 0 (the map is resolved into the HTML)');
  lines.push(
    `  signal ingest (batches of ${MAX_SIGNALS_PER_BATCH}, 20 connections, ${INGEST_ROUNDS} x ${INGEST_SECONDS} s, every answer checked): median ${median(rounds.map((r) => r.eventsPerSecond))} events/s checked (proof, versions, weight caps; goal >= 2000), p99 ${median(rounds.map((r) => r.p99))} ms per batch, answered 400 (over one browser's weight) ${rounds.reduce((n, r) => n + r.non2xx, 0)}`,
  );
  lines.push(
    `  threshold crossed -> stable map served to a canary browser (${RUNS} runs, ${MIN_VIEWS} views per arm): median ${(median(times) / 1000).toFixed(2)} s, p95 ${(p95(times) / 1000).toFixed(2)} s (goal <= 5 s); automatic rollbacks recorded: ${automatic}`,
  );
  printFigures(check, lines);
} catch (error) {
  failBench(error);
} finally {
  edge.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
