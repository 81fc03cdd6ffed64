/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadEdgeConfig } from '../config';
import type { EdgeConfig } from '../config';
import { openRegistry } from '../registry/open-registry';
import type { ReleaseRegistry } from '../registry/release-registry';
import { writeEdgeArtifacts } from '../testing/edge-artifacts';
import { createEdgeServer } from './edge-server';

const SHELL = '1.0.0-shell001';
const LEGAL = '1.0.0-legal001';
const LEGAL_NEXT = '1.0.0-legal002';

let dataDir: string;
let config: EdgeConfig;
let server: FastifyInstance;
let registry: ReleaseRegistry;
const who = { actor: 'edge test' };
let origin: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-edge-test-'));
  config = loadEdgeConfig(
    // Every replaced version is a last-known-good at once (no minimum time live).
    {
      CREASE_DATA_DIR: dataDir,
      CREASE_PRODUCT_NAME: 'Crease <Live>',
      CREASE_LKG_MIN_LIVE_SECONDS: '0',
    },
    dataDir,
  );
  writeEdgeArtifacts(config.artifactsDir, { shell: SHELL, legal: [LEGAL, LEGAL_NEXT] });
  // Through the release registry, as every release goes: its live projection is what the edge reads.
  registry = openRegistry(config.release);
  await registry.promote({ shell: SHELL, 'mf-legal': LEGAL }, who);
  server = createEdgeServer(config);
  await server.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}${url}`, { headers });

/**
 * A browser's revalidation. fetch() marks a request with If-None-Match as a reload
 * (Cache-Control: no-cache), which a file server rightly answers in full.
 */
const revalidate = (url: string, etag: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get(
        `${origin}${url}`,
        { headers: { 'if-none-match': etag, 'accept-encoding': 'gzip, br' } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      )
      .on('error', reject);
  });

describe('index.html', () => {
  it('on / inlines boot data, CSS and the prerendered page, and loads the shell after first paint', async () => {
    const response = await get('/');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(html).toContain(
      '<title>Crease &#60;Live&#62; | Watch Live Cricket Streaming Online in HD</title>',
    );
    expect(html).toContain('<h1>Welcome to Crease &#60;Live&#62;</h1>');
    expect(html).toContain('<style data-href="main.css">.shell-a{color:red}</style>');
    expect(html).toContain('<style data-href="welcome.css">.shell-b{color:blue}</style>');
    expect(html).toContain(`"/apps/shell/${SHELL}/main.js","/apps/shell/${SHELL}/boot.js"`);
    expect(html).not.toContain('<script defer');
    expect(html).not.toContain('parcels.js'); // `/` mounts no remote (decision 085)
    // The product name's "<" never reaches the inline script as markup.
    expect(html).toMatch(
      /window\.__CREASE__=\{"config":\{"productName":"Crease \\u003cLive\\u003e"/,
    );
    expect(html).toContain(`"manifestUrl":"/apps/mf-legal/${LEGAL}/mf-manifest.json"`);
  });

  it('carries a CSP whose nonce matches every inline script', async () => {
    const response = await get('/');
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(
      response.headers.get('content-security-policy') ?? '',
    )?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('lets pages show images from the API host (league logos) and nowhere else', async () => {
    const csp = (await get('/events')).headers.get('content-security-policy') ?? '';
    // The API origin is the first source the page may connect to (derived from the Host).
    const api = /connect-src 'self' (\S+)/.exec(csp)?.[1];
    expect(api).toMatch(/^https?:\/\//);
    expect(csp).toContain(`img-src 'self' data: ${api};`);
  });

  it("lets the player's media come from MSE, hls.js's caption tracks and the API host only", async () => {
    const csp = (await get('/player')).headers.get('content-security-policy') ?? '';
    const api = /connect-src 'self' (\S+)/.exec(csp)?.[1];
    expect(csp).toContain(`media-src 'self' blob: data: ${api};`);
    // hls.js runs without a worker (decision 330): no worker source is opened up.
    expect(csp).not.toContain('worker-src');
  });

  it("on a remote's route preloads its manifest and screen chunks with the HTML", async () => {
    const html = await (await get('/privacy-policy')).text();
    const base = `/apps/mf-legal/${LEGAL}/`;
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin="anonymous" href="${base}mf-manifest.json">`,
    );
    expect(html).toContain(`<link rel="preload" as="script" href="${base}remoteEntry.js">`);
    expect(html).toContain(`<link rel="preload" as="script" href="${base}screens.123.js">`);
    // The shell's lazy single-spa chunk comes with the remote (decision 085), not on `/`.
    expect(html).toContain(
      `<link rel="preload" as="script" href="/apps/shell/${SHELL}/parcels.js">`,
    );
    expect(html).toContain(`<script defer src="/apps/shell/${SHELL}/main.js"></script>`);
    expect(html).toContain(`<link rel="stylesheet" href="/apps/shell/${SHELL}/main.css">`);
    expect(html).not.toContain('Welcome to');
  });

  it('answers an unknown path with 404 and the shell (which shows the not-found page)', async () => {
    const response = await get('/no-such-page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('window.__CREASE__');
  });
});

describe('artifacts', () => {
  it('are immutable and served precompressed when the client accepts it', async () => {
    const response = await get(`/apps/shell/${SHELL}/main.js`, { 'accept-encoding': 'br' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toContain('console.log("main")');
  });

  it('carry an ETag, answer 304 when unchanged, and fall back to the plain file without a copy', async () => {
    const url = `/apps/shell/${SHELL}/main.js`;
    const first = await get(url, { 'accept-encoding': 'gzip, br' });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(first.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await revalidate(url, etag!)).toBe(304);
    // main.js has a .br copy but no .gz: a gzip-only client gets the plain file.
    const plain = await get(url, { 'accept-encoding': 'gzip' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log("main");'.repeat(100));
  });

  it.each([
    ['a missing file', `/apps/shell/${SHELL}/nope.js`],
    ['an unknown version', '/apps/shell/9.9.9-nothing/main.js'],
    ['a path that climbs out', `/apps/shell/${SHELL}/..%2F..%2F..%2Frelease-map.json`],
    ['a file type we never serve', `/apps/shell/${SHELL}/routes.jsonx`],
  ])('answer 404 in the error shape for %s, and are not cached', async (_label, url) => {
    const response = await get(url);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ code: 'ASSET_NOT_FOUND', userId: null });
  });
});

describe('release map', () => {
  it('is no-cache with an ETag, answers 304 when unchanged, and follows a promote at once', async () => {
    const first = await get('/release-map.json');
    const etag = first.headers.get('etag')!;
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect((await get('/release-map.json', { 'if-none-match': etag })).status).toBe(304);

    await registry.promote({ 'mf-legal': LEGAL_NEXT }, who);
    // mtime resolution: make sure the edge sees a different file time.
    const later = new Date(Date.now() + 2000);
    fs.utimesSync(config.releaseMapFile, later, later);

    const after = await get('/release-map.json', { 'if-none-match': etag });
    expect(after.status).toBe(200);
    const map = await after.json();
    expect(map.remotes['mf-legal']).toEqual({
      version: LEGAL_NEXT,
      manifestUrl: `/apps/mf-legal/${LEGAL_NEXT}/mf-manifest.json`,
      lastKnownGoodManifestUrl: `/apps/mf-legal/${LEGAL}/mf-manifest.json`,
    });
    await registry.rollback('mf-legal', null, who);
  });
});

describe('the API host, before the API exists', () => {
  /** fetch may not set Host; a raw request can, as a browser on api.<domain> would. */
  function requestAsApiHost(method: string) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const request = http.request(
          `${origin}/api/v1/analytics/page-views`,
          {
            method,
            headers: {
              host: 'api.localhost:8080',
              origin: 'http://localhost:8080',
              ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
              'access-control-request-headers': 'content-type,idempotency-key',
            },
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
            );
          },
        );
        request.on('error', reject);
        request.end(method === 'POST' ? '{}' : undefined);
      },
    );
  }

  it('answers calls with a 503 in the spec error shape, with CORS for the site', async () => {
    const response = await requestAsApiHost('POST');
    expect(response.status).toBe(503);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(JSON.parse(response.body)).toMatchObject({ code: 'API_UNAVAILABLE', userId: null });
  });

  it('answers the CORS preflight so the browser reads that 503 instead of a network error', async () => {
    const response = await requestAsApiHost('OPTIONS');
    expect(response.status).toBe(204);
    expect(response.headers['access-control-allow-headers']).toBe('content-type,idempotency-key');
  });
});

describe('configuration', () => {
  it('fails at start with every problem spelled out', () => {
    expect(() => loadEdgeConfig({ PORT: 'eighty', CREASE_BOT_CHECK: 'captcha' })).toThrow(
      ConfigError,
    );
    expect(() => loadEdgeConfig({ PORT: 'eighty', CREASE_BOT_CHECK: 'captcha' })).toThrow(
      /PORT must be a port number[\s\S]*CREASE_BOT_CHECK must be altcha, recaptcha or off/,
    );
    expect(() => loadEdgeConfig({ CREASE_API_ORIGIN: 'javascript:alert(1)' })).toThrow(
      /CREASE_API_ORIGIN/,
    );
  });
});
