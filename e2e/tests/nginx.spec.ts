import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { repoRoot } from '../support/release-cli';

/**
 * The production static tier (deploy/nginx) in Debian's real nginx, serving a built site that
 * the release CLI published and promoted and `export:static` exported: headers checked over
 * HTTP, then the site booted in Chromium with its remote loaded from the CDN host.
 */
const run = promisify(execFile);
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const PORT = E2E_PORT + 3;
/** The real API behind nginx's API host (E2E_PORT + 4 is the ops upstream). */
const API_PORT = E2E_PORT + 6;
const RESET_PER_MINUTE = 3;

/** A value from the committed production ConfigMap, so the test runs what production runs. */
function configMapValue(name: string): string {
  const yaml = fs.readFileSync(path.join(repoRoot, 'deploy', 'k8s', 'api-configmap.yaml'), 'utf8');
  const value = new RegExp(`^\\s+${name}:\\s*'?([^'\\n]*)'?\\s*$`, 'm').exec(yaml)?.[1];
  if (value === undefined) throw new Error(`${name} is not in deploy/k8s/api-configmap.yaml`);
  return value;
}
const SITE = `http://localhost:${PORT}`;
const CDN = `http://cdn.localhost:${PORT}`;
const API = `http://api.localhost:${PORT}`;

let dir: string;
let nginx: ChildProcess | undefined;
let opsUpstream: ChildProcess | undefined;
let api: ChildProcess | undefined;
let apiUpstream: http.Server;
const apiRequests: http.IncomingHttpHeaders[] = [];
let shellVersion: string;
let legalVersion: string;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request to nginx with an explicit Host (Node does not resolve *.localhost itself).
 * `from` is the client's own address: any 127.x address works on loopback, so a test can be
 * a viewer (not in TRUSTED_PROXIES) or the load balancer (127.0.0.1, trusted).
 */
function request(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    from?: string;
  } = {},
): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        localAddress: options.from,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        headers: { host: target.host, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

async function cli(script: string, args: string[], env: Record<string, string>) {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'deploy', 'src', 'cli', script), ...args],
    { cwd: repoRoot, env: { ...process.env, ...env }, maxBuffer: 10 * 1024 * 1024 },
  );
  return stdout;
}

async function waitFor(probe: () => Promise<unknown>, child: ChildProcess, what: string) {
  // Generous: the API migrates its PGlite database at start, on a shared 2-core machine.
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      await probe();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${what} did not start`);
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const nonceOf = (csp: string | string[] | undefined) =>
  /'nonce-([0-9a-f]{32})'/.exec(String(csp))?.[1];

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-nginx-'));
  fs.chmodSync(dir, 0o755); // nginx workers run as another user when started as root
  const dataDir = path.join(dir, 'data');
  const env = {
    CREASE_DATA_DIR: dataDir,
    CREASE_ASSET_ORIGIN: CDN,
    CREASE_ACTOR: 'nginx-e2e',
  };

  // Release the built shell and mf-legal as production does, then export the static site.
  const publish = async (app: string) =>
    (
      JSON.parse(await cli('release.ts', ['publish', app, '--json'], env)) as {
        version: string;
      }
    ).version;
  shellVersion = await publish('shell');
  legalVersion = await publish('mf-legal');
  await cli('release.ts', ['promote', 'shell', shellVersion, 'mf-legal', legalVersion], env);
  await cli('export-static.ts', ['--out', path.join(dir, 'site')], {
    ...env,
    NODE_ENV: 'production',
    // Production configuration requires it (decision 156), though static pages carry no proof.
    CREASE_RELEASE_PROOF_SECRET: 'nginx-e2e-release-proof-secret-0123456789',
  });

  // Upstreams: the real API, started with the production ConfigMap's proxy trust, behind a
  // pass-through that records what nginx forwards; the edge's own ops-event endpoint for /_ops.
  api = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'api', 'src', 'cli', 'serve.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        API_PORT: String(API_PORT),
        API_HOST: '127.0.0.1',
        CREASE_DATA_DIR: path.join(dir, 'api-data'),
        CREASE_PGLITE_DIR: 'memory://',
        CREASE_TRUST_PROXY: configMapValue('CREASE_TRUST_PROXY'),
        CREASE_RESET_PER_MINUTE: String(RESET_PER_MINUTE),
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    },
  );
  apiUpstream = http.createServer((req, res) => {
    apiRequests.push({ ...req.headers, 'x-path': req.url });
    const forward = http.request(
      {
        host: '127.0.0.1',
        port: API_PORT,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => apiUpstream.listen(0, '127.0.0.1', resolve));
  const started = api;
  await waitFor(
    async () => {
      if (!(await fetch(`http://127.0.0.1:${API_PORT}/healthz`)).ok) throw new Error('not yet');
    },
    started,
    'API',
  );
  const opsPort = PORT + 1;
  opsUpstream = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'deploy', 'src', 'cli', 'serve.ts')],
    {
      cwd: repoRoot,
      env: { ...process.env, ...env, PORT: String(opsPort), HOST: '127.0.0.1' },
      stdio: 'ignore',
    },
  );

  // The committed template, filled in for this machine, inside a minimal nginx.conf.
  const vars = {
    LISTEN_PORT: `127.0.0.1:${PORT}`,
    SITE_HOSTS: 'localhost',
    SITE_ROOT: path.join(dir, 'site'),
    CDN_HOST: 'cdn.localhost',
    CDN_ORIGIN: CDN,
    ARTIFACTS_ROOT: path.join(dataDir, 'artifacts'),
    API_HOST: 'api.localhost',
    API_ORIGIN: API,
    API_UPSTREAM: `127.0.0.1:${(apiUpstream.address() as AddressInfo).port}`,
    OPS_UPSTREAM: `127.0.0.1:${opsPort}`,
    TRUSTED_PROXIES: '127.0.0.1/32',
  };
  const envFile = path.join(dir, 'test.env');
  fs.writeFileSync(
    envFile,
    Object.entries(vars)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  );
  fs.writeFileSync(path.join(dir, 'crease.conf'), await cli('nginx-config.ts', [envFile], {}));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    fs.mkdirSync(path.join(dir, 'tmp', temp), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include ${dir}/crease.conf;
}
`,
  );
  await run(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')]);
  nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  await waitFor(() => request(`${SITE}/`), nginx, 'nginx');
  const ops = opsUpstream;
  await waitFor(
    async () => {
      if (!(await fetch(`http://127.0.0.1:${opsPort}/healthz`)).ok) throw new Error('not yet');
    },
    ops,
    'ops upstream',
  );
});

test.afterAll(async () => {
  await stop(nginx);
  await stop(opsUpstream);
  await stop(api);
  await new Promise((resolve) => apiUpstream?.close(resolve));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
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
    `<link rel="preload" as="fetch" crossorigin="anonymous" href="${CDN}/apps/mf-legal/${legalVersion}/mf-manifest.json">`,
  );
  expect(html).toContain(`src="${CDN}/apps/shell/${shellVersion}/`);
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
  expect(JSON.parse(map.body.toString('utf8')).remotes['mf-legal'].version).toBe(legalVersion);

  const again = await request(`${SITE}/release-map.json`, {
    headers: { 'if-none-match': String(inlined) },
  });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
});

test('the CDN host serves artifacts immutable, CORS-readable and precompressed; a miss is not cached', async () => {
  const manifest = await request(`${CDN}/apps/mf-legal/${legalVersion}/mf-manifest.json`, {
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(manifest.status).toBe(200);
  expect(manifest.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(manifest.headers['access-control-allow-origin']).toBe('*');
  expect(manifest.headers['content-encoding']).toBe('gzip');
  expect(JSON.parse(zlib.gunzipSync(manifest.body).toString('utf8')).name).toBe('mf-legal');

  const missing = await request(`${CDN}/apps/mf-legal/${legalVersion}/no-such-chunk.js`);
  expect(missing.status).toBe(404);
  expect(missing.headers['cache-control']).toBe('no-store');

  const escape = await request(`${CDN}/apps/../release-map.json`);
  expect(escape.status).toBe(404);
  expect((await request(`${CDN}/`)).status).toBe(404);
});

test('the API host is proxied with the forwarding headers the API relies on', async () => {
  apiRequests.length = 0;
  const answer = await request(`${API}/healthz?x=1`, {
    headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '6.6.6.6' },
    from: '127.0.0.5',
  });

  expect(answer.status).toBe(200);
  expect(apiRequests).toHaveLength(1);
  expect(apiRequests[0]).toMatchObject({
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
    await cli('release.ts', ['status', '--json'], { CREASE_DATA_DIR: path.join(dir, 'data') }),
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
    failedVersion: legalVersion,
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
  const countsDir = path.join(dir, 'data', 'registry', 'fallbacks');
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
    events: [{ remote: 'mf-legal', version: legalVersion, kind: 'view' }],
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
    (r) => r.url() === `${CDN}/apps/mf-legal/${legalVersion}/mf-manifest.json` && r.ok(),
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
