/** @jest-environment node */
/**
 * The accounts API's password paths over real HTTP, on PGlite and PostgreSQL: reset (the same
 * answer for known and unknown addresses, a link mailed only to the known one, single use and
 * expiry), change, and the rate limits and brute-force defences around them. Registration and
 * the token endpoint: accounts-api.test.ts.
 */
import { MESSAGES } from '@crease/contract';
import { apiForSuite, describeEachDatabase, uniqueEmail } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';
import { mailedLink } from '../testing/mailbox';
import { PASSWORD, newSignedInViewer } from '../testing/signed-in-viewer';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase('accounts API: passwords', (host) => {
  const suite = apiForSuite(host);
  const signedInViewer = () => newSignedInViewer(suite.client);

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
      const link = (await mailedLink(suite.client, email, '/reset-password?')).href;
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
      const link = await mailedLink(suite.client, session.email, '/reset-password?');
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
        const token = (await mailedLink(c, email, '/reset-password?')).searchParams.get(
          'token',
        ) as string;
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
