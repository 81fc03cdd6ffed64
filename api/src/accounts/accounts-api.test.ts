/** @jest-environment node */
/**
 * The accounts API over real HTTP, the same suite on PGlite and on a throwaway PostgreSQL:
 * registration and the token endpoint. Password reset and change, rate limits and brute force:
 * password-api.test.ts.
 */
import { apiForSuite, describeEachDatabase, uniqueEmail } from '../testing/test-api';
import { PASSWORD, newSignedInViewer } from '../testing/signed-in-viewer';

describeEachDatabase('accounts API', (host) => {
  const suite = apiForSuite(host);

  const signedInViewer = () => newSignedInViewer(suite.client);

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
});
