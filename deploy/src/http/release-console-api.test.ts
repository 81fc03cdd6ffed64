/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { loadReleaseConfig } from '../config';
import { SignalStore } from '../signals/signal-store';
import { FallbackCounter } from '../registry/fallback-counter';
import { LOCAL_CONSOLE_ACTOR, withLocalConsoleToken } from '../registry/local-console-token';
import { openRegistry } from '../registry/open-registry';
import { tempDir, writeBuild } from '../testing/release-fixtures';
import { RELEASE_API_PREFIX, registerReleaseApi } from './release-api';
import { RELEASE_CONSOLE_PATH, registerReleaseConsole } from './release-console-site';

const TOKEN = 'console-token-0123456789abcdef';
const servers: FastifyInstance[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function serve(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  servers.push(app);
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

async function api(env: Record<string, string>) {
  const dataDir = tempDir('crease-console-api-');
  const config = loadReleaseConfig({ CREASE_DATA_DIR: dataDir, ...env }, dataDir);
  const registry = openRegistry(config);
  const app = Fastify();
  registerReleaseApi(app, registry, config);
  const origin = await serve(app);
  const get = async (route: string, token?: string) => {
    const response = await fetch(`${origin}${RELEASE_API_PREFIX}${route}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const publish = async (content: string, contract: string | number = '^1') =>
    (
      await registry.publish(
        'mf-legal',
        writeBuild(path.join(dataDir, 'b', content), 'mf-legal', contract, content),
        '1.0.0',
        { actor: 'ci' },
      )
    ).version;
  return { get, publish, registry };
}

describe('release console API', () => {
  it('whoami always needs a valid token, even where anonymous reads are allowed', async () => {
    const { get } = await api({ CREASE_RELEASE_TOKENS: `release-manager:${TOKEN}` });
    expect((await get('/status')).status).toBe(200); // anonymous read: allowed in development
    const anonymous = await get('/whoami');
    expect(anonymous).toMatchObject({ status: 401, body: { code: 'RELEASE_TOKEN_REQUIRED' } });
    const wrong = await get('/whoami', 'not-the-token-0123456789');
    expect(wrong).toMatchObject({ status: 401, body: { code: 'INVALID_RELEASE_TOKEN' } });
    expect(await get('/whoami', TOKEN)).toEqual({
      status: 200,
      body: { actor: 'release-manager' },
    });
  });

  it('whoami in production without configured tokens is locked', async () => {
    const { get } = await api({ NODE_ENV: 'production' });
    expect(await get('/whoami', TOKEN)).toMatchObject({
      status: 403,
      body: { code: 'RELEASE_API_LOCKED' },
    });
  });

  it('artifacts: the published versions per app, newest first, with their contract', async () => {
    const { get, publish } = await api({ CREASE_RELEASE_TOKENS: `release-manager:${TOKEN}` });
    const one = await publish('one', '^1');
    const two = await publish('two', '^2');
    const answer = await get('/artifacts?app=mf-legal', TOKEN);
    expect(answer.status).toBe(200);
    const { artifacts } = answer.body as {
      artifacts: Record<string, { version: string; contract: unknown; publishedBy: string }[]>;
    };
    expect(Object.keys(artifacts)).toEqual(['mf-legal']);
    expect(artifacts['mf-legal']).toMatchObject([
      { version: two, contract: '^2', publishedBy: 'ci' },
      { version: one, contract: '^1', publishedBy: 'ci' },
    ]);
    const every = await get('/artifacts', TOKEN);
    expect(Object.keys((every.body as { artifacts: object }).artifacts)).toContain('shell');
    expect(await get('/artifacts?app=nope', TOKEN)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REQUEST' },
    });
  });

  it('health: real-user signals and fallback counts per version', async () => {
    const { get, publish, registry } = await api({
      CREASE_RELEASE_TOKENS: `release-manager:${TOKEN}`,
    });
    const one = await publish('one');
    const two = await publish('two');
    const counter = new FallbackCounter(registry.options.registryDir);
    counter.record('mf-legal', two, one);
    counter.record('mf-legal', two, one);
    counter.flush();
    const signals = new SignalStore({ registryDir: registry.options.registryDir });
    signals.record({ remote: 'mf-legal', version: two, kind: 'view' });
    signals.record({ remote: 'mf-legal', version: two, kind: 'load-failure' });
    signals.drop('invalid', 3);
    signals.flush();
    const answer = await get('/health?app=mf-legal', TOKEN);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        signalsAvailable: true,
        versions: [{ remote: 'mf-legal', version: two, views: 1, loadFailures: 1 }],
        fallbacks: [{ remote: 'mf-legal', failedVersion: two, fallbackVersion: one, count: 2 }],
        dropped: { invalid: 3 },
      },
    });
    expect((await get('/health?app=mf-auth', TOKEN)).body).toMatchObject({ fallbacks: [] });
  });

  it('canary-series: the running canary, then the most recent one, per minute against stable', async () => {
    const { get, publish, registry } = await api({
      CREASE_RELEASE_TOKENS: `release-manager:${TOKEN}`,
    });
    expect(await get('/canary-series?app=mf-legal', TOKEN)).toEqual({
      status: 200,
      body: { app: 'mf-legal', canary: null, minutes: [] },
    });
    const stable = await publish('stable');
    const candidate = await publish('candidate');
    const other = await publish('other');
    await registry.promote({ 'mf-legal': stable }, { actor: 'ci' });
    await registry.canary('mf-legal', candidate, 10, { actor: 'ci' });
    const signals = new SignalStore({ registryDir: registry.options.registryDir });
    const event = (version: string, kind: 'view' | 'load-failure' | 'fallback') =>
      signals.record({ remote: 'mf-legal', version, kind });
    for (let i = 0; i < 4; i += 1) event(candidate, 'view');
    event(candidate, 'load-failure');
    event(candidate, 'load-failure');
    event(candidate, 'fallback');
    signals.record({
      remote: 'mf-legal',
      version: candidate,
      kind: 'vital',
      name: 'LCP',
      value: 3100,
    });
    for (let i = 0; i < 3; i += 1) event(stable, 'view');
    event(other, 'view'); // neither arm: not charted
    signals.record({ remote: 'mf-auth', version: candidate, kind: 'view' }); // another remote
    signals.flush();

    const running = await get('/canary-series?app=mf-legal', TOKEN);
    expect(running.status).toBe(200);
    const body = running.body as {
      canary: Record<string, unknown>;
      minutes: { minute: string; canary: object; stable: object }[];
    };
    expect(body.canary).toMatchObject({ version: candidate, stable, until: null, running: true });
    const now = body.minutes.at(-1)!;
    expect(now.canary).toEqual({ views: 4, failures: 2, fallbacks: 1, lcpP75: 3500 });
    expect(now.stable).toEqual({ views: 3, failures: 0, fallbacks: 0, lcpP75: null });
    const views = body.minutes.reduce(
      (sum, m) =>
        sum + (m.canary as { views: number }).views + (m.stable as { views: number }).views,
      0,
    );
    expect(views).toBe(7);

    await registry.rollback('mf-legal', null, { actor: 'release-manager' });
    const ended = await get('/canary-series?app=mf-legal', TOKEN);
    expect(ended.body).toMatchObject({ canary: { version: candidate, stable, running: false } });
    expect(typeof (ended.body.canary as { until: unknown }).until).toBe('string');
    expect(await get('/canary-series?app=nope', TOKEN)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REQUEST' },
    });
    expect((await get('/canary-series', TOKEN)).status).toBe(400);
  });
});

describe('release console page', () => {
  it('serves its own page (strict CSP, no-store) and immutable assets, never the shell', async () => {
    const dist = tempDir('crease-console-dist-');
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Release console</title>',
    );
    fs.writeFileSync(path.join(dist, 'console.0123456789.js'), 'console.log(1)');
    const app = Fastify();
    registerReleaseConsole(app, dist);
    app.get('/*', async () => 'the shell');
    const origin = await serve(app);

    const page = await fetch(`${origin}${RELEASE_CONSOLE_PATH}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Release console');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');

    const asset = await fetch(`${origin}${RELEASE_CONSOLE_PATH}console.0123456789.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');

    const missing = await fetch(`${origin}${RELEASE_CONSOLE_PATH}nope.js`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('the shell');
    const sneaky = await fetch(`${origin}${RELEASE_CONSOLE_PATH}..%2Fpackage.json`);
    expect(sneaky.status).toBe(404);

    const bare = await fetch(`${origin}/release-console`, { redirect: 'manual' });
    expect(bare.status).toBe(308);
    expect(bare.headers.get('location')).toBe(RELEASE_CONSOLE_PATH);
  });
});

describe('local console token (npm start)', () => {
  it('is made once under the data dir (0600), and configured tokens win', () => {
    const dataDir = tempDir('crease-console-token-');
    const config = loadReleaseConfig({ CREASE_DATA_DIR: dataDir }, dataDir);
    const first = withLocalConsoleToken(config);
    expect(first.local?.token.name).toBe(LOCAL_CONSOLE_ACTOR);
    expect(first.config.tokens).toEqual([first.local?.token]);
    const file = path.join(dataDir, 'release-console-token');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(withLocalConsoleToken(config).local?.token.token).toBe(first.local?.token.token);

    const configured = loadReleaseConfig(
      { CREASE_DATA_DIR: dataDir, CREASE_RELEASE_TOKENS: `release-manager:${TOKEN}` },
      dataDir,
    );
    expect(withLocalConsoleToken(configured)).toEqual({ config: configured, local: null });
    const production = loadReleaseConfig(
      { CREASE_DATA_DIR: dataDir, NODE_ENV: 'production', CREASE_RELEASE_TOKENS: `m:${TOKEN}` },
      dataDir,
    );
    expect(withLocalConsoleToken(production).local).toBeNull();
  });
});
