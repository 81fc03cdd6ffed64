// Where a warm first frame goes: one Watch press at a time on the bench's page, with every
// request's Chromium resource timing and the video's media events, all from the click (ms).
// Not a bench (no goals, no response check): a probe to read before changing the path.
/* eslint-disable no-console -- a probe prints its timelines */
// Usage: BENCH_PORT=4891 node --import tsx e2e/bench/first-frame-probe.mjs [--presses 8]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startBenchSite } from './bench-site.mjs';

const port = Number(process.env.BENCH_PORT ?? 4891);
const { values } = parseArgs({ options: { presses: { type: 'string', default: '8' } } });
const presses = Number(values.presses) || 8;
const DEMO = { email: 'demo@crease.test', password: 'demo-viewer-2024' };

const child = await startBenchSite(port);
const baseUrl = `http://localhost:${port}`;
try {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  await page.goto(`${baseUrl}/signin`, { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/events$/, { timeout: 30_000 });
  await page.evaluate(async (api) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('access_token')}` };
    const cookie = (name) =>
      decodeURIComponent(new RegExp(`(?:^|; )${name}=([^;]+)`).exec(document.cookie)?.[1] ?? '');
    const list = await (await fetch(`${api}/api/v1/devices`, { headers })).json();
    for (const device of list.devices ?? []) {
      if (device.vidictId === cookie('vidictId')) continue;
      await fetch(`${api}/api/v1/devices/${encodeURIComponent(device.vidictId)}`, {
        method: 'DELETE',
        headers: { ...headers, 'X-XSRF-TOKEN': cookie('XSRF-TOKEN') },
        credentials: 'include',
      });
    }
  }, `http://api.localhost:${port}`);
  const totals = [];
  for (let n = 0; n < presses; n++) {
    await page.goto(`${baseUrl}/events`, { waitUntil: 'networkidle' });
    const watch = page
      .getByRole('region', { name: /^Live now/ })
      .getByRole('link', { name: /^Watch / })
      .first();
    await watch.evaluate((link) => {
      performance.setResourceTimingBufferSize(5000);
      performance.clearResourceTimings();
      performance.clearMarks();
      window.__log = [];
      window.__firstPlaying = undefined;
      link.addEventListener('click', () => (window.__click = performance.now()), { capture: true });
      for (const type of [
        'loadstart',
        'loadedmetadata',
        'loadeddata',
        'seeking',
        'seeked',
        'canplay',
        'waiting',
        'playing',
      ]) {
        document.addEventListener(
          type,
          () => {
            window.__log.push([type, performance.now()]);
            if (type === 'playing') window.__firstPlaying ??= performance.now();
          },
          { capture: true },
        );
      }
    });
    await watch.click();
    await page.waitForFunction(() => window.__firstPlaying !== undefined, null, {
      timeout: 30_000,
    });
    await page.waitForTimeout(300);
    const rows = await page.evaluate(() => {
      const t0 = window.__click;
      const out = [];
      for (const e of performance.getEntriesByType('resource')) {
        if (e.startTime < t0 - 1) continue;
        const u = new URL(e.name);
        const name =
          (u.host.startsWith('api.') ? 'api ' : '') +
          u.pathname.replace(/\/apps\/([^/]+)\/[^/]+\//, '/$1/') +
          (u.searchParams.get('_HLS_msn')
            ? `?msn=${u.searchParams.get('_HLS_msn')}.${u.searchParams.get('_HLS_part') ?? ''}`
            : '');
        out.push({
          at: e.startTime - t0,
          what: name.slice(0, 70),
          send: e.requestStart ? e.requestStart - t0 : null,
          ttfb: e.responseStart ? e.responseStart - t0 : null,
          end: e.responseEnd - t0,
          type: e.initiatorType,
        });
      }
      for (const m of performance.getEntriesByType('mark'))
        if (m.startTime >= t0) out.push({ at: m.startTime - t0, what: `mark ${m.name}` });
      for (const [type, at] of window.__log) out.push({ at: at - t0, what: `media ${type}` });
      out.sort((a, b) => a.at - b.at);
      return { rows: out, total: window.__firstPlaying - t0 };
    });
    totals.push(rows.total);
    console.log(
      `\npress ${n + 1}: playing at ${rows.total.toFixed(0)} ms (load ${os.loadavg()[0].toFixed(2)})`,
    );
    for (const r of rows.rows) {
      if (r.at > rows.total + 5) continue;
      const f = (v) => (v == null ? '     ' : v.toFixed(0).padStart(5));
      console.log(`${f(r.at)} ${f(r.ttfb)} ${f(r.end)}  ${r.what}`);
    }
  }
  // Each request of the path alone, one at a time (ms from fetch to its body), after the last press.
  const costs = await page.evaluate(async (api) => {
    const urls = performance.getEntriesByType('resource').map((e) => e.name);
    const pick = (re) => urls.find((u) => re.test(u));
    const headers = { Authorization: `Bearer ${localStorage.getItem('access_token')}` };
    const eventUrl = pick(/\/api\/v1\/events\/[^/?]+$/);
    const targets = {
      master: [pick(/master\.m3u8/), {}],
      'rendition playlist': [
        pick(/\/(480p|720p|1080p)\/index\.m3u8\?(?!.*_HLS_msn)/) ??
          pick(/\/(480p|720p|1080p)\/index\.m3u8/),
        {},
      ],
      'audio playlist': [
        pick(/audio-en\/index\.m3u8\?(?!.*_HLS_msn)/) ?? pick(/audio-en\/index\.m3u8/),
        {},
      ],
      'video init': [pick(/\/(480p|720p|1080p)\/init\.mp4/), {}],
      'video part': [pick(/\/(480p|720p|1080p)\/\d+\.\d+\.m4s/), {}],
      event: [eventUrl, { headers }],
      account: [`${api}/api/v1/account`, { headers }],
    };
    const out = {};
    for (const [name, [url, init]] of Object.entries(targets)) {
      if (!url) continue;
      const times = [];
      for (let i = 0; i < 15; i++) {
        const t = performance.now();
        await (await fetch(url, { ...init, cache: 'no-store' })).arrayBuffer();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      out[name] = `median ${times[7].toFixed(1)} ms, min ${times[0].toFixed(1)} ms`;
    }
    return out;
  }, `http://api.localhost:${port}`);
  console.log('\neach request alone (15 times, one at a time):');
  for (const [name, v] of Object.entries(costs)) console.log(`  ${name}: ${v}`);
  const s = [...totals.slice(1)].sort((a, b) => a - b);
  console.log(
    `\nwarm presses: ${s.map((v) => v.toFixed(0)).join(' ')}; median ${s[Math.floor(s.length / 2)]?.toFixed(0)} ms`,
  );
  await browser.close();
} finally {
  child.kill();
}
