/** @jest-environment node */
/**
 * Refresh tokens over real HTTP, on PGlite and PostgreSQL: a refresh whose answer was lost can
 * be retried without signing anyone out (decision 050), reuse detection still holds, and the
 * idle and absolute lifetimes hold on a clock the test moves (no waiting).
 */
import { startLossyProxy } from '../testing/lossy-proxy';
import type { LossyProxy } from '../testing/lossy-proxy';
import { ApiClient, describeEachDatabase, uniqueEmail } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';

const PASSWORD = 'correct horse battery';
const GRACE_SECONDS = 10;

describeEachDatabase('refresh retries and lifetimes', (host) => {
  let api: RunningApi;
  let proxy: LossyProxy;
  let client: ApiClient;
  let direct: ApiClient;

  beforeAll(async () => {
    api = await host().start({
      CREASE_REFRESH_REUSE_GRACE_SECONDS: String(GRACE_SECONDS),
      CREASE_REFRESH_IDLE_SECONDS: '3600',
      CREASE_REFRESH_ABSOLUTE_SECONDS: '7200',
    });
    proxy = await startLossyProxy(api.origin);
  });
  afterAll(async () => {
    await proxy.close();
    await api.close();
  });
  beforeEach(() => {
    // The viewer's browser talks through the lossy network; `direct` is for checks.
    client = new ApiClient(proxy.origin);
    direct = api.client();
  });

  async function signedIn(via: ApiClient = direct) {
    const email = uniqueEmail('session');
    expect((await direct.register(email, PASSWORD)).status).toBe(201);
    const { status, body } = await via.signIn(email, PASSWORD);
    expect(status).toBe(200);
    return { email, ...body };
  }

  const familyRevoked = async (email: string) =>
    (
      await host().query<{ revoked: boolean }>(
        'SELECT f.revoked_at IS NOT NULL AS revoked FROM refresh_families f JOIN users u ON u.id = f.user_id WHERE u.email = $1',
        [email],
      )
    ).map((row) => row.revoked);

  describe('a refresh whose answer was lost', () => {
    it.each(['502', 'drop'] as const)(
      'is retried with the same Idempotency-Key after a %s and the viewer stays signed in',
      async (loss) => {
        const session = await signedIn();
        const key = crypto.randomUUID();
        proxy.loseNext('/oauth2/token', loss);

        const lost = await client
          .refresh(session.refresh_token, { headers: { 'idempotency-key': key } })
          .catch((error: unknown) => error);
        // The API rotated the token; the viewer never saw the answer.
        expect(proxy.seen.at(-1)).toMatchObject({ apiStatus: 200, lost: true });
        if (loss === '502') expect(lost).toMatchObject({ status: 502 });
        else expect(lost).toMatchObject({ name: 'TypeError', message: 'fetch failed' });

        const retried = await client.refresh(session.refresh_token, {
          headers: { 'idempotency-key': key },
        });
        expect(retried.status).toBe(200);
        expect(retried.body).toEqual({
          access_token: expect.any(String),
          refresh_token: expect.any(String),
          expires_in: 900,
          token_type: 'Bearer',
        });
        // Signed in: the retried answer's tokens work, and the session carries on rotating.
        expect((await direct.get('/api/v1/me', { bearer: retried.body.access_token })).status).toBe(
          200,
        );
        const next = await direct.refresh(retried.body.refresh_token);
        expect(next.status).toBe(200);
        expect(await familyRevoked(session.email)).toEqual([false]);
      },
    );

    it('gets the same successor as the lost answer: one rotation, not two', async () => {
      const session = await signedIn();
      const key = crypto.randomUUID();
      const first = await direct.refresh(session.refresh_token, {
        headers: { 'idempotency-key': key },
      });
      const again = await direct.refresh(session.refresh_token, {
        headers: { 'idempotency-key': key },
      });
      expect(again.status).toBe(200);
      expect(again.body.refresh_token).toBe(first.body.refresh_token);
      const tokens = await host().query<{ n: number }>(
        'SELECT count(*)::int AS n FROM refresh_tokens t JOIN refresh_families f ON f.id = t.family_id JOIN users u ON u.id = f.user_id WHERE u.email = $1',
        [session.email],
      );
      expect(tokens).toEqual([{ n: 2 }]);
    });

    it('is not replayed for another key: a second tab gets invalid_grant, and the family lives', async () => {
      const session = await signedIn();
      await direct.refresh(session.refresh_token, { headers: { 'idempotency-key': 'tab-a-1' } });
      const otherTab = await direct.refresh(session.refresh_token, {
        headers: { 'idempotency-key': 'tab-b-1' },
      });
      expect(otherTab.status).toBe(400);
      expect(otherTab.body).toMatchObject({
        error: 'invalid_grant',
        code: 'INVALID_REFRESH_TOKEN',
      });
      const noKey = await direct.refresh(session.refresh_token);
      expect(noKey.body).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
      expect(await familyRevoked(session.email)).toEqual([false]);
    });

    it('is not replayed after the grace window: the spent token is reuse, and the family is revoked', async () => {
      const session = await signedIn();
      const key = crypto.randomUUID();
      const first = await direct.refresh(session.refresh_token, {
        headers: { 'idempotency-key': key },
      });
      await api.advanceClock(GRACE_SECONDS + 1);
      const late = await direct.refresh(session.refresh_token, {
        headers: { 'idempotency-key': key },
      });
      expect(late.status).toBe(400);
      expect(late.body).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
      expect(await familyRevoked(session.email)).toEqual([true]);
      expect((await direct.refresh(first.body.refresh_token)).status).toBe(400);
    });

    it('a thief with the spent token and another key after the grace window revokes the family', async () => {
      const session = await signedIn();
      const viewer = await direct.refresh(session.refresh_token, {
        headers: { 'idempotency-key': 'viewer-key' },
      });
      await api.advanceClock(GRACE_SECONDS + 1);
      const thief = await direct.refresh(session.refresh_token, {
        headers: { 'idempotency-key': 'thief-key' },
      });
      expect(thief.body).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
      expect(await familyRevoked(session.email)).toEqual([true]);
      expect((await direct.refresh(viewer.body.refresh_token)).status).toBe(400);
    });

    it('is not replayed once the successor has been used (the answer was not lost after all)', async () => {
      const session = await signedIn();
      const key = crypto.randomUUID();
      const first = await direct.refresh(session.refresh_token, {
        headers: { 'idempotency-key': key },
      });
      expect((await direct.refresh(first.body.refresh_token)).status).toBe(200);
      const replay = await direct.refresh(session.refresh_token, {
        headers: { 'idempotency-key': key },
      });
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
    });

    it('refuses a malformed Idempotency-Key with 400 INVALID_IDEMPOTENCY_KEY and spends nothing', async () => {
      const session = await signedIn();
      const bad = await direct.refresh(session.refresh_token, {
        headers: { 'idempotency-key': 'has spaces in it' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        error: 'invalid_request',
        code: 'INVALID_IDEMPOTENCY_KEY',
        userId: null,
        message: expect.any(String),
        timeStamp: expect.any(String),
      });
      expect((await direct.refresh(session.refresh_token)).status).toBe(200);
    });
  });

  describe('spent and old tokens', () => {
    it('rejects the grandparent refresh token (two rotations back)', async () => {
      const session = await signedIn();
      const parent = await direct.refresh(session.refresh_token);
      const child = await direct.refresh(parent.body.refresh_token);
      expect(child.status).toBe(200);
      const grandparent = await direct.refresh(session.refresh_token);
      expect(grandparent.status).toBe(400);
      expect(grandparent.body).toMatchObject({
        error: 'invalid_grant',
        code: 'INVALID_REFRESH_TOKEN',
      });
      // Also with a key of its own: a spent token is never a retry of someone else's request.
      const keyed = await direct.refresh(session.refresh_token, {
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(keyed.status).toBe(400);
    });
  });

  describe('lifetimes on a moved clock', () => {
    let timed: RunningApi;
    let c: ApiClient;
    beforeAll(async () => {
      // Idle 100 s per token, absolute 250 s per family (the smallest the config allows is 60).
      timed = await host().start({
        CREASE_REFRESH_IDLE_SECONDS: '100',
        CREASE_REFRESH_ABSOLUTE_SECONDS: '250',
      });
      c = timed.client();
    });
    afterAll(async () => {
      await timed.close();
    });

    async function timedSession() {
      const email = uniqueEmail('clock');
      expect((await c.register(email, PASSWORD)).status).toBe(201);
      return (await c.signIn(email, PASSWORD)).body;
    }

    it('a token unused for longer than the idle lifetime is dead', async () => {
      const session = await timedSession();
      await timed.advanceClock(101);
      const idle = await c.refresh(session.refresh_token);
      expect(idle.status).toBe(400);
      expect(idle.body).toMatchObject({ error: 'invalid_grant', code: 'INVALID_REFRESH_TOKEN' });
    });

    it('a token used within the idle lifetime lives on, but never past the family’s absolute lifetime', async () => {
      let { refresh_token } = await timedSession();
      for (const step of [90, 90]) {
        await timed.advanceClock(step); // 90 s, then 180 s after sign-in: each within idle
        const rotated = await c.refresh(refresh_token);
        expect(rotated.status).toBe(200);
        refresh_token = rotated.body.refresh_token;
      }
      await timed.advanceClock(80); // 260 s: this token is 80 s old (idle is 100), the family 260
      const pastAbsolute = await c.refresh(refresh_token);
      expect(pastAbsolute.status).toBe(400);
      expect(pastAbsolute.body).toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
    });
  });
});
