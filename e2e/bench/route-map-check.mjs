// npm run bench:route-map — what a route change costs because of the release map (issue 4: the
// goal is none). Opens a policy page, then moves between two policies N times in Chromium and
// prints, per navigation, the requests to /release-map.json, their status and time, and every
// other request the navigation made. Prints numbers; asserts nothing.
// Usage: node e2e/bench/route-map-check.mjs [--runs 21]   (own site on BENCH_PORT, default 4791)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..', '..');
const port = Number(process.env.BENCH_PORT ?? 4791);
const runs =
  Number(parseArgs({ options: { runs: { type: 'string', default: '21' } } }).values.runs) || 21;
const site = `http://localhost:${port}`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function startSite(dataDir) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'deploy/src/cli/start.ts')],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', CREASE_DATA_DIR: dataDir },
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${site}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error('site did not start');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-bench-map-'));
const server = await startSite(dataDir);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
try {
  const page = await browser.newPage();
  // Resource timing in the page: every request it made, with status and duration.
  const entries = () =>
    page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => ({
        path: new URL(e.name).pathname,
        host: new URL(e.name).host,
        status: e.responseStatus,
        ms: e.duration,
        bytes: e.encodedBodySize,
      })),
    );
  await page.goto(`${site}/privacy-policy`);
  await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
  const firstLoadMapRequests = (await entries()).filter(
    (r) => r.path === '/release-map.json',
  ).length;

  const rows = [];
  const targets = [
    ['Cookie policy', 'Cookie Policy'],
    ['Privacy policy', 'Privacy Policy'],
  ];
  for (let i = 0; i < runs; i++) {
    const [link, heading] = targets[i % 2];
    await page.evaluate(() => performance.clearResourceTimings());
    await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: link }).click();
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    const all = await entries();
    const map = all.filter((r) => r.path === '/release-map.json');
    rows.push({
      map: map.length,
      status: map.map((r) => r.status).join(','),
      mapMs: map[0]?.ms ?? 0,
      mapBytes: map[0]?.bytes ?? 0,
      other: all.filter((r) => r.path !== '/release-map.json' && !r.host.startsWith('api.')).length,
    });
  }
  console.info(`first page load: ${firstLoadMapRequests} request(s) to /release-map.json`);
  console.info(`route changes between two mf-legal screens (${runs} runs, map unchanged):`);
  console.info(
    `  map requests per navigation  median ${median(rows.map((r) => r.map))}  max ${Math.max(...rows.map((r) => r.map))}`,
  );
  console.info(
    `  statuses                     ${[...new Set(rows.map((r) => r.status))].join(' / ')}`,
  );
  console.info(
    `  map check time (ms)          median ${median(rows.map((r) => r.mapMs)).toFixed(1)}`,
  );
  console.info(`  map body bytes               median ${median(rows.map((r) => r.mapBytes))}`);
  console.info(`  other site requests          median ${median(rows.map((r) => r.other))}`);
} finally {
  server.kill('SIGTERM');
  await browser.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
