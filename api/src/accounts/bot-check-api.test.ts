/** @jest-environment node */
/**
 * The bot check's proofs over real HTTP, on PGlite and PostgreSQL: ALTCHA proofs that expired,
 * were made for another site or tampered with are refused; the reCAPTCHA v3 adapter against a
 * local stand-in for Google's siteverify.
 */
import { startTestServer, sendJson } from '@crease/test-utils';
import type { TestServer } from '@crease/test-utils';
import { SITE_ORIGIN, apiForSuite, describeEachDatabase, uniqueEmail } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';
import { expectErrorShape } from '../testing/error-shape';

const PASSWORD = 'correct horse battery';

describeEachDatabase('bot check', (host) => {
  const suite = apiForSuite(host);

  describe('ALTCHA proofs', () => {
    const body = () => ({ email: uniqueEmail(), password: PASSWORD, emailSubscribe: false });

    it('an expired proof is refused', async () => {
      const timed = await host().start();
      try {
        const c = timed.client();
        const proof = await c.botToken('register');
        await timed.advanceClock(601); // challenges live 10 minutes
        const late = await c.postJson('/api/v1/auth/register', body(), {
          headers: { 'x-bot-check': proof },
        });
        expectErrorShape(late, 400, 'BOT_CHECK_FAILED');
        const fresh = await c.postJson('/api/v1/auth/register', body(), {
          headers: { 'x-bot-check': await c.botToken('register') },
        });
        expect(fresh.status).toBe(201);
      } finally {
        await timed.close();
      }
    });

    it('a proof counts only on the site host it was fetched for', async () => {
      const other = 'http://crease.localhost:4700';
      // A challenge fetched by a page on `origin`, solved as the browser would.
      const proofFor = (origin: string) => suite.client.botToken('register', origin);
      const forOther = await proofFor(other);
      const elsewhere = await suite.client.postJson('/api/v1/auth/register', body(), {
        headers: { 'x-bot-check': forOther, origin: SITE_ORIGIN },
      });
      expectErrorShape(elsewhere, 400, 'BOT_CHECK_FAILED');
      const here = await suite.client.postJson('/api/v1/auth/register', body(), {
        headers: { 'x-bot-check': await proofFor(other), origin: other },
      });
      expect(here.status).toBe(201);
      // Without an Origin (scripts), proofs are bound to the public site, the first origin.
      const scripted = await suite.client.postJson('/api/v1/auth/register', body(), {
        headers: { 'x-bot-check': await suite.client.botToken('register') },
      });
      expect(scripted.status).toBe(201);
      const forged = JSON.parse(Buffer.from(forOther, 'base64').toString('utf8'));
      forged.salt = forged.salt.replace('host=crease.localhost', 'host=localhost');
      const tampered = await suite.client.postJson('/api/v1/auth/register', body(), {
        headers: { 'x-bot-check': Buffer.from(JSON.stringify(forged)).toString('base64') },
      });
      expectErrorShape(tampered, 400, 'BOT_CHECK_FAILED');
    });
  });

  describe('reCAPTCHA v3 adapter', () => {
    let siteverify: TestServer;
    let recaptcha: RunningApi;
    let verdict: { success: boolean; score: number; action: string; hostname?: string };
    beforeAll(async () => {
      siteverify = await startTestServer((_request, response) => sendJson(response, 200, verdict));
      recaptcha = await host().start({
        CREASE_BOT_CHECK: 'recaptcha',
        CREASE_RECAPTCHA_SECRET: 'test-secret',
        CREASE_RECAPTCHA_VERIFY_URL: `${siteverify.origin}/recaptcha/api/siteverify`,
        CREASE_RECAPTCHA_MIN_SCORE: '0.5',
      });
    });
    afterAll(async () => {
      await recaptcha.close();
      await siteverify.close();
    });

    it('accepts a good score for the right action and refuses low scores, other actions and no token', async () => {
      const c = recaptcha.client();
      const body = () => ({ email: uniqueEmail(), password: PASSWORD, emailSubscribe: false });
      verdict = { success: true, score: 0.9, action: 'register', hostname: 'localhost' };
      const ok = await c.postJson('/api/v1/auth/register', body(), {
        headers: { 'x-bot-check': 'google-token' },
      });
      expect(ok.status).toBe(201);
      const sent = new URLSearchParams(siteverify.requests.at(-1)?.body);
      expect(sent.get('secret')).toBe('test-secret');
      expect(sent.get('response')).toBe('google-token');
      verdict = { success: true, score: 0.1, action: 'register', hostname: 'localhost' };
      expect(
        (
          await c.postJson('/api/v1/auth/register', body(), {
            headers: { 'x-bot-check': 'google-token' },
          })
        ).body,
      ).toMatchObject({ code: 'BOT_CHECK_FAILED' });
      verdict = { success: true, score: 0.9, action: 'signin', hostname: 'localhost' };
      expect(
        (
          await c.postJson('/api/v1/auth/register', body(), {
            headers: { 'x-bot-check': 'google-token' },
          })
        ).body,
      ).toMatchObject({ code: 'BOT_CHECK_FAILED' });
      // A token solved on another site (Google says where) or with no hostname does not count.
      for (const hostname of ['evil.example', undefined]) {
        verdict = { success: true, score: 0.9, action: 'register', hostname };
        expect(
          (
            await c.postJson('/api/v1/auth/register', body(), {
              headers: { 'x-bot-check': 'google-token' },
            })
          ).body,
        ).toMatchObject({ code: 'BOT_CHECK_FAILED' });
      }
      // Any of the site's own hosts is fine.
      verdict = { success: true, score: 0.9, action: 'register', hostname: 'crease.localhost' };
      expect(
        (
          await c.postJson('/api/v1/auth/register', body(), {
            headers: { 'x-bot-check': 'google-token' },
          })
        ).status,
      ).toBe(201);
      const requests = siteverify.requests.length;
      expect((await c.postJson('/api/v1/auth/register', body())).body).toMatchObject({
        code: 'BOT_CHECK_FAILED',
      });
      expect(siteverify.requests.length).toBe(requests);
      expect((await c.get('/api/v1/bot-check/challenge?action=register')).status).toBe(404);
    });
  });
});
