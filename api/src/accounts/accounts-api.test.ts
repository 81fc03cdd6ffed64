/** @jest-environment node */
/**
 * The accounts API over real HTTP, the same suite on PGlite and on a throwaway PostgreSQL.
 */
import { MESSAGES } from '@crease/contract';
import { apiForSuite, describeEachDatabase, uniqueEmail } from '../testing/test-api';
import type { ApiClient, RunningApi } from '../testing/test-api';

const PASSWORD = 'correct horse battery';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function outboxLink(api: ApiClient, email: string): Promise<string> {
  // init-reset answers first and mails after (no timing oracle): poll the outbox briefly.
  // The address also has its verification link (decision 405): take the reset link.
  for (let i = 0; i < 50; i++) {
    const { body } = await api.get<{ links: string[] }[]>(
      `/api/v1/dev/outbox?to=${encodeURIComponent(email)}`,
    );
    const link = body.flatMap((mail) => mail.links).find((l) => l.includes('/reset-password?'));
    if (link) return link;
    await sleep(50);
  }
  throw new Error(`no mail for ${email}`);
}

describeEachDatabase('accounts API', (host) => {
  const suite = apiForSuite(host);

  async function signedInViewer() {
    const email = uniqueEmail();
    expect((await suite.client.register(email, PASSWORD)).status).toBe(201);
    const { body } = await suite.client.signIn(email, PASSWORD);
    return { email, ...body };
  }

  describe('registration', () => {
    it('creates a viewer with the default names and answers 201 {userId, email}', async () => {
      const email = uniqueEmail();
      const res = await suite.client.register(`  ${email.toUpperCase()} `, PASSWORD);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ userId: expect.any(String), email });
      const [row] = await host().query('SELECT * FROM users WHERE email = $1', [email]);
      expect(row).toMatchObject({
        first_name: 'Crease',
        last_name: 'Viewer',
        email_subscribe: false,
      });
      expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    });

    it('tells the viewer an email is taken with 409 EMAIL_ALREADY_REGISTERED', async () => {
      const email = uniqueEmail();
      await suite.client.register(email, PASSWORD);
      const again = await suite.client.register(email, 'another good password');
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'EMAIL_ALREADY_REGISTERED', userId: null });
      expect(again.body.timeStamp).toEqual(expect.any(String));
    });

    it('refuses weak passwords and bad emails with the form rules, storing nothing', async () => {
      const email = uniqueEmail();
      const weak = await suite.client.postJson(
        '/api/v1/auth/register',
        { email, password: 'password1', emailSubscribe: true },
        { botCheck: 'register' },
      );
      expect(weak.status).toBe(400);
      expect(weak.body).toMatchObject({
        code: 'WEAK_PASSWORD',
        message: 'That password is too common. Choose another.',
      });
      const badEmail = await suite.client.postJson(
        '/api/v1/auth/register',
        { email: 'not-an-email', password: PASSWORD, emailSubscribe: true },
        { botCheck: 'register' },
      );
      expect(badEmail.body).toMatchObject({ code: 'INVALID_EMAIL' });
      expect(await host().query('SELECT id FROM users WHERE email = $1', [email])).toEqual([]);
    });

    it('needs a bot-check proof for this action, accepted once', async () => {
      const body = { email: uniqueEmail(), password: PASSWORD, emailSubscribe: false };
      expect((await suite.client.postJson('/api/v1/auth/register', body)).body).toMatchObject({
        code: 'BOT_CHECK_FAILED',
      });
      const forSignIn = await suite.client.botToken('signin');
      const wrongAction = await suite.client.postJson('/api/v1/auth/register', body, {
        headers: { 'x-bot-check': forSignIn },
      });
      expect(wrongAction.body).toMatchObject({ code: 'BOT_CHECK_FAILED' });
      const proof = await suite.client.botToken('register');
      expect(
        (
          await suite.client.postJson('/api/v1/auth/register', body, {
            headers: { 'x-bot-check': proof },
          })
        ).status,
      ).toBe(201);
      const replay = await suite.client.postJson(
        '/api/v1/auth/register',
        { ...body, email: uniqueEmail() },
        { headers: { 'x-bot-check': proof } },
      );
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject({ code: 'BOT_CHECK_FAILED' });
      const garbage = await suite.client.postJson(
        '/api/v1/auth/register',
        { ...body, email: uniqueEmail() },
        { headers: { 'x-bot-check': 'bm90IGpzb24=' } },
      );
      expect(garbage.body).toMatchObject({ code: 'BOT_CHECK_FAILED' });
    });
  });

  describe('token endpoint', () => {
    it('password grant: tokens for the right password, one answer for a wrong password or an unknown user', async () => {
      const { email, access_token, refresh_token, expires_in } = await signedInViewer();
      expect(access_token.split('.')).toHaveLength(3);
      expect(refresh_token.length).toBeGreaterThan(30);
      expect(expires_in).toBe(900);
      const wrong = await suite.client.signIn(email, 'not the password');
      const unknown = await suite.client.signIn(uniqueEmail('nobody'), 'not the password');
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(400);
      const shape = (b: Record<string, unknown>) => ({ ...b, timeStamp: 'x' });
      expect(shape(wrong.body)).toEqual(shape(unknown.body));
      expect(wrong.body).toMatchObject({
        error: 'invalid_grant',
        code: 'INVALID_CREDENTIALS',
        userId: null,
      });
      expect(wrong.headers.get('cache-control')).toBe('no-store');
    });

    it('the access token reads the profile (docs/product.md §3 fields)', async () => {
      const { email, access_token } = await signedInViewer();
      const me = await suite.client.get('/api/v1/me', { bearer: access_token });
      expect(me.status).toBe(200);
      expect(Object.keys(me.body).sort()).toEqual(
        [
          'userId',
          'email',
          'active',
          'status',
          'region',
          'videoQuality',
          'planId',
          'planStartDate',
          'planEndDate',
          'planActive',
          'planStatus',
          'planCreated',
          'planUpdated',
          'trialOverallTime',
          'trialTodayTime',
        ].sort(),
      );
      expect(me.body).toMatchObject({ email, active: true, planId: null });
      expect((await suite.client.get('/api/v1/me')).status).toBe(401);
      expect(
        (await suite.client.get('/api/v1/me', { bearer: `${access_token}x` })).body,
      ).toMatchObject({
        code: 'UNAUTHORIZED',
      });
    });

    it('refresh grant rotates: the new pair works, the old refresh token does not', async () => {
      const first = await signedInViewer();
      const second = await suite.client.refresh(first.refresh_token);
      expect(second.status).toBe(200);
      expect(second.body.refresh_token).not.toBe(first.refresh_token);
      expect(
        (await suite.client.get('/api/v1/me', { bearer: second.body.access_token })).status,
      ).toBe(200);
      const third = await suite.client.refresh(second.body.refresh_token);
      expect(third.status).toBe(200);
    });

    it('reusing a spent refresh token (after the race window) revokes the whole family', async () => {
      const first = await signedInViewer();
      const second = await suite.client.refresh(first.refresh_token);
      // Past CREASE_REFRESH_REUSE_GRACE_SECONDS=1 on the API's clock (decision 420), not by sleeping.
      await suite.api.advanceClock(2);
      const replay = await suite.client.refresh(first.refresh_token);
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject({ error: 'invalid_grant', code: 'INVALID_REFRESH_TOKEN' });
      // The legitimate holder of the newest tokens is signed out too.
      expect((await suite.client.refresh(second.body.refresh_token)).status).toBe(400);
      expect(
        (await suite.client.get('/api/v1/me', { bearer: second.body.access_token })).status,
      ).toBe(401);
    });

    it("two concurrent refreshes with one token: exactly one wins, and the loser can carry on with the winner's tokens", async () => {
      const first = await signedInViewer();
      const tabB = suite.api.client();
      const [a, b] = await Promise.all([
        suite.client.refresh(first.refresh_token),
        tabB.refresh(first.refresh_token),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses).toEqual([200, 400]);
      const winner = a.status === 200 ? a : b;
      // The losing tab picks up the winner's tokens from shared storage: they still work.
      expect((await tabB.get('/api/v1/me', { bearer: winner.body.access_token })).status).toBe(200);
      expect((await tabB.refresh(winner.body.refresh_token)).status).toBe(200);
      // One rotation happened: the family has the first token (spent) and the winner's.
      const rows = await host().query<{ used: boolean }>(
        'SELECT t.used_at IS NOT NULL AS used FROM refresh_tokens t JOIN refresh_families f ON f.id = t.family_id JOIN users u ON u.id = f.user_id WHERE u.email = $1 ORDER BY t.created_at',
        [first.email],
      );
      expect(rows.slice(0, 2)).toEqual([{ used: true }, { used: true }]);
      expect(rows).toHaveLength(3);
    });

    it('revoke (sign-out) ends the family: refresh and access both stop working', async () => {
      const session = await signedInViewer();
      const revoked = await suite.client.postForm('/oauth2/revoke', {
        token: session.refresh_token,
      });
      expect(revoked.status).toBe(200);
      expect((await suite.client.refresh(session.refresh_token)).status).toBe(400);
      expect((await suite.client.get('/api/v1/me', { bearer: session.access_token })).status).toBe(
        401,
      );
      expect((await suite.client.postForm('/oauth2/revoke', { token: 'unknown' })).status).toBe(
        200,
      );
    });

    it('refuses unknown clients, other grants and scopes with RFC 6749 errors', async () => {
      const unknownClient = await suite.client.postForm(
        '/oauth2/token',
        { grant_type: 'refresh_token', refresh_token: 'x' },
        { client: 'someone-else' },
      );
      expect(unknownClient.status).toBe(401);
      expect(unknownClient.body).toMatchObject({ error: 'invalid_client', code: 'INVALID_CLIENT' });
      expect(unknownClient.headers.get('www-authenticate')).toContain('Basic');
      expect(
        (
          await suite.client.postForm(
            '/oauth2/token',
            { grant_type: 'refresh_token', refresh_token: 'x' },
            { client: null },
          )
        ).status,
      ).toBe(401);
      const grant = await suite.client.postForm('/oauth2/token', {
        grant_type: 'client_credentials',
      });
      expect(grant.body).toMatchObject({
        error: 'unsupported_grant_type',
        code: 'UNSUPPORTED_GRANT_TYPE',
      });
      const scope = await suite.client.postForm('/oauth2/token', {
        grant_type: 'password',
        scope: 'ADMIN',
        username: 'a@b.co',
        password: 'x',
      });
      expect(scope.body).toMatchObject({ error: 'invalid_scope', code: 'INVALID_SCOPE' });
      const missing = await suite.client.postForm('/oauth2/token', { grant_type: 'refresh_token' });
      expect(missing.body).toMatchObject({ error: 'invalid_request', code: 'VALIDATION_FAILED' });
      const noBot = await suite.client.postForm('/oauth2/token', {
        grant_type: 'password',
        scope: 'API',
        username: 'a@b.co',
        password: 'x',
      });
      expect(noBot.body).toMatchObject({ error: 'invalid_request', code: 'BOT_CHECK_FAILED' });
      const json = await suite.client.postJson('/oauth2/token', { grant_type: 'password' });
      expect(json.status).toBe(415);
      expect(json.body).toMatchObject({ error: 'invalid_request', code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('needs the XSRF cookie and matching header, and hands out a fresh cookie with the refusal', async () => {
      const session = await signedInViewer();
      const form = { grant_type: 'refresh_token', refresh_token: session.refresh_token };
      const none = await suite.client.postForm('/oauth2/token', form, { xsrf: false });
      expect(none.status).toBe(403);
      expect(none.body).toMatchObject({ code: 'XSRF_TOKEN_MISSING', error: 'invalid_request' });
      expect(none.headers.getSetCookie().join()).toMatch(/XSRF-TOKEN=/);
      const mismatch = await suite.client.postForm('/oauth2/token', form, {
        headers: { 'x-xsrf-token': 'forged.value' },
      });
      expect(mismatch.body).toMatchObject({ code: 'XSRF_TOKEN_MISMATCH' });
      // A planted cookie (say, from a sibling subdomain) equal to the header but not signed by us.
      const planted = await suite.client.postForm('/oauth2/token', form, {
        xsrf: false,
        headers: { cookie: 'XSRF-TOKEN=abc.def', 'x-xsrf-token': 'abc.def' },
      });
      expect(planted.body).toMatchObject({ code: 'XSRF_TOKEN_MISMATCH' });
      // The refused calls spent nothing: the refresh token still works.
      expect((await suite.client.refresh(session.refresh_token)).status).toBe(200);
    });
  });

  describe('password reset', () => {
    it('init-reset answers the same for known and unknown emails, and mails a link only to the known one', async () => {
      const { email } = await signedInViewer();
      const stranger = uniqueEmail('stranger');
      const known = await suite.client.postJson(
        '/api/v1/auth/init-reset',
        { email },
        { botCheck: 'reset' },
      );
      const unknown = await suite.client.postJson(
        '/api/v1/auth/init-reset',
        { email: stranger },
        { botCheck: 'reset' },
      );
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      const strip = (b: Record<string, unknown>) => ({ ...b, timeStamp: 'x' });
      expect(strip(known.body)).toEqual(strip(unknown.body));
      expect(known.body).toMatchObject({
        code: 'RESET_EMAIL_SENT',
        userId: null,
        message: MESSAGES.resetEmailSent,
      });
      const link = await outboxLink(suite.client, email);
      expect(link).toMatch(
        new RegExp(`^${suite.api.siteOrigins[0]}/reset-password\\?email=.+&token=.+`),
      );
      await sleep(200);
      expect(
        (await suite.client.get<unknown[]>(`/api/v1/dev/outbox?to=${encodeURIComponent(stranger)}`))
          .body,
      ).toEqual([]);
    });

    it('reset-password: 200 once, then 208; it signs out every session and the new password works', async () => {
      const session = await signedInViewer();
      await suite.client.postJson(
        '/api/v1/auth/init-reset',
        { email: session.email },
        { botCheck: 'reset', headers: { origin: 'http://crease.localhost:4700' } },
      );
      const link = new URL(await outboxLink(suite.client, session.email));
      expect(link.origin).toBe('http://crease.localhost:4700');
      const token = link.searchParams.get('token') as string;
      const body = { email: session.email, token, newPassword: 'a brand new password' };
      const weak = await suite.client.postJson('/api/v1/auth/reset-password', {
        ...body,
        newPassword: 'short',
      });
      expect(weak.body).toMatchObject({ code: 'WEAK_PASSWORD' });
      const done = await suite.client.postJson('/api/v1/auth/reset-password', body);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({
        code: 'PASSWORD_RESET',
        userId: expect.any(String),
        message: expect.any(String),
        timeStamp: expect.any(String),
      });
      const again = await suite.client.postJson('/api/v1/auth/reset-password', body);
      expect(again.status).toBe(208);
      expect(again.body).toMatchObject({
        code: 'RESET_LINK_EXPIRED',
        message: MESSAGES.resetLinkExpired,
      });
      expect((await suite.client.refresh(session.refresh_token)).status).toBe(400);
      expect((await suite.client.get('/api/v1/me', { bearer: session.access_token })).status).toBe(
        401,
      );
      expect((await suite.client.signIn(session.email, PASSWORD)).status).toBe(400);
      expect((await suite.client.signIn(session.email, 'a brand new password')).status).toBe(200);
    });

    it('an unknown token or another email gets 208 too', async () => {
      const { email } = await signedInViewer();
      const res = await suite.client.postJson('/api/v1/auth/reset-password', {
        email,
        token: 'made-up',
        newPassword: 'a brand new password',
      });
      expect(res.status).toBe(208);
      expect(res.body).toMatchObject({ code: 'RESET_LINK_EXPIRED' });
    });

    it('an expired link gets 208', async () => {
      const shortLived = await host().start({ CREASE_RESET_TOKEN_SECONDS: '1' });
      try {
        const c = shortLived.client();
        const email = uniqueEmail();
        await c.register(email, PASSWORD);
        await c.postJson('/api/v1/auth/init-reset', { email }, { botCheck: 'reset' });
        const token = new URL(await outboxLink(c, email)).searchParams.get('token') as string;
        await shortLived.advanceClock(2); // past CREASE_RESET_TOKEN_SECONDS=1 on the API's clock
        const res = await c.postJson('/api/v1/auth/reset-password', {
          email,
          token,
          newPassword: 'a brand new password',
        });
        expect(res.status).toBe(208);
        expect(res.body).toMatchObject({
          code: 'RESET_LINK_EXPIRED',
          message: MESSAGES.resetLinkExpired,
        });
        const rows = await host().query(
          'SELECT r.used_at FROM password_reset_tokens r JOIN users u ON u.id = r.user_id WHERE u.email = $1',
          [email],
        );
        expect(rows).toEqual([{ used_at: null }]);
      } finally {
        await shortLived.close();
      }
    });
  });

  describe('change password', () => {
    it('needs the old password, keeps this session and signs out the others', async () => {
      const here = await signedInViewer();
      const elsewhere = (await suite.client.signIn(here.email, PASSWORD)).body;
      const wrongOld = await suite.client.postJson(
        '/api/v1/auth/change-password',
        { oldPassword: 'nope nope', newPassword: 'another fine password' },
        { bearer: here.access_token },
      );
      expect(wrongOld.status).toBe(400);
      expect(wrongOld.body).toMatchObject({ code: 'INVALID_OLD_PASSWORD' });
      const changed = await suite.client.postJson(
        '/api/v1/auth/change-password',
        { oldPassword: PASSWORD, newPassword: 'another fine password' },
        { bearer: here.access_token },
      );
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ code: 'PASSWORD_CHANGED', userId: expect.any(String) });
      expect((await suite.client.get('/api/v1/me', { bearer: here.access_token })).status).toBe(
        200,
      );
      expect((await suite.client.refresh(here.refresh_token)).status).toBe(200);
      expect((await suite.client.refresh(elsewhere.refresh_token)).status).toBe(400);
      const anonymous = await suite.client.postJson('/api/v1/auth/change-password', {
        oldPassword: PASSWORD,
        newPassword: 'another fine password',
      });
      expect(anonymous.status).toBe(401);
    });
  });

  describe('rate limits and brute force', () => {
    let strict: RunningApi;
    beforeAll(async () => {
      strict = await host().start({
        CREASE_LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
        CREASE_LOGIN_MAX_FAILURES_PER_IP: '6',
        CREASE_RESET_PER_MINUTE: '2',
        CREASE_REGISTER_PER_MINUTE: '3',
      });
      // The network's login counter is shared by every instance on this database, and every attempt
      // counts (decision 055): start this IP from zero, whatever the tests above did.
      await host().query("DELETE FROM rate_counters WHERE key LIKE 'login:network:%'");
    });
    afterAll(async () => {
      await strict.close();
    });

    it('locks an account after repeated wrong passwords, even for the right one, with Retry-After', async () => {
      const c = strict.client();
      const email = uniqueEmail();
      await suite.client.register(email, PASSWORD); // on the main API: the strict one counts registrations
      for (let i = 0; i < 3; i++)
        expect((await c.signIn(email, 'wrong password')).status).toBe(400);
      const locked = await c.signIn(email, PASSWORD);
      expect(locked.status).toBe(429);
      expect(locked.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', error: 'invalid_request' });
      expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('limits wrong passwords per IP across accounts', async () => {
      const c = strict.client();
      // 4 attempts above (3 wrong, 1 while locked) plus these: the IP passes its limit of 6.
      for (let i = 0; i < 3; i++) await c.signIn(uniqueEmail('spray'), 'wrong password');
      const res = await c.signIn(uniqueEmail('spray'), 'wrong password');
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    });

    it('limits init-reset and registration per IP', async () => {
      const c = strict.client();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (
            await c.postJson(
              '/api/v1/auth/init-reset',
              { email: uniqueEmail() },
              { botCheck: 'reset' },
            )
          ).status,
        );
      expect(statuses).toEqual([200, 200, 429]);
      const limited = await c.postJson(
        '/api/v1/auth/init-reset',
        { email: uniqueEmail() },
        { botCheck: 'reset' },
      );
      expect(limited.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', userId: null });
      const registrations: number[] = [];
      for (let i = 0; i < 4; i++)
        registrations.push((await c.register(uniqueEmail(), PASSWORD)).status);
      expect(registrations).toEqual([201, 201, 201, 429]);
    });
  });
});
