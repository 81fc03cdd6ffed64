/** @jest-environment node */
/**
 * Idempotency-Key (decision 019) and housekeeping over real HTTP, on PGlite and PostgreSQL.
 */
import { apiForSuite, describeEachDatabase, uniqueEmail } from '../../testing/test-api';
import type { RunningApi } from '../../testing/test-api';

const PASSWORD = 'correct horse battery';
const REGISTER = '/api/v1/auth/register';

describeEachDatabase('Idempotency-Key', (host) => {
  const suite = apiForSuite(host);

  const usersWith = async (email: string) =>
    (await host().query('SELECT id FROM users WHERE email = $1', [email])).length;

  it('replays a retried registration: the same 201 body, one account', async () => {
    const email = uniqueEmail('idem');
    const body = { email, password: PASSWORD, emailSubscribe: false };
    // The shell's retry sends the very same headers, bot-check proof included.
    const headers = {
      'idempotency-key': crypto.randomUUID(),
      'x-bot-check': await suite.client.botToken('register'),
    };
    const first = await suite.client.postJson(REGISTER, body, { headers });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const retry = await suite.client.postJson(REGISTER, body, { headers });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.headers.get('content-type')).toMatch(/^application\/json/);
    expect(retry.body).toEqual(first.body);
    expect(await usersWith(email)).toBe(1);
    // Without the key, the same request is a new registration: the email is taken.
    const fresh = await suite.client.register(email, PASSWORD);
    expect(fresh.status).toBe(409);
    expect(fresh.body).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED' });
  });

  it('stores the key and the request only as keyed hashes', async () => {
    const key = `key-${crypto.randomUUID()}`;
    const email = uniqueEmail('idem');
    const res = await suite.client.postJson(
      REGISTER,
      { email, password: PASSWORD, emailSubscribe: true },
      { botCheck: 'register', headers: { 'idempotency-key': key } },
    );
    expect(res.status).toBe(201);
    const rows = await host().query<Record<string, unknown>>(
      "SELECT * FROM idempotency_keys WHERE body LIKE '%' || $1 || '%'",
      [email],
    );
    expect(rows).toHaveLength(1);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(key);
    expect(text).not.toContain(PASSWORD);
    expect(rows[0]).toMatchObject({ scope: '/api/v1/auth/register|anon', status: 201 });
    expect(JSON.stringify(rows[0]?.headers)).not.toMatch(/set-cookie/i);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED for the same key with a different body', async () => {
    const key = crypto.randomUUID();
    const email = uniqueEmail('idem');
    const first = await suite.client.postJson(
      REGISTER,
      { email, password: PASSWORD, emailSubscribe: false },
      { botCheck: 'register', headers: { 'idempotency-key': key } },
    );
    expect(first.status).toBe(201);
    const other = uniqueEmail('idem');
    const reused = await suite.client.postJson(
      REGISTER,
      { email: other, password: PASSWORD, emailSubscribe: false },
      { botCheck: 'register', headers: { 'idempotency-key': key } },
    );
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', userId: null });
    expect(reused.body.timeStamp).toEqual(expect.any(String));
    expect(await usersWith(other)).toBe(0);
  });

  it('runs concurrent requests with one key once: the other gets 409 IN_USE or the replay', async () => {
    const email = uniqueEmail('idem');
    const body = { email, password: PASSWORD, emailSubscribe: false };
    const headers = {
      'idempotency-key': crypto.randomUUID(),
      'x-bot-check': await suite.client.botToken('register'),
    };
    const answers = await Promise.all(
      [0, 1, 2].map(() => suite.client.postJson(REGISTER, body, { headers })),
    );
    const executed = answers.filter(
      (a) => a.status === 201 && a.headers.get('idempotent-replayed') === null,
    );
    expect(executed).toHaveLength(1);
    for (const answer of answers) {
      if (answer === executed[0]) continue;
      if (answer.status === 409) {
        expect(answer.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE' });
        expect(answer.headers.get('retry-after')).toBe('1');
      } else {
        expect(answer.status).toBe(201);
        expect(answer.headers.get('idempotent-replayed')).toBe('true');
        expect(answer.body).toEqual(executed[0]?.body);
      }
    }
    expect(await usersWith(email)).toBe(1);
  });

  it('refuses a malformed key with 400 INVALID_IDEMPOTENCY_KEY and does nothing', async () => {
    for (const key of ['has space', 'x'.repeat(256), 'tab\tinside']) {
      const email = uniqueEmail('idem');
      const res = await suite.client.postJson(
        REGISTER,
        { email, password: PASSWORD, emailSubscribe: false },
        { botCheck: 'register', headers: { 'idempotency-key': key } },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_IDEMPOTENCY_KEY', userId: null });
      expect(await usersWith(email)).toBe(0);
    }
    const longest = await suite.client.postJson(
      REGISTER,
      { email: uniqueEmail('idem'), password: PASSWORD, emailSubscribe: false },
      { botCheck: 'register', headers: { 'idempotency-key': '~'.repeat(255) } },
    );
    expect(longest.status).toBe(201);
  });

  it('replays a stored 4xx answer as well (the first attempt: 409)', async () => {
    const email = uniqueEmail('idem');
    await suite.client.register(email, PASSWORD);
    const key = crypto.randomUUID();
    const body = { email, password: PASSWORD, emailSubscribe: false };
    const taken = await suite.client.postJson(REGISTER, body, {
      botCheck: 'register',
      headers: { 'idempotency-key': key },
    });
    expect(taken.status).toBe(409);
    const again = await suite.client.postJson(REGISTER, body, {
      botCheck: 'register',
      headers: { 'idempotency-key': key },
    });
    expect(again.status).toBe(409);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(taken.body);
  });

  it('replays a stored 204 (no body): a retried sign-out of a device is not a 404 (decision 375)', async () => {
    const email = uniqueEmail('idem');
    expect((await suite.client.register(email, PASSWORD)).status).toBe(201);
    const { body: tokens } = await suite.client.signIn(email, PASSWORD);
    const vidictId = `dev-${crypto.randomUUID()}`;
    const registered = await suite.client.postJson(
      '/api/v1/devices',
      {
        vidictId,
        deviceOs: 'LINUX',
        deviceType: 'CHROME',
        appVersion: '1.0.0',
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131',
      },
      { bearer: tokens.access_token },
    );
    expect(registered.status).toBe(201);
    // Signed out from another session: this device's own session ends with it (decision 104).
    const { body: other } = await suite.client.signIn(email, PASSWORD);
    const options = {
      bearer: other.access_token,
      headers: { 'idempotency-key': crypto.randomUUID() },
    };
    const signOut = () =>
      suite.client.request('DELETE', `/api/v1/devices/${vidictId}`, undefined, undefined, options);
    const first = await signOut();
    expect(first.status).toBe(204);
    const retry = await signOut();
    expect(retry.status).toBe(204);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    // A new key is a new request: the device is gone.
    options.headers['idempotency-key'] = crypto.randomUUID();
    expect((await signOut()).status).toBe(404);
  });

  // The same key and the same body from two viewers: with an anonymous scope this would replay.
  it('scopes keys of signed-in callers to the user: another viewer may use the same key', async () => {
    const key = crypto.randomUUID();
    const viewers = [uniqueEmail('idem'), uniqueEmail('idem')];
    const results = [];
    for (const email of viewers) {
      expect((await suite.client.register(email, PASSWORD)).status).toBe(201);
      const { body: tokens } = await suite.client.signIn(email, PASSWORD);
      results.push(
        await suite.client.postJson(
          '/api/v1/auth/change-password',
          { oldPassword: PASSWORD, newPassword: 'another good password' },
          { bearer: tokens.access_token, headers: { 'idempotency-key': key } },
        ),
      );
    }
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.headers.get('idempotent-replayed'))).toEqual([null, null]);
    expect(results[0]?.body.userId).not.toEqual(results[1]?.body.userId);
  });

  it('keeps working without the header (non-browser clients)', async () => {
    const email = uniqueEmail('idem');
    expect((await suite.client.register(email, PASSWORD)).status).toBe(201);
    expect((await suite.client.register(email, PASSWORD)).status).toBe(409);
  });
});

describeEachDatabase('housekeeping', (host) => {
  let api: RunningApi;

  beforeAll(async () => {
    // A second API instance on the same database; the test runs its passes (no timer, no sleep).
    api = await host().start();
  });
  afterAll(async () => {
    await api.close();
  });

  it('deletes expired rows of every table (analytics past its retention) and keeps live ones', async () => {
    const q = host().query.bind(host());
    const tag = crypto.randomUUID();
    const userId = crypto.randomUUID();
    await q(
      "INSERT INTO users (id, email, password_hash, first_name, last_name) VALUES ($1, $2, 'x', 'C', 'V')",
      [userId, uniqueEmail('housekeeping')],
    );
    // Each family and its token in one statement (a replica's timer could otherwise delete the
    // already-expired family between two separate inserts).
    const familyWithToken = (id: string, expires: string, hash: string) =>
      q(
        `WITH family AS (INSERT INTO refresh_families (id, user_id, created_at, expires_at) VALUES ($1, $2, now() - interval '2 days', ${expires}) RETURNING id) ` +
          "INSERT INTO refresh_tokens (id, family_id, token_hash, created_at, expires_at) SELECT $3, family.id, $4, now(), now() + interval '1 day' FROM family",
        [id, userId, crypto.randomUUID(), hash],
      );
    const deadFamily = crypto.randomUUID();
    const liveFamily = crypto.randomUUID();
    await familyWithToken(deadFamily, "now() - interval '1 minute'", `dead-${tag}`);
    await familyWithToken(liveFamily, "now() + interval '1 day'", `live-${tag}`);
    const reset = (hash: string, expires: string, used: string) =>
      q(
        `INSERT INTO password_reset_tokens (id, user_id, token_hash, created_at, expires_at, used_at) VALUES ($1, $2, $3, now(), ${expires}, ${used})`,
        [crypto.randomUUID(), userId, `${hash}-${tag}`],
      );
    await reset('expired', "now() - interval '1 second'", 'NULL');
    await reset('used', "now() + interval '1 hour'", 'now()');
    await reset('live', "now() + interval '1 hour'", 'NULL');
    for (const [key, expires] of [
      [`dead-${tag}`, "now() - interval '1 second'"],
      [`live-${tag}`, "now() + interval '1 hour'"],
    ]) {
      await q(`INSERT INTO bot_check_spent (key, expires_at) VALUES ($1, ${expires})`, [key]);
      await q(
        `INSERT INTO rate_counters (key, count, window_start, expires_at) VALUES ($1, 3, now(), ${expires})`,
        [key],
      );
      await q(
        `INSERT INTO idempotency_keys (scope, key_hash, fingerprint, lock_id, locked_at, status, body, expires_at) VALUES ('test|anon', $1, 'f', $2, now(), 201, '{}', ${expires})`,
        [key, crypto.randomUUID()],
      );
    }

    // Analytics rows are kept for CREASE_ANALYTICS_RETENTION_DAYS (90 by default), then go.
    for (const [path, age] of [
      [`/old-${tag}`, '91 days'],
      [`/recent-${tag}`, '89 days'],
    ])
      await q(
        `INSERT INTO analytics_events (kind, name, path, at) VALUES ('page-view', 'page_view', $1, now() - interval '${age}')`,
        [path],
      );

    const left = async () => ({
      families: (
        await q('SELECT id FROM refresh_families WHERE id IN ($1, $2)', [deadFamily, liveFamily])
      ).map((r) => r.id),
      tokens: (
        await q('SELECT token_hash FROM refresh_tokens WHERE token_hash LIKE $1', [`%-${tag}`])
      ).map((r) => r.token_hash),
      resets: (
        await q('SELECT token_hash FROM password_reset_tokens WHERE token_hash LIKE $1', [
          `%-${tag}`,
        ])
      ).map((r) => r.token_hash),
      spent: (await q('SELECT key FROM bot_check_spent WHERE key LIKE $1', [`%-${tag}`])).map(
        (r) => r.key,
      ),
      counters: (await q('SELECT key FROM rate_counters WHERE key LIKE $1', [`%-${tag}`])).map(
        (r) => r.key,
      ),
      idempotency: (
        await q('SELECT key_hash FROM idempotency_keys WHERE key_hash LIKE $1', [`%-${tag}`])
      ).map((r) => r.key_hash),
      analytics: (
        await q('SELECT path FROM analytics_events WHERE path LIKE $1', [`%-${tag}`])
      ).map((r) => r.path),
    });
    const expected = {
      families: [liveFamily],
      tokens: [`live-${tag}`],
      resets: [`live-${tag}`],
      spent: [`live-${tag}`],
      counters: [`live-${tag}`],
      idempotency: [`live-${tag}`],
      analytics: [`/recent-${tag}`],
    };
    // One pass on the instance's clock, which follows the machine's (as the rows' now() does).
    await api.housekeepingPass();
    expect(await left()).toEqual(expected);
  });
});
