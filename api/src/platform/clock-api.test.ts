/** @jest-environment node */
/**
 * One clock (decision 420), over real HTTP on PGlite and PostgreSQL: an API whose clock stands at
 * an instant far from the machine's stamps its answers, its rows and its SQL with that instant,
 * and moving it is all it takes for a key or a row to reach its end. Nothing here reads the
 * database's now() or the wall clock, so the machine's date and speed do not matter.
 */
import { describeEachDatabase, uniqueEmail } from '../testing/test-api';
import type { ApiHost, RunningApi } from '../testing/test-api';

/** Years from any machine's date, and just before a midnight (UTC) and a BST change. */
const T = new Date('2031-03-29T23:30:00.000Z');
const HOUR = 3600;
const PASSWORD = 'correct horse battery';

describeEachDatabase('The API clock', (host: () => ApiHost) => {
  let api: RunningApi;
  beforeAll(async () => {
    api = await host().start({}, { clock: T });
  });
  afterAll(async () => {
    await api.setClock(T);
    await api.close();
  });
  beforeEach(async () => api.setClock(T));

  it('stamps every error body with the API clock (not found, XSRF refusal, validation)', async () => {
    const client = api.client();
    const notFound = await client.get('/api/v1/no-such-route');
    expect(notFound.status).toBe(404);
    expect(notFound.body.timeStamp).toBe(T.toISOString());
    const noXsrf = await client.postJson('/oauth2/revoke', {}, { xsrf: false });
    expect(noXsrf.status).toBe(403);
    expect(noXsrf.body).toMatchObject({ code: 'XSRF_TOKEN_MISSING', timeStamp: T.toISOString() });
    const invalid = await client.postJson('/api/v1/analytics/page-views', { path: 1 });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'VALIDATION_FAILED', timeStamp: T.toISOString() });
  });

  it('records analytics at the API clock', async () => {
    const path = `/clock-${crypto.randomUUID()}`;
    const res = await api.client().postJson('/api/v1/analytics/page-views', {
      path,
      title: 'Clock',
      referrer: '',
    });
    expect(res.status).toBe(202);
    const [row] = await host().query<{ at: string }>(
      'SELECT at FROM analytics_events WHERE path = $1',
      [path],
    );
    expect(new Date(row?.at ?? 0).toISOString()).toBe(T.toISOString());
  });

  it('replays an Idempotency-Key for 24 h of API time, then runs the request again', async () => {
    const client = api.client();
    const email = uniqueEmail('clock-idem');
    const body = { email, password: PASSWORD, emailSubscribe: false };
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const send = () =>
      client.postJson('/api/v1/auth/register', body, { botCheck: 'register', headers });
    const first = await send();
    expect(first.status).toBe(201);
    await api.advanceClock(23 * HOUR);
    const replayed = await send();
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    await api.advanceClock(2 * HOUR);
    // The key has expired on the API clock: the request runs again, and the email is taken.
    const again = await send();
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED' });
  });

  it('housekeeping deletes what has ended on the API clock, bound into its SQL', async () => {
    const tag = crypto.randomUUID();
    const q = host().query.bind(host());
    for (const [key, hours] of [
      [`soon-${tag}`, 1],
      [`later-${tag}`, 3],
    ] as const)
      await q(
        `INSERT INTO bot_check_spent (key, expires_at) VALUES ($1, $2::timestamptz + make_interval(hours => ${hours}))`,
        [key, T.toISOString()],
      );
    for (const [path, days] of [
      [`/old-${tag}`, 91],
      [`/recent-${tag}`, 89],
    ] as const)
      await q(
        `INSERT INTO analytics_events (kind, name, path, at) VALUES ('page-view', 'page_view', $1, $2::timestamptz - make_interval(days => ${days}))`,
        [path, T.toISOString()],
      );
    const left = async () => ({
      spent: (
        await q<{ key: string }>('SELECT key FROM bot_check_spent WHERE key LIKE $1 ORDER BY key', [
          `%-${tag}`,
        ])
      ).map((r) => r.key),
      analytics: (
        await q<{ path: string }>(
          'SELECT path FROM analytics_events WHERE path LIKE $1 ORDER BY path',
          [`%-${tag}`],
        )
      ).map((r) => r.path),
    });

    await api.housekeepingPass();
    expect(await left()).toEqual({
      spent: [`later-${tag}`, `soon-${tag}`],
      analytics: [`/recent-${tag}`],
    });
    await api.advanceClock(2 * HOUR);
    await api.housekeepingPass();
    expect((await left()).spent).toEqual([`later-${tag}`]);
  });
});
