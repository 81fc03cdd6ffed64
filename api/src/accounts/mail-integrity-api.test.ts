/** @jest-environment node */
/**
 * Issue 31 §3 and §14 (decisions 405-408): mail nobody can aim at a stranger. Over real HTTP on
 * a throwaway PostgreSQL (the burst is a race: PGlite would serialise it). An address gets no
 * mail but its verification link, reset links and sign-in codes until it is proved; one mailbox
 * gets at most the hour's cap of account mail whoever asks; security mail names the device in our
 * words, never the client's; a deleted account's email answers as an unknown one.
 */
import { createHash } from 'node:crypto';
import { describeOnPostgres } from '../testing/postgres-suite';
import { mailbox, mailedLink, verifyEmail } from '../testing/mailbox';
import { uniqueEmail } from '../testing/test-api';
import type { ApiClient, RunningApi } from '../testing/test-api';

const PASSWORD = 'correct horse battery';
const CAP = 5;
const SCAM = 'Your account is locked: call +1 555 0100 now';

const device = (vidictId: string, userAgent: string) => ({
  vidictId,
  deviceOs: 'WINDOWS',
  deviceType: 'CHROME',
  appVersion: '1.0.0',
  userAgent,
});

describeOnPostgres('mail nobody can aim at a stranger', (host) => {
  let api: RunningApi;
  let client: ApiClient;

  beforeAll(async () => {
    api = await host().start({
      CREASE_MAIL_PER_RECIPIENT_PER_HOUR: String(CAP),
      CREASE_TRUST_PROXY: '127.0.0.1,::1',
    });
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(() => {
    client = api.client();
  });

  /** How many account mails were counted for the address (every send or refusal counts once). */
  const countedFor = async (email: string) => {
    const key = `mail:recipient:account:${createHash('sha256').update(email).digest('base64url')}`;
    const [row] = await host().query<{ count: number }>(
      'SELECT count FROM rate_counters WHERE key = $1',
      [key],
    );
    return Number(row?.count ?? 0);
  };
  const settled = async (email: string, expected: number) => {
    for (let i = 0; i < 400 && (await countedFor(email)) < expected; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await countedFor(email)).toBe(expected);
  };
  const signIn = async (email: string) => {
    const res = await client.signIn(email, PASSWORD);
    expect(res.status).toBe(200);
    return res.body.access_token;
  };
  const registerDevice = (bearer: string, body: ReturnType<typeof device>) =>
    client.postJson('/api/v1/devices', body, { bearer });

  it('29 mails asked for a stranger in a burst, from many networks: the mailbox gets the cap, no more', async () => {
    const stranger = uniqueEmail('stranger');
    expect((await client.register(stranger, PASSWORD)).status).toBe(201);
    // 28 more, at once, each from its own network: resets and sign-in codes.
    const burst = Array.from({ length: 28 }, (_, i) => {
      const network = { 'x-forwarded-for': `198.51.${100 + (i % 50)}.${i + 1}` };
      return i % 2 === 0
        ? client.postJson(
            '/api/v1/auth/init-reset',
            { email: stranger },
            { botCheck: 'reset', headers: network },
          )
        : client.postJson(
            '/api/v1/auth/sign-in-code',
            { email: stranger },
            { botCheck: 'signin', headers: network },
          );
    });
    for (const res of await Promise.all(burst)) expect(res.status).toBe(200);
    await settled(stranger, 29);

    const mail = await mailbox(client, stranger);
    expect(mail).toHaveLength(CAP);
    // The first was the verification link; the rest whichever won the race.
    expect(mail.map((m) => m.subject)).toContain('Confirm your email for Crease');
  });

  it('an unproved address gets no new sign-in mail and no welcome; once proved, it does', async () => {
    const email = uniqueEmail('unproved');
    const registered = await client.postJson(
      '/api/v1/auth/register',
      { email, password: PASSWORD, emailSubscribe: true },
      { botCheck: 'register' },
    );
    expect(registered.status).toBe(201);
    const bearer = await signIn(email);
    const state = await client.get('/api/v1/auth/email-verification', { bearer });
    expect(state.body).toMatchObject({ email, verified: false, verifiedAt: null });

    // An attacker signing in with the victim's address on ever new "devices".
    for (const id of ['first-device-0001', 'attacker-device-02', 'attacker-device-03'])
      expect((await registerDevice(bearer, device(id, 'Mozilla/5.0 Chrome/131'))).status).toBe(201);
    await api.lifecycleMailPass();
    expect((await mailbox(client, email)).map((m) => m.subject)).toEqual([
      'Confirm your email for Crease',
    ]);
    const skipped = await host().query<{ kind: string; skipped_reason: string }>(
      `SELECT m.kind, m.skipped_reason FROM lifecycle_mail m JOIN users u ON u.id = m.user_id
        WHERE u.email = $1 AND m.kind = 'new-device' ORDER BY m.id`,
      [email],
    );
    expect(skipped).toEqual([
      { kind: 'new-device', skipped_reason: 'first-device' },
      { kind: 'new-device', skipped_reason: 'unverified' },
      { kind: 'new-device', skipped_reason: 'unverified' },
    ]);

    await verifyEmail(client, email);
    const proved = await client.get('/api/v1/auth/email-verification', { bearer });
    expect(proved.body).toMatchObject({ verified: true, verifiedAt: expect.any(String) });
    // The link works once.
    const link = await mailedLink(client, email, '/verify-email?');
    const again = await client.postJson('/api/v1/auth/verify-email', {
      email,
      token: link.searchParams.get('token'),
    });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: 'VERIFICATION_LINK_EXPIRED' });

    expect((await registerDevice(bearer, device('owner-device-0004', 'x'))).status).toBe(201);
    await api.lifecycleMailPass();
    expect((await mailbox(client, email)).map((m) => m.subject).sort()).toEqual([
      'Confirm your email for Crease',
      'New sign-in to your Crease account',
      'Welcome to Crease',
    ]);
  });

  it('a signed-in viewer who has not proved the address can ask for a new link, within the cap', async () => {
    const email = uniqueEmail('resend');
    expect((await client.register(email, PASSWORD)).status).toBe(201);
    const bearer = await signIn(email);
    for (let i = 0; i < 7; i++) {
      const res = await client.postJson('/api/v1/auth/email-verification', {}, { bearer });
      expect(res.body).toMatchObject({ code: 'VERIFICATION_EMAIL_SENT' });
    }
    await settled(email, 8);
    expect(await mailbox(client, email)).toHaveLength(CAP);
    // Any of the links proves it; then a resend says so and sends nothing.
    await verifyEmail(client, email);
    const done = await client.postJson('/api/v1/auth/email-verification', {}, { bearer });
    expect(done.body).toMatchObject({ code: 'EMAIL_VERIFIED' });
  });

  it("the new sign-in mail names the device in our words and never prints the client's text", async () => {
    const email = uniqueEmail('scammed');
    expect((await client.register(email, PASSWORD)).status).toBe(201);
    await verifyEmail(client, email);
    const bearer = await signIn(email);
    const windowsChrome = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 ${SCAM}`;
    for (const [id, agent] of [
      ['first-device-0001', 'Mozilla/5.0'],
      ['scam-device-00002', windowsChrome],
      ['scam-device-00003', SCAM],
    ] as const)
      expect(
        (
          await client.postJson('/api/v1/devices', device(id, agent), {
            bearer,
            headers: { 'x-forwarded-for': '203.0.113.77' },
          })
        ).status,
      ).toBe(201);
    await api.lifecycleMailPass();

    const notices = (await mailbox(client, email)).filter(
      (m) => m.subject === 'New sign-in to your Crease account',
    );
    expect(notices).toHaveLength(2);
    for (const notice of notices) {
      expect(notice.text).not.toMatch(/locked|call|555/i);
      expect(notice.text).toContain('203.0.113.x');
      expect(notice.text).not.toContain('203.0.113.77');
    }
    const texts = notices.map((m) => m.text).join('\n');
    expect(texts).toMatch(/Device\s+Chrome on Windows/);
  });

  it('a reset link or a sign-in code proves the address too', async () => {
    const email = uniqueEmail('reset-proves');
    expect((await client.register(email, PASSWORD)).status).toBe(201);
    const res = await client.postJson('/api/v1/auth/init-reset', { email }, { botCheck: 'reset' });
    expect(res.status).toBe(200);
    const link = await mailedLink(client, email, '/reset-password?');
    const reset = await client.postJson('/api/v1/auth/reset-password', {
      email,
      token: link.searchParams.get('token'),
      newPassword: 'a brand new password',
    });
    expect(reset.status).toBe(200);
    const [row] = await host().query<{ verified: boolean }>(
      'SELECT email_verified_at IS NOT NULL AS verified FROM users WHERE email = $1',
      [email],
    );
    expect(row?.verified).toBe(true);
  });

  describe('a deleted account (issue 31 §14, decision 408)', () => {
    const deleteAccount = async (email: string) => {
      const bearer = await signIn(email);
      const res = await client.postJson(
        '/api/v1/account/deletion',
        { password: PASSWORD },
        { bearer },
      );
      expect(res.status).toBe(200);
    };

    const triesCounted = async (email: string, expected: number) => {
      const key = `mail:deleted-notice:${createHash('sha256').update(email).digest('hex')}`;
      const count = async () =>
        Number(
          (
            await host().query<{ count: number }>(
              'SELECT count FROM rate_counters WHERE key = $1',
              [key],
            )
          )[0]?.count ?? 0,
        );
      for (let i = 0; i < 400 && (await count()) < expected; i++)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await count()).toBe(expected);
    };

    it('answers as for an unknown email, whatever the password, and tells the owner once a day', async () => {
      const email = uniqueEmail('deleted');
      expect((await client.register(email, PASSWORD)).status).toBe(201);
      await verifyEmail(client, email);
      await deleteAccount(email);

      const unknown = await client.signIn(uniqueEmail('never'), PASSWORD);
      const right = await client.signIn(email, PASSWORD);
      const wrong = await client.signIn(email, 'not the password');
      for (const res of [right, wrong]) {
        expect(res.status).toBe(unknown.status);
        expect(res.body).toMatchObject({
          code: 'INVALID_CREDENTIALS',
          error: 'invalid_grant',
          message: (unknown.body as Record<string, unknown>).message,
        });
      }
      // Both tries were considered (after the answers); the owner heard of the first only.
      await triesCounted(email, 2);
      expect(
        (await mailbox(client, email)).filter(
          (m) => m.subject === 'Someone tried to sign in to your deleted Crease account',
        ),
      ).toHaveLength(1);
    });

    it('an account that never proved its address gets no notice', async () => {
      const email = uniqueEmail('deleted-unproved');
      expect((await client.register(email, PASSWORD)).status).toBe(201);
      await deleteAccount(email);
      const res = await client.signIn(email, PASSWORD);
      expect(res.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
      await triesCounted(email, 1);
      expect((await mailbox(client, email)).map((m) => m.subject)).toEqual([
        'Confirm your email for Crease',
      ]);
    });
  });
});
