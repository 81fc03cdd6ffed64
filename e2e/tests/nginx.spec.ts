import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import {
  API,
  CDN,
  PORT,
  RESET_PER_MINUTE,
  SITE,
  cli,
  request,
  startNginxTier,
} from '../support/nginx-tier';
import type { Answer, NginxTier } from '../support/nginx-tier';

/**
 * The production static tier (deploy/nginx) in Debian's real nginx, serving a built site that
 * the release CLI published and promoted and `export:static` exported (e2e/support/nginx-tier.ts):
 * headers checked over HTTP, then the site booted in Chromium with its remote loaded from the CDN
 * host.
 */
const nonceOf = (csp: string | string[] | undefined) =>
  /'nonce-([0-9a-f]{32})'/.exec(String(csp))?.[1];

let tier: NginxTier;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  tier = await startNginxTier();
});

test.afterAll(async () => {
  await tier?.stop();
});

test('pages: no-cache, security headers, a fresh CSP nonce per response that the inline scripts carry', async () => {
  const first = await request(`${SITE}/`);
  const second = await request(`${SITE}/`);
  const html = first.body.toString('utf8');

  expect(first.status).toBe(200);
  expect(first.headers['cache-control']).toBe('no-cache');
  expect(first.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  expect(first.headers['x-content-type-options']).toBe('nosniff');
  expect(first.headers['x-frame-options']).toBe('DENY');
  expect(first.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const csp = String(first.headers['content-security-policy']);
  expect(csp).toContain(`script-src 'self' 'nonce-`);
  expect(csp).toContain(CDN);
  expect(csp).toContain(`connect-src 'self' ${API} ${CDN}`);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('localhost:*');

  const nonce = nonceOf(csp);
  expect(nonce).toBeTruthy();
  expect(nonceOf(second.headers['content-security-policy'])).not.toBe(nonce);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
  expect(inline.length).toBeGreaterThan(0);
  for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
  expect(html).not.toContain('__CREASE_CSP_NONCE__');
  expect(html).toContain('"remoteOverrides":false');
});

test("a remote's route preloads its files from the CDN host; HTML is gzipped", async () => {
  const page = await request(`${SITE}/privacy-policy`, { headers: { 'accept-encoding': 'gzip' } });

  expect(page.status).toBe(200);
  expect(page.headers['content-encoding']).toBe('gzip');
  const html = zlib.gunzipSync(page.body).toString('utf8');
  expect(html).toContain(
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${CDN}/apps/mf-legal/${tier.legalVersion}/mf-manifest.json">`,
  );
  expect(html).toContain(`src="${CDN}/apps/shell/${tier.shellVersion}/`);
});

test('an unknown path is a 404 page with the same headers', async () => {
  const answer = await request(`${SITE}/no-such-page`);

  expect(answer.status).toBe(404);
  expect(answer.headers['content-type']).toMatch(/^text\/html/);
  expect(answer.headers['cache-control']).toBe('no-cache');
  expect(nonceOf(answer.headers['content-security-policy'])).toBeTruthy();
  expect(answer.body.toString('utf8')).toContain('window.__CREASE__');
});

test('the release map is no-cache and its ETag is the one the pages inline (a 304 for open tabs)', async () => {
  const page = (await request(`${SITE}/privacy-policy`)).body.toString('utf8');
  const inlined = /"releaseMapEtag":"((?:\\"|[^"])*)"/.exec(page)?.[1]?.replace(/\\"/g, '"');
  const map = await request(`${SITE}/release-map.json`, { headers: { 'accept-encoding': 'gzip' } });

  expect(map.status).toBe(200);
  expect(map.headers['cache-control']).toBe('no-cache');
  expect(map.headers['content-type']).toMatch(/^application\/json/);
  expect(map.headers.etag).toBe(inlined);
  expect(JSON.parse(map.body.toString('utf8')).remotes['mf-legal'].version).toBe(tier.legalVersion);

  const again = await request(`${SITE}/release-map.json`, {
    headers: { 'if-none-match': String(inlined) },
  });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
});

test('the CDN host serves artifacts immutable, CORS-readable and precompressed; a miss is not cached', async () => {
  const manifest = await request(`${CDN}/apps/mf-legal/${tier.legalVersion}/mf-manifest.json`, {
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(manifest.status).toBe(200);
  expect(manifest.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(manifest.headers['access-control-allow-origin']).toBe('*');
  expect(manifest.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(zlib.gunzipSync(manifest.body).toString('utf8')).name).toBe('mf-legal');

  const missing = await request(`${CDN}/apps/mf-legal/${tier.legalVersion}/no-such-chunk.js`);
  expect(missing.status).toBe(404);
  expect(missing.headers['cache-control']).toBe('no-store');

  const escape = await request(`${CDN}/apps/../release-map.json`);
  expect(escape.status).toBe(404);
  expect((await request(`${CDN}/`)).status).toBe(404);
});

test('the API host is proxied with the forwarding headers the API relies on', async () => {
  tier.apiRequests.length = 0;
  const answer = await request(`${API}/healthz?x=1`, {
    headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '6.6.6.6' },
    from: '127.0.0.5',
  });

  expect(answer.status).toBe(200);
  expect(tier.apiRequests).toHaveLength(1);
  expect(tier.apiRequests[0]).toMatchObject({
    host: 'api.localhost:' + PORT,
    'x-forwarded-proto': 'https',
    // The viewer's own header is dropped: only the address nginx resolved goes upstream.
    'x-forwarded-for': '127.0.0.5',
    'x-path': '/healthz?x=1',
  });
});

/** POST /api/v1/auth/init-reset: limited per client address (the rate-limit key is request.ip). */
function initReset(options: { from: string; forwardedFor?: string }): Promise<Answer> {
  return request(`${API}/api/v1/auth/init-reset`, {
    method: 'POST',
    from: options.from,
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:8080',
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
    body: JSON.stringify({ email: 'someone@example.com' }),
  });
}

test('issue 9 item 3: a client-supplied X-Forwarded-For does not change the API rate-limit key', async () => {
  // A viewer connecting directly, a new spoofed address on every call: still one bucket.
  const direct: number[] = [];
  for (let i = 1; i <= RESET_PER_MINUTE + 1; i += 1) {
    direct.push((await initReset({ from: '127.0.0.2', forwardedFor: `6.6.6.${i}` })).status);
  }
  expect(direct.slice(0, RESET_PER_MINUTE)).not.toContain(429);
  expect(direct.at(-1)).toBe(429);

  // Through the load balancer (trusted, 127.0.0.1), which appends the viewer's real address
  // to whatever the viewer sent: the viewer's spoofed entries are ignored too.
  const viaBalancer: number[] = [];
  for (let i = 1; i <= RESET_PER_MINUTE + 1; i += 1) {
    const forwardedFor = `7.7.7.${i}, 10.9.8.${i}, 127.0.0.3`;
    viaBalancer.push((await initReset({ from: '127.0.0.1', forwardedFor })).status);
  }
  expect(viaBalancer.slice(0, RESET_PER_MINUTE)).not.toContain(429);
  expect(viaBalancer.at(-1)).toBe(429);

  // The key is still per viewer, not one bucket for everyone: another address is not limited.
  expect((await initReset({ from: '127.0.0.4', forwardedFor: '6.6.6.1' })).status).not.toBe(429);
});

/** The release status as the CLI reads it from the registry the ops upstream writes to. */
async function releaseStatus() {
  return JSON.parse(
    await cli('release.ts', ['status', '--json'], { CREASE_DATA_DIR: path.join(tier.dir, 'data') }),
  ) as {
    apps: { app: string; fallbacks: number; lastKnownGood: string | null }[];
    fallbacks: unknown[];
  };
}

test('the static tier signs nothing: its pages carry no release proof, so what their viewers report is refused and counted as unsigned', async () => {
  // nginx cannot sign per browser (decision 158): the exported page says so in its boot data.
  const page = (await request(`${SITE}/privacy-policy`)).body.toString('utf8');
  expect(page).toContain('"releaseProof":null');

  // A fallback report from such a page (the shell sends it without a proof) reaches the ops
  // upstream and is refused: it could have come from anyone.
  const report = JSON.stringify({
    remote: 'mf-legal',
    failedVersion: tier.legalVersion,
    fallbackVersion: '1.0.0-previous01',
  });
  const unsigned = await request(`${SITE}/_ops/remote-fallback`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: report,
  });
  expect(unsigned.status).toBe(400);
  expect(JSON.parse(unsigned.body.toString('utf8'))).toMatchObject({
    code: 'INVALID_OPS_EVENT',
    message: expect.stringMatching(/no release proof/),
  });
  await new Promise((resolve) => setTimeout(resolve, 1000)); // past the counter's flush
  const status = await releaseStatus();
  expect(status.fallbacks).toEqual([]);
  expect(status.apps.find((a) => a.app === 'mf-legal')?.fallbacks).toBe(0);
  // The ops upstream counted the refusal by reason, in its own file next to the registry.
  const countsDir = path.join(tier.dir, 'data', 'registry', 'fallbacks');
  const unsignedCounted = fs
    .readdirSync(countsDir)
    .filter((name) => name.endsWith('.json'))
    .map(
      (name) =>
        (
          JSON.parse(fs.readFileSync(path.join(countsDir, name), 'utf8')) as {
            dropped?: { unsigned?: number };
          }
        ).dropped?.unsigned ?? 0,
    )
    .reduce((sum, n) => sum + n, 0);
  expect(unsignedCounted).toBeGreaterThanOrEqual(1);
});

test('fallback reports reach the ops endpoint; other methods and big bodies are refused', async () => {
  const bad = await request(`${SITE}/_ops/remote-fallback`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: '{"remote":"nope"}',
  });
  expect(bad.status).toBe(400);
  expect(JSON.parse(bad.body.toString('utf8'))).toMatchObject({ code: 'INVALID_OPS_EVENT' });
  expect((await request(`${SITE}/_ops/remote-fallback`)).status).toBe(403);
  const big = await request(`${SITE}/_ops/remote-fallback`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: 'x'.repeat(4096),
  });
  expect(big.status).toBe(413);
});

test('signal batches reach the release service, which refuses unsigned ones; other methods and big bodies are refused', async () => {
  const batch = JSON.stringify({
    events: [{ remote: 'mf-legal', version: tier.legalVersion, kind: 'view' }],
  });
  const unsigned = await request(`${SITE}/_ops/signals`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    body: batch,
  });
  expect(unsigned.status).toBe(400);
  expect(JSON.parse(unsigned.body.toString('utf8'))).toMatchObject({
    code: 'INVALID_SIGNALS',
    message: expect.stringMatching(/no release proof/),
  });
  expect((await request(`${SITE}/_ops/signals`)).status).toBe(403);
  const big = await request(`${SITE}/_ops/signals`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: 'x'.repeat(16_384),
  });
  expect(big.status).toBe(413);
});

test('the site boots through nginx in Chromium and loads its remote from the CDN host', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  const fromCdn = page.waitForResponse(
    (r) => r.url() === `${CDN}/apps/mf-legal/${tier.legalVersion}/mf-manifest.json` && r.ok(),
  );

  await page.goto(`${SITE}/privacy-policy`);
  await fromCdn;
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();

  // The next route checks the map: nginx answers 304 to the ETag the page inlined.
  const check = page.waitForResponse((r) => r.url() === `${SITE}/release-map.json`);
  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Cookie policy' })
    .click();
  expect((await check).status()).toBe(304);
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
  expect(violations).toEqual([]);
});
