/** @jest-environment node */
/**
 * Issue 19 §6, decision 170: a lockout never locks out the owner. Over real HTTP on PGlite and
 * PostgreSQL, behind a trusted proxy (decision 061) so X-Forwarded-For plays viewers on several
 * networks, with the real ALTCHA bot check: 50 wrong guesses from one network hold that network,
 * not the account; the owner on another network signs in at once; the attacker's network needs
 * harder proofs of work; an unknown account looks like a known one.
 */
import { EMAIL_CODE_GRANT_TYPE } from '@crease/contract';
import { mailbox, mailedLink } from '../testing/mailbox';
import { describeEachDatabase, uniqueEmail } from '../testing/test-api';
import type { ApiClient, CallResult, RunningApi } from '../testing/test-api';

const PASSWORD = 'correct horse battery';
/** Small, so 50 proofs of work stay quick; the levels multiply it (×4, ×10). */
const BASE_MAX_NUMBER = 2000;
const ATTACKER = '203.0.113.66';
const OWNER_NETWORK = '198.51.100.20';

function expectTooMany(res: CallResult) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({
    code: 'TOO_MANY_ATTEMPTS',
    userId: null,
    message: expect.any(String),
    timeStamp: expect.any(String),
  });
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** A password grant as a browser on `network` makes it: challenge and proof from there too. */
function signInFrom(client: ApiClient, network: string, username: string, password: string) {
  return client.postForm<{ access_token: string }>(
    '/oauth2/token',
    { grant_type: 'password', scope: 'API', username, password },
    { botCheck: 'signin', headers: { 'x-forwarded-for': network } },
  );
}

/** The sign-in codes mailed to `email`, newest first, once `count` have arrived. */
async function mailedCodes(client: ApiClient, email: string, count: number): Promise<string[]> {
  for (let i = 0; i < 400; i++) {
    const codes = (await mailbox(client, email))
      .map((mail) => /sign-in code is ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(mail.text)?.[1])
      .filter((code): code is string => !!code);
    if (codes.length >= count) return codes;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`fewer than ${count} sign-in codes for ${email}`);
}

async function challengeMaxNumber(client: ApiClient, network: string): Promise<number> {
  const res = await client.get('/api/v1/bot-check/challenge?action=signin', {
    headers: { 'x-forwarded-for': network },
  });
  expect(res.status).toBe(200);
  return res.body.maxnumber as number;
}

describeEachDatabase('sign-in limits never lock out the owner', (host) => {
  const ENV = {
    CREASE_TRUST_PROXY: '127.0.0.1,::1',
    CREASE_BOT_CHECK: 'altcha',
    CREASE_ALTCHA_MAX_NUMBER: String(BASE_MAX_NUMBER),
  };

  describe('the defaults (5 per account and network, 50 per network)', () => {
    let api: RunningApi;
    let client: ApiClient;
    beforeAll(async () => {
      // The production defaults, spelled out: the harness raises the per-network one.
      api = await host().start({
        ...ENV,
        CREASE_LOGIN_MAX_FAILURES_PER_ACCOUNT: '5',
        CREASE_LOGIN_MAX_FAILURES_PER_IP: '50',
        CREASE_LOGIN_WINDOW_SECONDS: '900',
      });
      client = api.client();
    });
    afterAll(async () => {
      await api.close();
    });

    it('50 wrong guesses from one network; the owner signs in from another within 2 s; the attacker stays throttled', async () => {
      const email = uniqueEmail('owner');
      expect((await client.register(email, PASSWORD)).status).toBe(201);

      const guesses: CallResult[] = [];
      for (let i = 0; i < 50; i++)
        guesses.push(await signInFrom(client, ATTACKER, email, `wrong guess ${i}`));
      expect(guesses.slice(0, 5).map((res) => res.body.code)).toEqual(
        Array(5).fill('INVALID_CREDENTIALS'),
      );
      for (const res of guesses.slice(5)) expectTooMany(res);

      const started = Date.now();
      const owner = await signInFrom(client, OWNER_NETWORK, email, PASSWORD);
      const elapsed = Date.now() - started;
      expect(owner.status).toBe(200);
      expect(owner.body.access_token).toEqual(expect.any(String));
      expect(elapsed).toBeLessThan(2000);

      // The attacker's network: the right password for that account is still refused, and its
      // budget over all accounts (50 counted guesses) is spent, so other accounts are too.
      expectTooMany(await signInFrom(client, ATTACKER, email, PASSWORD));
      expectTooMany(await signInFrom(client, ATTACKER, uniqueEmail('next'), 'a guess'));
    }, 120_000);

    it("the attacker's network gets ×10 challenges and cannot spend a cheap one fetched elsewhere", async () => {
      // After the test above the attacker's network has 50+ counted attempts.
      expect(await challengeMaxNumber(client, ATTACKER)).toBe(BASE_MAX_NUMBER * 10);
      expect(await challengeMaxNumber(client, '198.51.100.77')).toBe(BASE_MAX_NUMBER);

      const cheap = await client.botToken('signin', undefined, '198.51.100.77');
      const res = await client.postForm(
        '/oauth2/token',
        { grant_type: 'password', scope: 'API', username: uniqueEmail(), password: 'x' },
        { headers: { 'x-forwarded-for': ATTACKER, 'x-bot-check': cheap } },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BOT_CHECK_FAILED', userId: null });
    });

    it('difficulty steps with the network: ×1 for the first 4 attempts, ×4 from 5, ×10 from 20', async () => {
      const network = '198.51.100.99';
      const seen: number[] = [];
      for (let i = 0; i < 21; i++) {
        seen.push(await challengeMaxNumber(client, network));
        // Different accounts: the per-account-and-network hold does not stop the counting.
        await signInFrom(client, network, uniqueEmail('step'), 'a guess');
      }
      expect(seen.slice(0, 5)).toEqual(Array(5).fill(BASE_MAX_NUMBER));
      expect(seen.slice(5, 20)).toEqual(Array(15).fill(BASE_MAX_NUMBER * 4));
      expect(seen[20]).toBe(BASE_MAX_NUMBER * 10);
    }, 60_000);

    it('a completed password reset lifts the hold on the network the link was opened from', async () => {
      const email = uniqueEmail('reset');
      const network = '192.0.2.77';
      const from = { headers: { 'x-forwarded-for': network } };
      expect((await client.register(email, PASSWORD)).status).toBe(201);
      for (let i = 0; i < 5; i++) await signInFrom(client, network, email, 'a typo');
      expectTooMany(await signInFrom(client, network, email, PASSWORD));

      await client.postJson('/api/v1/auth/init-reset', { email }, { ...from, botCheck: 'reset' });
      // The address also has its verification link (decision 405): take the reset link.
      const link = await mailedLink(client, email, '/reset-password?');
      const token = link.searchParams.get('token') as string;
      const newPassword = 'a brand new password';
      const reset = await client.postJson(
        '/api/v1/auth/reset-password',
        { email, token, newPassword },
        from,
      );
      expect(reset.status).toBe(200);
      expect((await signInFrom(client, network, email, newPassword)).status).toBe(200);
    });

    it('an unknown account and a known one look the same to an attacker', async () => {
      const known = uniqueEmail('known');
      expect((await client.register(known, PASSWORD)).status).toBe(201);
      const run = async (network: string, username: string) => {
        const results: CallResult[] = [];
        for (let i = 0; i < 7; i++)
          results.push(await signInFrom(client, network, username, `guess ${i}`));
        return results.map((res) => ({
          status: res.status,
          code: res.body.code,
          userId: res.body.userId,
          message: res.body.message,
          keys: Object.keys(res.body).sort(),
          retryAfter: res.headers.get('retry-after') !== null,
        }));
      };
      const forKnown = await run('192.0.2.10', known);
      const forUnknown = await run('192.0.2.11', uniqueEmail('nobody'));
      expect(forUnknown).toEqual(forKnown);
      expect(forKnown.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 429, 429]);
    });
  });

  describe('the all-networks cap per account (ASVS: at most 100 an hour; here 6)', () => {
    let api: RunningApi;
    let client: ApiClient;
    beforeAll(async () => {
      api = await host().start({ ...ENV, CREASE_LOGIN_MAX_FAILURES_PER_ACCOUNT_PER_HOUR: '6' });
      client = api.client();
    });
    afterAll(async () => {
      await api.close();
    });

    it('holds new networks past the cap, but the networks the owner signed in from stay open', async () => {
      const email = uniqueEmail('capped');
      expect((await client.register(email, PASSWORD)).status).toBe(201);
      expect((await signInFrom(client, '198.51.100.1', email, PASSWORD)).status).toBe(200);

      const statuses: number[] = [];
      for (const network of ['203.0.113.1', '203.0.113.2'])
        for (let i = 0; i < 5; i++)
          statuses.push((await signInFrom(client, network, email, 'a guess')).status);
      expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429, 429, 429, 429]);

      const fresh = await signInFrom(client, '203.0.113.3', email, PASSWORD);
      expectTooMany(fresh);
      expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(900);
      expect((await signInFrom(client, '198.51.100.1', email, PASSWORD)).status).toBe(200);
    });

    it('the owner on a new network gets in with an emailed sign-in code, and then with the password (issue 31 §13)', async () => {
      const email = uniqueEmail('held');
      expect((await client.register(email, PASSWORD)).status).toBe(201);
      for (const network of ['203.0.113.11', '203.0.113.12'])
        for (let i = 0; i < 5; i++) await signInFrom(client, network, email, 'a guess');
      const phone = '192.0.2.201';
      expectTooMany(await signInFrom(client, phone, email, PASSWORD));

      // The attacker asks for codes too: they go to the owner's mailbox, and none cancels another.
      const ask = (network: string) =>
        client.postJson(
          '/api/v1/auth/sign-in-code',
          { email },
          { botCheck: 'signin', headers: { 'x-forwarded-for': network } },
        );
      expect((await ask('203.0.113.11')).body).toMatchObject({ code: 'SIGN_IN_CODE_SENT' });
      expect((await ask(phone)).body).toMatchObject({ code: 'SIGN_IN_CODE_SENT' });
      const codes = await mailedCodes(client, email, 2);

      const redeem = (network: string, code: string, username = email) =>
        client.postForm<{ access_token: string }>(
          '/oauth2/token',
          { grant_type: EMAIL_CODE_GRANT_TYPE, username, code },
          { headers: { 'x-forwarded-for': network } },
        );
      const wrong = await redeem(phone, 'AAAA-BBBB-CCCC');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'INVALID_SIGN_IN_CODE', error: 'invalid_grant' });
      // Another account's address with this code is no good either.
      expect((await redeem(phone, codes[0]!, uniqueEmail('other'))).status).toBe(400);
      // Typed loosely (lower case, no dashes), the older code works from the held network.
      const signedIn = await redeem(phone, codes[1]!.replace(/-/g, '').toLowerCase());
      expect(signedIn.status).toBe(200);
      expect((await client.get('/api/v1/me', { bearer: signedIn.body.access_token })).status).toBe(
        200,
      );
      // Once only; and the network is the owner's now: the password works there too.
      expect((await redeem(phone, codes[1]!)).status).toBe(400);
      expect((await signInFrom(client, phone, email, PASSWORD)).status).toBe(200);
      // The other code still works (a new one never cancels an older one).
      expect((await redeem('192.0.2.202', codes[0]!)).status).toBe(200);
    });
  });

  describe('the global brake (here 3 failures site-wide)', () => {
    let api: RunningApi;
    let client: ApiClient;
    beforeAll(async () => {
      api = await host().start({ ...ENV, CREASE_LOGIN_GLOBAL_BRAKE_FAILURES: '3' });
      client = api.client();
    });
    beforeEach(async () => {
      // The site-wide count is shared with the other instances on this database.
      await host().query("DELETE FROM rate_counters WHERE key = 'login:global'");
    });
    afterAll(async () => {
      await api.close();
    });

    it('raises every network’s challenge once spraying passes the brake, and never refuses the owner', async () => {
      const email = uniqueEmail('braked');
      expect((await client.register(email, PASSWORD)).status).toBe(201);
      expect(await challengeMaxNumber(client, '192.0.2.50')).toBe(BASE_MAX_NUMBER);

      // A spray: one guess each at three accounts from three networks.
      for (const network of ['192.0.2.31', '192.0.2.32', '192.0.2.33'])
        expect((await signInFrom(client, network, uniqueEmail('spray'), 'a guess')).status).toBe(
          400,
        );

      expect(await challengeMaxNumber(client, '192.0.2.50')).toBe(BASE_MAX_NUMBER * 4);
      expect((await signInFrom(client, '192.0.2.50', email, PASSWORD)).status).toBe(200);
    });
  });
});
