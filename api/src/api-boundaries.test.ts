/** @jest-environment node */
/**
 * The API's edges over real HTTP, on PGlite and PostgreSQL: bad input of every kind gets a clear
 * 4xx in the spec's shape and stores nothing; CORS, docs, analytics, probes. The bot check's
 * proofs are in accounts/bot-check-api.test.ts.
 */
import { SITE_ORIGIN, apiForSuite, describeEachDatabase, uniqueEmail } from './testing/test-api';
import { expectErrorShape } from './testing/error-shape';

const PASSWORD = 'correct horse battery';

describeEachDatabase('API boundaries', (host) => {
  const suite = apiForSuite(host);

  const register = (body: unknown, headers: Record<string, string> = {}) =>
    suite.client.postJson('/api/v1/auth/register', body, { botCheck: 'register', headers });
  const stored = async (email: string) =>
    (await host().query('SELECT id FROM users WHERE email = $1', [email])).length;

  describe('bad input gets a 4xx in the spec shape and stores nothing', () => {
    it('malformed JSON, empty body and prototype poisoning: 400 MALFORMED_JSON', async () => {
      const email = uniqueEmail();
      for (const raw of [`{"email":"${email}","password":`, '', '{"__proto__":{"x":1}}', 'null']) {
        const res = await suite.client.request(
          'POST',
          '/api/v1/auth/register',
          raw,
          'application/json',
          {
            botCheck: 'register',
          },
        );
        expect(res.status).toBe(400);
        expect(['MALFORMED_JSON', 'VALIDATION_FAILED']).toContain(res.body.code);
      }
      const res = await suite.client.request(
        'POST',
        '/api/v1/auth/register',
        '{"email": ',
        'application/json',
        { botCheck: 'register' },
      );
      expectErrorShape(res, 400, 'MALFORMED_JSON');
      expect(await stored(email)).toBe(0);
    });

    it('a wrong content type: 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      const email = uniqueEmail();
      const json = JSON.stringify({ email, password: PASSWORD, emailSubscribe: true });
      for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x'])
        expectErrorShape(
          await suite.client.request('POST', '/api/v1/auth/register', json, type, {
            botCheck: 'register',
          }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
      const form = await suite.client.request(
        'POST',
        '/api/v1/auth/register',
        new URLSearchParams({ email, password: PASSWORD }).toString(),
        'application/x-www-form-urlencoded',
        { botCheck: 'register' },
      );
      expectErrorShape(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
      expect(await stored(email)).toBe(0);
    });

    it('an oversized body: 413 PAYLOAD_TOO_LARGE', async () => {
      const email = uniqueEmail();
      const res = await register({ email, password: 'x'.repeat(20_000), emailSubscribe: true });
      expectErrorShape(res, 413, 'PAYLOAD_TOO_LARGE');
      const form = await suite.client.postForm('/oauth2/token', {
        grant_type: 'password',
        username: email,
        password: 'y'.repeat(20_000),
      });
      expect(form.status).toBe(413);
      expect(form.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', error: 'invalid_request' });
      expect(await stored(email)).toBe(0);
    });

    it('deeply nested JSON within the size limit: 400 VALIDATION_FAILED, never a 500', async () => {
      const arrays = `${'['.repeat(7000)}${']'.repeat(7000)}`; // 14 KB, under the 16 KB limit
      const objects = `${'{"a":'.repeat(2500)}1${'}'.repeat(2500)}`;
      const inField = `{"name":"x","properties":{"p":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
      for (const [path, raw] of [
        ['/api/v1/auth/register', arrays],
        ['/api/v1/auth/register', objects],
        ['/api/v1/analytics/events', inField],
        ['/api/v1/analytics/page-views', arrays],
      ] as const) {
        const res = await suite.client.request('POST', path, raw, 'application/json', {
          botCheck: path.includes('register') ? 'register' : undefined,
        });
        expectErrorShape(res, 400, 'VALIDATION_FAILED');
        expect(res.body.message).toMatch(/nested too deeply/);
      }
      // Just as deep in the OAuth2 form world: qs-style brackets are plain text there.
      const form = await suite.client.postForm('/oauth2/token', {
        grant_type: 'refresh_token',
        refresh_token: '['.repeat(500),
      });
      expect(form.status).toBe(400);
      // The API is still healthy afterwards.
      expect((await suite.client.get('/healthz')).status).toBe(200);
    });

    it('too many values within the size limit: 400 VALIDATION_FAILED', async () => {
      const many = `[${Array(8000).fill('0').join(',')}]`; // 16 000 bytes, 8 000 values
      const wide = `{"name":"x","properties":{"p":[${Array(5000).fill('[]').join(',')}]}}`;
      for (const raw of [many, wide]) {
        const res = await suite.client.request(
          'POST',
          '/api/v1/analytics/events',
          raw,
          'application/json',
        );
        expectErrorShape(res, 400, 'VALIDATION_FAILED');
        expect(res.body.message).toMatch(/too many values/);
      }
    });

    it('missing, extra and wrong-typed fields: 400 VALIDATION_FAILED naming the field', async () => {
      const email = uniqueEmail();
      const missing = await register({ email, password: PASSWORD });
      expectErrorShape(missing, 400, 'VALIDATION_FAILED');
      expect(missing.body.message).toContain('emailSubscribe');
      const extra = await register({
        email,
        password: PASSWORD,
        emailSubscribe: true,
        isAdmin: true,
      });
      expect(extra.body.message).toContain('isAdmin');
      const wrongType = await register({ email, password: PASSWORD, emailSubscribe: 'yes' });
      expect(wrongType.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Field "emailSubscribe" must be boolean.',
      });
      const numberEmail = await register({ email: 42, password: PASSWORD, emailSubscribe: true });
      expect(numberEmail.body.message).toContain('email');
      const array = await register([{ email, password: PASSWORD, emailSubscribe: true }]);
      expectErrorShape(array, 400, 'VALIDATION_FAILED');
      const dupForm = await suite.client.request(
        'POST',
        '/oauth2/token',
        'grant_type=password&grant_type=refresh_token',
        'application/x-www-form-urlencoded',
      );
      expect(dupForm.body).toMatchObject({ code: 'VALIDATION_FAILED', error: 'invalid_request' });
      const query = await suite.client.get('/api/v1/bot-check/challenge?action=launch');
      expectErrorShape(query, 400, 'VALIDATION_FAILED');
      expect(query.body.message).toContain('action');
      expect(await stored(email)).toBe(0);
    });

    it('SQL-looking strings are data, never code', async () => {
      const sqlEmail = `x'; DROP TABLE users; --@example.com`;
      expectErrorShape(
        await register({ email: sqlEmail, password: PASSWORD, emailSubscribe: true }),
        400,
        'INVALID_EMAIL',
      );
      const signIn = await suite.client.signIn(`' OR '1'='1`, `' OR '1'='1`);
      expect(signIn.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      const email = uniqueEmail();
      const password = `Robert'); DROP TABLE users;-- ${'"'}`;
      expect((await register({ email, password, emailSubscribe: false })).status).toBe(201);
      expect((await suite.client.signIn(email, password)).status).toBe(200);
      const outbox = await suite.client.get<unknown[]>(
        `/api/v1/dev/outbox?to=${encodeURIComponent("' OR 1=1 --")}`,
      );
      expect(outbox.body).toEqual([]);
      expect((await host().query('SELECT count(*)::int AS n FROM users'))[0]).toMatchObject({
        n: expect.any(Number),
      });
    });

    it('unicode oddities: control characters and lone surrogates are refused; real unicode works', async () => {
      const email = uniqueEmail();
      const nul = await register({ email, password: `abc\u0000defghij`, emailSubscribe: true });
      expectErrorShape(nul, 400, 'VALIDATION_FAILED');
      expect(nul.body.message).toContain('password');
      const surrogate = await suite.client.request(
        'POST',
        '/api/v1/auth/register',
        `{"email":"${email}","password":"abcdefgh\\ud800","emailSubscribe":true}`,
        'application/json',
        { botCheck: 'register' },
      );
      expect(surrogate.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Field "password" is not valid Unicode text.',
      });
      const rtl = await register({
        email: `ad\u202emin@example.com`,
        password: PASSWORD,
        emailSubscribe: true,
      });
      expect(rtl.body).toMatchObject({ code: 'INVALID_EMAIL' });
      const zeroWidth = await register({
        email: `a\u200b${email}`,
        password: PASSWORD,
        emailSubscribe: true,
      });
      expect(zeroWidth.body).toMatchObject({ code: 'INVALID_EMAIL' });
      expect(await stored(email)).toBe(0);
      // Eight emoji are eight characters; full-width letters sign in as their ASCII form (NFKC).
      const emoji = '🏏🏏🏏🏏🏏🏏🏏🏏';
      expect((await register({ email, password: emoji, emailSubscribe: true })).status).toBe(201);
      expect((await suite.client.signIn(email, emoji)).status).toBe(200);
      const wide = uniqueEmail();
      expect(
        (await register({ email: wide, password: 'ｃｒｉｃｋｅｔ　ｂａｔ', emailSubscribe: true }))
          .status,
      ).toBe(201);
      expect((await suite.client.signIn(wide, 'cricket bat')).status).toBe(200);
    });

    it('unknown routes and methods: 404 NOT_FOUND', async () => {
      expectErrorShape(await suite.client.get('/api/v1/nothing-here'), 404, 'NOT_FOUND');
      expectErrorShape(
        await suite.client.request('DELETE', '/api/v1/me', undefined, undefined),
        404,
        'NOT_FOUND',
      );
    });
  });

  describe('CORS, docs, analytics and probes', () => {
    it('allows the site origins with credentials, and nobody else', async () => {
      const preflight = await suite.client.request(
        'OPTIONS',
        '/oauth2/token',
        undefined,
        undefined,
        {
          xsrf: false,
          headers: {
            origin: SITE_ORIGIN,
            'access-control-request-method': 'POST',
            'access-control-request-headers':
              'authorization,content-type,x-xsrf-token,x-bot-check,idempotency-key',
          },
        },
      );
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
      expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(
        /X-XSRF-TOKEN.*X-Bot-Check.*Idempotency-Key/,
      );
      expect(Number(preflight.headers.get('access-control-max-age'))).toBeGreaterThan(0);
      const foreign = await suite.client.get('/api/v1/bot-check/challenge?action=signin', {
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      const own = await suite.client.get('/api/v1/bot-check/challenge?action=signin', {
        headers: { origin: SITE_ORIGIN },
      });
      expect(own.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    });

    it('sends security headers on every answer, errors included; HSTS outside development', async () => {
      const answers = [
        await suite.client.get('/healthz'),
        await suite.client.get('/no/such/route'),
        await suite.client.postJson('/api/v1/auth/register', { email: 'x' }, { xsrf: false }),
        await register({ email: uniqueEmail(), password: PASSWORD }),
      ];
      expect(answers.map((res) => res.status)).toEqual([200, 404, 403, 400]);
      for (const res of answers) {
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('x-frame-options')).toBe('DENY');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(res.headers.get('cross-origin-resource-policy')).toBe('same-site');
        expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
        expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
        expect(res.headers.get('strict-transport-security')).toMatch(
          /^max-age=31536000; includeSubDomains$/,
        );
        expect(res.headers.get('x-powered-by')).toBeNull();
      }
      // The docs page gets the UI's own policy (its scripts by hash), not "nothing loads".
      const docs = await suite.client.get('/docs/static/index.html');
      expect(docs.status).toBe(200);
      expect(docs.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
      expect(docs.headers.get('content-security-policy')).not.toMatch(/upgrade-insecure-requests/);
      expect(docs.headers.get('x-content-type-options')).toBe('nosniff');

      const development = await host().start({ NODE_ENV: 'development' });
      try {
        const res = await development.client().get('/healthz');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('strict-transport-security')).toBeNull();
      } finally {
        await development.close();
      }
    });

    it('serves the OpenAPI document built from the route schemas at /docs', async () => {
      const doc = await suite.client.get<{
        openapi: string;
        paths: Record<string, Record<string, { requestBody?: unknown }>>;
      }>('/docs/json');
      expect(doc.body.openapi).toBe('3.1.0');
      for (const path of [
        '/oauth2/token',
        '/oauth2/revoke',
        '/api/v1/auth/register',
        '/api/v1/auth/init-reset',
        '/api/v1/auth/reset-password',
        '/api/v1/auth/change-password',
        '/api/v1/me',
        '/api/v1/bot-check/challenge',
      ])
        expect(doc.body.paths).toHaveProperty([path]);
      expect(JSON.stringify(doc.body.paths['/api/v1/auth/register'])).toContain('emailSubscribe');
      expect((await suite.client.get('/docs')).status).toBeLessThan(400);
    });

    it('takes a new visitor’s first page view, before any XSRF cookie exists (202)', async () => {
      const first = await suite.client.postJson(
        '/api/v1/analytics/page-views',
        { path: '/', title: 'Crease', referrer: '' },
        { xsrf: false },
      );
      expect(first.status).toBe(202);
    });

    it('stores page views and events from the shell (202)', async () => {
      const path = `/events?probe=${Date.now()}`;
      const view = await suite.client.postJson('/api/v1/analytics/page-views', {
        path,
        title: 'Events',
        referrer: '',
      });
      expect(view.status).toBe(202);
      expect(
        (
          await suite.client.postJson('/api/v1/analytics/events', {
            name: 'signup',
            properties: { plan: 'x', n: 1 },
          })
        ).status,
      ).toBe(202);
      expect(
        await host().query('SELECT kind, title FROM analytics_events WHERE path = $1', [path]),
      ).toEqual([{ kind: 'page-view', title: 'Events' }]);
      const nested = await suite.client.postJson('/api/v1/analytics/events', {
        name: 'x',
        properties: { deep: { a: 1 } },
      });
      expect(nested.status).toBe(400);
    });

    it('answers the health probes', async () => {
      expect((await suite.client.get('/healthz')).body).toEqual({ ok: true });
      expect((await suite.client.get('/readyz')).body).toEqual({ ok: true });
    });
  });
});
