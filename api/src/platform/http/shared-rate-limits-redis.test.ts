/** @jest-environment node */
/**
 * Per-IP rate limits across replicas (decision 051): two API processes with REDIS_URL count in
 * one throwaway redis-server, so together they allow the limit once; without it (the embedded
 * default) each process counts alone. A Redis outage lets requests through rather than failing.
 */
import { Redis } from 'ioredis';
import { RATE_LIMIT_NAMESPACE } from './rate-limit';
import { describeWithRedis } from '../../testing/redis-server';
import { ApiHost, uniqueEmail } from '../../testing/test-api';
import type { ApiClient, CallResult, RunningApi } from '../../testing/test-api';

const LIMIT = 4;
const LIMITS = {
  CREASE_BOT_CHECK: 'off',
  CREASE_ANALYTICS_PER_MINUTE: String(LIMIT),
  CREASE_REGISTER_PER_MINUTE: String(LIMIT),
};

const pageView = (client: ApiClient) =>
  client.postJson('/api/v1/analytics/page-views', {
    path: '/events',
    title: 'Events',
    referrer: '',
  });

function expectTooMany(res: CallResult) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', userId: null });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** Two API processes ("replicas"), each over its own embedded database, for the whole file. */
const hosts: ApiHost[] = [];
beforeAll(async () => {
  hosts.push(...(await Promise.all([ApiHost.launch(null), ApiHost.launch(null)])));
}, 300_000);
afterAll(async () => {
  for (const host of hosts) await host.close();
});

/** One API instance per replica process, with `env`, for the enclosing describe. */
function twoReplicas(env: () => Record<string, string>) {
  const apis: RunningApi[] = [];
  beforeAll(async () => {
    for (const host of hosts) apis.push(await host.start(env()));
  }, 60_000);
  afterAll(async () => {
    for (const api of apis) await api.close();
  });
  return () => apis.map((api) => api.client()) as [ApiClient, ApiClient];
}

describe('rate limits in memory (no REDIS_URL)', () => {
  const replicas = twoReplicas(() => LIMITS);

  it('each replica counts alone: two replicas allow twice the limit', async () => {
    const [a, b] = replicas();
    for (const replica of [a, b])
      for (let i = 0; i < LIMIT; i++) expect((await pageView(replica)).status).toBe(202);
    expectTooMany(await pageView(a));
  });
});

describeWithRedis('rate limits shared through Redis', (redis) => {
  const replicas = twoReplicas(() => ({ ...LIMITS, REDIS_URL: redis().url(1) }));

  it('two replicas share one budget: the limit holds across both', async () => {
    const [a, b] = replicas();
    const statuses = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await pageView(i % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual(Array(LIMIT).fill(202));
    expectTooMany(await pageView(a));
    expectTooMany(await pageView(b));
  });

  it('registration too, and the counters live in Redis under the Crease namespace', async () => {
    const [a, b] = replicas();
    const statuses = [];
    for (let i = 0; i < LIMIT + 1; i++)
      statuses.push(
        (await (i % 2 === 0 ? a : b).register(uniqueEmail('shared'), 'correct horse battery'))
          .status,
      );
    expect(statuses).toEqual([...Array(LIMIT).fill(201), 429]);
    const inspect = new Redis(redis().url(1));
    try {
      const keys = await inspect.keys(`${RATE_LIMIT_NAMESPACE}*`);
      expect(keys).toEqual(
        expect.arrayContaining([
          expect.stringContaining('/api/v1/analytics/page-views'),
          expect.stringContaining('/api/v1/auth/register'),
        ]),
      );
    } finally {
      inspect.disconnect();
    }
  });

  it('a Redis outage lets requests through (no 5xx): these limits only blunt floods', async () => {
    const [a] = replicas();
    await redis().stop();
    const res = await client202(a);
    expect(res.status).toBe(202);
  });
});

/** The register limit above is spent for this IP; a page view on a fresh route budget is not. */
async function client202(client: ApiClient) {
  return client.postJson('/api/v1/analytics/events', { name: 'outage-probe', properties: {} });
}
