/** @jest-environment node */
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { loadReleaseConfig } from '../config';
import { FallbackCounter } from '../registry/fallback-counter';
import { openRegistry } from '../registry/open-registry';
import { RELEASE_API_PREFIX, registerReleaseApi } from './release-api';
import { tempDir, writeBuild } from '../testing/release-fixtures';

const TOKEN = 'ci-token-0123456789abcdef';
const servers: FastifyInstance[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function api(env: Record<string, string>) {
  const dataDir = tempDir('crease-api-');
  const config = loadReleaseConfig({ CREASE_DATA_DIR: dataDir, ...env }, dataDir);
  const registry = openRegistry(config);
  const app = Fastify();
  registerReleaseApi(app, registry, config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  servers.push(app);
  const { port } = app.server.address() as { port: number };
  const call = async (method: string, route: string, body?: unknown, token?: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${RELEASE_API_PREFIX}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const publish = async (app: 'shell' | 'mf-legal', contract: string | number, content = 'one') =>
    (
      await registry.publish(
        app,
        writeBuild(path.join(dataDir, 'b', `${app}-${content}`), app, contract, content),
        '1.0.0',
        { actor: 'ci' },
      )
    ).version;
  return { call, publish, registry };
}

describe('release HTTP API', () => {
  it('canary: needs a token, refuses a bad percent and a second canary, shows it in status', async () => {
    const { call, publish, registry } = await api({
      CREASE_RELEASE_TOKENS: `release-bot:${TOKEN}`,
    });
    const one = await publish('mf-legal', '^1', 'one');
    const two = await publish('mf-legal', '^1', 'two');
    await registry.promote({ 'mf-legal': one }, { actor: 'ci' });
    const body = { app: 'mf-legal', version: two, percent: 20, reason: 'new copy' };
    expect((await call('POST', '/canary', body)).status).toBe(401);
    for (const percent of [0, 100, 2.5, '20']) {
      const bad = await call('POST', '/canary', { ...body, percent }, TOKEN);
      expect(bad).toMatchObject({
        status: 400,
        body: { code: 'INVALID_REQUEST', message: 'percent must be a whole number from 1 to 99.' },
      });
    }
    const history = registry.history();
    const started = await call('POST', '/canary', body, TOKEN);
    expect(started).toMatchObject({
      status: 200,
      body: { changes: [{ app: 'mf-legal', from: one, to: two, percent: 20 }] },
    });
    const again = await call('POST', '/canary', body, TOKEN);
    expect(again).toMatchObject({ status: 409, body: { code: 'CANARY_RUNNING' } });
    expect(registry.history()).toHaveLength(history.length + 1);
    const status = await call('GET', '/status', undefined, TOKEN);
    expect(status.body).toMatchObject({
      apps: [
        {
          app: 'mf-legal',
          version: one,
          canary: {
            version: two,
            percent: 20,
            by: 'release-bot',
            health: { verdict: 'collecting' },
          },
          lastAutomaticRollback: null,
        },
      ],
    });
  });

  it('mark-good: needs a token and a reason, records both, refuses a version with fallbacks (409)', async () => {
    const { call, publish, registry } = await api({
      CREASE_RELEASE_TOKENS: `release-bot:${TOKEN}`,
    });
    const one = await publish('mf-legal', '^1', 'one');
    const two = await publish('mf-legal', '^1', 'two');
    await registry.promote({ 'mf-legal': one }, { actor: 'ci' });
    await registry.promote({ 'mf-legal': two }, { actor: 'ci' }); // one: live for seconds only
    const anonymous = await call('POST', '/mark-good', { app: 'mf-legal', version: one });
    expect(anonymous.status).toBe(401);
    const unreasoned = await call('POST', '/mark-good', { app: 'mf-legal', version: one }, TOKEN);
    expect(unreasoned).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST' } });
    expect(registry.status().apps[0]?.lastKnownGood).toBeNull();

    const marked = await call(
      'POST',
      '/mark-good',
      { app: 'mf-legal', version: one, reason: 'checked on staging' },
      TOKEN,
    );
    expect(marked).toMatchObject({
      status: 200,
      body: { changes: [{ app: 'mf-legal', to: one }] },
    });
    expect(registry.history('mf-legal', 1)[0]).toMatchObject({
      action: 'mark-good',
      actor: 'release-bot',
      reason: 'checked on staging',
    });
    expect(registry.status().apps[0]?.lastKnownGood).toBe(one);

    const counter = new FallbackCounter(registry.options.registryDir);
    counter.record('mf-legal', two, one);
    counter.flush();
    const refused = await call(
      'POST',
      '/mark-good',
      { app: 'mf-legal', version: two, reason: 'looks fine to me' },
      TOKEN,
    );
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'VERSION_HAS_FALLBACKS', userId: null, timeStamp: expect.any(String) },
    });
  });

  it('refuses changes without a valid token, and records the token name as the actor', async () => {
    const { call, publish, registry } = await api({
      CREASE_RELEASE_TOKENS: `release-bot:${TOKEN}`,
    });
    const legal = await publish('mf-legal', '^1');
    const anonymous = await call('POST', '/promote', { versions: { 'mf-legal': legal } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'RELEASE_TOKEN_REQUIRED', userId: null });
    const wrong = await call('POST', '/promote', { versions: { 'mf-legal': legal } }, `${TOKEN}x`);
    expect(wrong).toMatchObject({ status: 401, body: { code: 'INVALID_RELEASE_TOKEN' } });
    expect(registry.status().revision).toBe(1); // only the publish

    const promoted = await call(
      'POST',
      '/promote',
      { versions: { 'mf-legal': legal }, reason: 'go' },
      TOKEN,
    );
    expect(promoted).toMatchObject({ status: 200, body: { revision: 2 } });
    const history = await call('GET', '/history?app=mf-legal&limit=1');
    expect(history.status).toBe(200); // reads are open outside production
    expect(history.body.entries).toEqual([
      expect.objectContaining({ actor: 'release-bot', reason: 'go', to: legal }),
    ]);
  });

  it('answers release errors with their status and code, and bad bodies with 400', async () => {
    const { call, publish } = await api({ CREASE_RELEASE_TOKENS: `rm:${TOKEN}` });
    const shell = await publish('shell', 1);
    const legal = await publish('mf-legal', '^2');
    expect((await call('POST', '/promote', { versions: { shell } }, TOKEN)).status).toBe(200);
    const gate = await call('POST', '/promote', { versions: { 'mf-legal': legal } }, TOKEN);
    expect(gate).toMatchObject({ status: 409, body: { code: 'CONTRACT_MISMATCH' } });
    expect(String(gate.body.message)).toContain('(supports ^2) does not support contract 1');
    const stale = await call('POST', '/rollback', { app: 'shell', ifRevision: 0 }, TOKEN);
    expect(stale).toMatchObject({ status: 409, body: { code: 'RELEASE_CONFLICT' } });
    const none = await call('POST', '/rollback', { app: 'shell' }, TOKEN);
    expect(none).toMatchObject({ status: 404, body: { code: 'NO_PREVIOUS_VERSION' } });
    const notAnObject = await call('POST', '/promote', { versions: 'x' }, TOKEN);
    expect(notAnObject).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REQUEST', message: 'versions must be an object {app: version}.' },
    });
    const notAString = await call('POST', '/promote', { versions: { 'mf-legal': 3 } }, TOKEN);
    expect(notAString.body).toMatchObject({ message: 'Each version must be a string.' });
    const badRevision = await call('POST', '/rollback', { app: 'shell', ifRevision: -1 }, TOKEN);
    expect(badRevision.body).toMatchObject({ message: 'ifRevision must be a whole number.' });
    const badLimit = await call('GET', '/history?limit=5000', undefined, TOKEN);
    expect(badLimit).toMatchObject({ status: 400, body: { message: 'limit must be 1-1000.' } });
    expect(
      (await call('POST', '/publish', { app: 'mf-legal', version: '1.0.0-nope' }, TOKEN)).status,
    ).toBe(404);
    const registered = await call('POST', '/publish', { app: 'mf-legal', version: legal }, TOKEN);
    expect(registered).toMatchObject({ status: 200, body: { created: false, contract: '^2' } });
  });

  it('in production, refuses everything when no tokens are configured, and reads without a token', async () => {
    const locked = await api({ NODE_ENV: 'production' });
    expect(await locked.call('GET', '/status')).toMatchObject({
      status: 403,
      body: { code: 'RELEASE_API_LOCKED' },
    });
    expect((await locked.call('POST', '/rollback', { app: 'mf-legal' }, TOKEN)).status).toBe(403);

    const guarded = await api({ NODE_ENV: 'production', CREASE_RELEASE_TOKENS: `rm:${TOKEN}` });
    expect((await guarded.call('GET', '/status')).status).toBe(401);
    expect(await guarded.call('GET', '/status', undefined, TOKEN)).toMatchObject({
      status: 200,
      body: { revision: 0 },
    });
  });

  it('lets local use go without a token only when asked to, and never in production', async () => {
    const local = await api({ CREASE_RELEASE_ALLOW_ANONYMOUS: '1' });
    const legal = await local.publish('mf-legal', '^1');
    expect((await local.call('POST', '/promote', { versions: { 'mf-legal': legal } })).status).toBe(
      200,
    );
    expect(local.registry.history('mf-legal', 1)[0]?.actor).toBe('anonymous');
    await expect(
      api({ CREASE_RELEASE_ALLOW_ANONYMOUS: '1', NODE_ENV: 'production' }),
    ).rejects.toThrow(/CREASE_RELEASE_ALLOW_ANONYMOUS=1 is refused/);
    await expect(api({ CREASE_RELEASE_TOKENS: 'rm:short' })).rejects.toThrow(
      /at least 16 characters/,
    );
  });

  it('describes itself in an OpenAPI document, every operation with its request schema', async () => {
    const { call } = await api({});
    const { status, body } = await call('GET', '/openapi.json');
    expect(status).toBe(200);
    const paths = body.paths as Record<string, Record<string, { requestBody?: unknown }>>;
    expect(Object.keys(paths).sort()).toEqual(
      [
        'artifacts', // release console (decision 135)
        'canary',
        'canary-series', // release console's chart (decision 196)
        'clear-veto', // decision 411
        'health', // release console
        'history',
        'mark-good',
        'promote',
        'publish',
        'rollback',
        'status',
        'whoami', // release console
      ].map((name) => `${RELEASE_API_PREFIX}/${name}`),
    );
    expect(paths[`${RELEASE_API_PREFIX}/promote`]?.post?.requestBody).toBeDefined();
    const series = paths[`${RELEASE_API_PREFIX}/canary-series`] as {
      get?: { parameters?: { name: string; in: string; required?: boolean }[] };
    };
    expect(series.get?.parameters).toContainEqual(
      expect.objectContaining({ name: 'app', in: 'query', required: true }),
    );
  });
});
