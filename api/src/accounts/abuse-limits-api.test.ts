/** @jest-environment node */
/**
 * Brute-force limits and rate limits over real HTTP, on PGlite and PostgreSQL: parallel guesses
 * cannot beat the lockout (each attempt is counted before it is checked, decision 055), and
 * every 429 says when to come back (Retry-After) in the spec's error shape.
 */
import { describeEachDatabase, uniqueEmail } from '../testing/test-api';
import type { ApiClient, CallResult, RunningApi } from '../testing/test-api';

const PASSWORD = 'correct horse battery';
const PARALLEL = 20;

function expectTooMany(res: CallResult, userId: string | null = null) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({
    code: 'TOO_MANY_ATTEMPTS',
    userId,
    message: expect.any(String),
    timeStamp: expect.any(String),
  });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

const countOf = (results: CallResult[], status: number) =>
  results.filter((res) => res.status === status).length;

describeEachDatabase('abuse limits', (host) => {
  describe('per account', () => {
    let api: RunningApi;
    let client: ApiClient;
    beforeAll(async () => {
      api = await host().start({
        CREASE_BOT_CHECK: 'off', // the subject here is counting, not proofs of work
        CREASE_LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
        CREASE_LOGIN_MAX_FAILURES_PER_IP: '100000',
      });
      client = api.client();
      await client.get('/healthz'); // the XSRF cookie, once, before the parallel burst
    });
    afterAll(async () => {
      await api.close();
    });

    it(`${PARALLEL} parallel wrong passwords: at most 5 are checked (400), the rest get 429 with Retry-After`, async () => {
      const email = uniqueEmail('burst');
      expect((await client.register(email, PASSWORD)).status).toBe(201);

      const results = await Promise.all(
        Array.from({ length: PARALLEL }, () => client.signIn(email, 'a wrong guess')),
      );

      expect(countOf(results, 400)).toBeLessThanOrEqual(5);
      expect(countOf(results, 400) + countOf(results, 429)).toBe(PARALLEL);
      for (const res of results.filter((r) => r.status === 429)) expectTooMany(res);
      for (const res of results.filter((r) => r.status === 400))
        expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      // Locked: even the right password is not looked at now.
      expectTooMany(await client.signIn(email, PASSWORD));
    });

    it(`${PARALLEL} parallel wrong old passwords on change-password: at most 5 checked, the rest 429 with Retry-After`, async () => {
      const email = uniqueEmail('change');
      expect((await client.register(email, PASSWORD)).status).toBe(201);
      const { body: session } = await client.signIn(email, PASSWORD);
      const userId = (await client.get('/api/v1/me', { bearer: session.access_token })).body
        .userId as string;

      const results = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          client.postJson(
            '/api/v1/auth/change-password',
            { oldPassword: 'a wrong guess', newPassword: 'another fine password' },
            { bearer: session.access_token },
          ),
        ),
      );

      expect(countOf(results, 400)).toBeLessThanOrEqual(5);
      expect(countOf(results, 400) + countOf(results, 429)).toBe(PARALLEL);
      for (const res of results.filter((r) => r.status === 400))
        expect(res.body).toMatchObject({ code: 'INVALID_OLD_PASSWORD', userId });
      for (const res of results.filter((r) => r.status === 429)) expectTooMany(res, userId);
    });

    it('a right password is no failure: signing in again and again never locks the account', async () => {
      const email = uniqueEmail('regular');
      expect((await client.register(email, PASSWORD)).status).toBe(201);
      for (let i = 0; i < 8; i++) expect((await client.signIn(email, PASSWORD)).status).toBe(200);
    });
  });

  describe('per IP', () => {
    let api: RunningApi;
    let client: ApiClient;
    beforeAll(async () => {
      api = await host().start({
        CREASE_BOT_CHECK: 'off',
        CREASE_LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
        CREASE_LOGIN_MAX_FAILURES_PER_IP: '8',
      });
      client = api.client();
      await client.get('/healthz');
    });
    // Every API instance of this suite shares the database, and so this network's counter.
    beforeEach(async () => {
      await host().query("DELETE FROM rate_counters WHERE key LIKE 'login:network:%'");
    });
    afterAll(async () => {
      await api.close();
    });

    it('a right password gives its attempt back to the IP', async () => {
      const email = uniqueEmail('ip-regular');
      expect((await client.register(email, PASSWORD)).status).toBe(201);
      for (let i = 0; i < 10; i++) expect((await client.signIn(email, PASSWORD)).status).toBe(200);
    });

    it(`${PARALLEL} parallel wrong passwords for different accounts: at most 8 checked, the rest 429`, async () => {
      const results = await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          client.signIn(uniqueEmail('spray'), 'a wrong guess'),
        ),
      );

      expect(countOf(results, 400)).toBeLessThanOrEqual(8);
      expect(countOf(results, 400) + countOf(results, 429)).toBe(PARALLEL);
      for (const res of results.filter((r) => r.status === 429)) expectTooMany(res);
    });
  });

  describe('Retry-After on every 429', () => {
    let strict: RunningApi;
    let client: ApiClient;
    beforeAll(async () => {
      strict = await host().start({
        CREASE_BOT_CHECK: 'off',
        CREASE_REGISTER_PER_MINUTE: '2',
        CREASE_RESET_PER_MINUTE: '1',
        CREASE_ANALYTICS_PER_MINUTE: '3',
        CREASE_LOGIN_MAX_FAILURES_PER_ACCOUNT: '2',
      });
      client = strict.client();
    });
    afterAll(async () => {
      await strict.close();
    });

    it('register, init-reset and reset-password per-IP limits', async () => {
      const registered = [];
      for (let i = 0; i < 3; i++) registered.push(await client.register(uniqueEmail(), PASSWORD));
      expect(registered.map((r) => r.status)).toEqual([201, 201, 429]);
      expectTooMany(registered[2] as CallResult);

      const reset = (email: string) => client.postJson('/api/v1/auth/init-reset', { email });
      expect((await reset(uniqueEmail())).status).toBe(200);
      expectTooMany(await reset(uniqueEmail()));

      const resets = [];
      for (let i = 0; i < 5; i++)
        resets.push(
          await client.postJson('/api/v1/auth/reset-password', {
            email: uniqueEmail(),
            token: 'not-a-real-token',
            newPassword: PASSWORD,
          }),
        );
      expect(resets.map((r) => r.status)).toEqual([208, 208, 208, 208, 429]);
      expectTooMany(resets[4] as CallResult);
    });

    it('the change-password lockout', async () => {
      const email = uniqueEmail('locked');
      const c = strict.client();
      // Registered on a fresh client IP budget: the per-IP register limit above is spent.
      expect(
        (
          await host()
            .start()
            .then(async (other) => {
              try {
                return await other.client().register(email, PASSWORD);
              } finally {
                await other.close();
              }
            })
        ).status,
      ).toBe(201);
      const { body: session } = await c.signIn(email, PASSWORD);
      const change = () =>
        c.postJson(
          '/api/v1/auth/change-password',
          { oldPassword: 'a wrong guess', newPassword: 'another fine password' },
          { bearer: session.access_token },
        );
      expect((await change()).status).toBe(400);
      expect((await change()).status).toBe(400);
      const locked = await change();
      expectTooMany(locked, locked.body.userId as string);
      expect(locked.body.userId).toEqual(expect.any(String));
    });

    it('analytics: a per-IP budget, then 429 in the spec shape', async () => {
      const view = () =>
        client.postJson('/api/v1/analytics/page-views', {
          path: '/events',
          title: 'Events',
          referrer: '',
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await view()).status);
      expect(statuses).toEqual([202, 202, 202]);
      expectTooMany(await view());
    });
  });
});
