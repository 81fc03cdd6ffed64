/** @jest-environment node */
/**
 * Staff accounts over real HTTP (issue 33 §1): TOTP on the moved clock, recovery codes used
 * once, the role matrix of every staff route (each role and no second factor), sign-in
 * throttling, and the append-only audit log. The recovery-code race runs on PostgreSQL.
 */
import type { StaffCreated, StaffRole, StaffSession } from '@crease/contract';
import { describeEachDatabase, uniqueEmail } from '../testing/test-api';
import type { ApiClient, CallOptions, RunningApi } from '../testing/test-api';
import { describeOnPostgres } from '../testing/postgres-suite';
import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { ApiHost } from '../testing/test-api';
import { testLeague } from '../testing/catalog-fixtures';

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** RFC 6238 written out here, independent of the API's otplib, so the test checks the standard. */
function totpAt(secret: string, at: Date): string {
  let bits = '';
  for (const ch of secret.replace(/=+$/, '')) bits += B32.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000)));
  const mac = crypto.createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}
const generateSecret = () => Array.from(crypto.randomBytes(32), (b) => B32[b % 32]).join('');

const START = new Date('2030-03-01T10:00:00Z');
const PASSWORD = 'staff-password-0123';
const bearer = (token: string): CallOptions => ({ bearer: token, xsrf: false });

const ROOT_SECRET = generateSecret();
/** The first admin, written straight into the database (as the CLI would make it). */
async function seedAdmin(host: () => ApiHost, email: string): Promise<string> {
  const id = crypto.randomUUID();
  const passwordHash = await hash(PASSWORD, { algorithm: 2 });
  await host().query(
    `INSERT INTO staff_accounts (id, email, password_hash, role, totp_secret, created_at)
     VALUES ($1, $2, $3, 'admin', $4, now())`,
    [id, email, passwordHash, ROOT_SECRET],
  );
  await host().query('INSERT INTO staff_recovery_codes (staff_id, code_hash) VALUES ($1, $2)', [
    id,
    crypto.createHash('sha256').update('racecode01').digest('hex'),
  ]);
  return id;
}

describeEachDatabase('staff accounts', (host) => {
  let api: RunningApi;
  let client: ApiClient;
  let now = START;
  let admin: { created: StaffCreated; token: string };

  const signIn = (email: string, extra: Record<string, string>) =>
    client.postJson<StaffSession & { code?: string }>(
      '/api/v1/staff/sessions',
      { email, password: PASSWORD, ...extra },
      { xsrf: false },
    );
  const advance = async (seconds: number) => {
    await api.advanceClock(seconds);
    now = new Date(now.getTime() + seconds * 1000);
  };

  async function makeStaff(role: StaffRole): Promise<{ created: StaffCreated; token: string }> {
    const { status, body } = await client.postJson<StaffCreated>(
      '/api/v1/staff/members',
      { email: uniqueEmail(role), password: PASSWORD, role },
      bearer(admin.token),
    );
    expect(status).toBe(201);
    await advance(30);
    const session = await signIn(body.staff.email, { totp: totpAt(body.totpSecret, now) });
    expect(session.status).toBe(200);
    return { created: body, token: session.body.token };
  }

  beforeAll(async () => {
    api = await host().start({}, { clock: START });
    client = api.client();
    const rootEmail = uniqueEmail('root');
    await seedAdmin(host, rootEmail);
    const session = await signIn(rootEmail, { totp: totpAt(ROOT_SECRET, now) });
    expect(session.status).toBe(200);
    admin = { created: { staff: session.body.staff } as StaffCreated, token: session.body.token };
  });
  afterAll(() => api.close());

  it('refuses a sign-in without a second factor, or with a wrong or replayed TOTP code', async () => {
    const scorer = await makeStaff('scorer');
    const email = scorer.created.staff.email;
    expect((await signIn(email, {})).status).toBe(400);
    expect((await signIn(email, { totp: '000000' })).status).toBe(400);
    // The code accepted in makeStaff is not accepted again (same step).
    expect((await signIn(email, { totp: totpAt(scorer.created.totpSecret, now) })).status).toBe(
      400,
    );
    await advance(30);
    expect((await signIn(email, { totp: totpAt(scorer.created.totpSecret, now) })).status).toBe(
      200,
    );
    // A code two steps old is refused: only the current and previous steps count.
    const old = totpAt(scorer.created.totpSecret, now);
    await advance(90);
    expect((await signIn(email, { totp: old })).status).toBe(400);
  });

  it('accepts each recovery code once', async () => {
    const support = await makeStaff('support');
    const [code] = support.created.recoveryCodes;
    const first = await signIn(support.created.staff.email, { recoveryCode: code! });
    expect(first.status).toBe(200);
    expect((await signIn(support.created.staff.email, { recoveryCode: code! })).status).toBe(400);
  });

  it('checks every staff route against each role and without a session', async () => {
    const tokens: Record<string, string | null> = { admin: admin.token, none: null };
    for (const role of ['producer', 'scorer', 'support'] as const)
      tokens[role] = (await makeStaff(role)).token;
    const victim = await makeStaff('scorer');
    const calls = [
      {
        name: 'me',
        run: (o: CallOptions) => client.get('/api/v1/staff/me', o),
        allowed: ['admin', 'producer', 'scorer', 'support'],
      },
      {
        name: 'list',
        run: (o: CallOptions) => client.get('/api/v1/staff/members', o),
        allowed: ['admin'],
      },
      {
        name: 'audit',
        run: (o: CallOptions) => client.get('/api/v1/staff/audit', o),
        allowed: ['admin'],
      },
      {
        name: 'create',
        run: (o: CallOptions) =>
          client.postJson(
            '/api/v1/staff/members',
            { email: uniqueEmail('made'), password: PASSWORD, role: 'scorer' },
            o,
          ),
        allowed: ['admin'],
      },
    ];
    for (const call of calls)
      for (const [who, token] of Object.entries(tokens)) {
        const { status } = await call.run(token ? bearer(token) : { xsrf: false });
        const ok =
          token === null
            ? status === 401
            : call.allowed.includes(who)
              ? status < 300
              : status === 403;
        expect({ call: call.name, who, status, ok }).toEqual({
          call: call.name,
          who,
          status,
          ok: true,
        });
      }
    // Disable: refused for every role but admin; then the victim's session is dead.
    for (const role of ['producer', 'scorer', 'support'])
      expect(
        (
          await client.postJson(
            `/api/v1/staff/members/${victim.created.staff.id}/disable`,
            {},
            bearer(tokens[role]!),
          )
        ).status,
      ).toBe(403);
    const disabled = await client.postJson(
      `/api/v1/staff/members/${victim.created.staff.id}/disable`,
      {},
      bearer(admin.token),
    );
    expect(disabled.status).toBe(200);
    expect((await client.get('/api/v1/staff/me', bearer(victim.token))).status).toBe(401);
  });

  it('keeps an append-only audit log readable by admin', async () => {
    const created = await makeStaff('support');
    const { status, body } = await client.get<
      Array<{ action: string; subject: string; after: unknown }>
    >('/api/v1/staff/audit', bearer(admin.token));
    expect(status).toBe(200);
    expect(
      body.some(
        (e) => e.action === 'staff.create' && e.subject === `staff:${created.created.staff.id}`,
      ),
    ).toBe(true);
    await expect(host().query('DELETE FROM staff_audit')).rejects.toThrow();
    await expect(host().query("UPDATE staff_audit SET action = 'x'")).rejects.toThrow();
  });

  it('writes each operator-token change to the audit as a bot, never the token or the key', async () => {
    const TOKEN = 'encoder-bot-token-0123456789abcdef';
    const bot = await host().start(
      { CREASE_CATALOG_OPERATOR_TOKENS: `encoder-bot:${TOKEN}` },
      { clock: START },
    );
    const operator = bot.client();
    const keysPath = '/api/v1/operator/channels/ch-bot-audit/ingest-keys';
    const made = await operator.postJson<{ keyId: string; streamKey: string }>(
      keysPath,
      { role: 'backup' },
      bearer(TOKEN),
    );
    expect(made.status).toBe(201);
    // Reads and refused calls change nothing, so they are not audited.
    expect((await operator.get(keysPath, bearer(TOKEN))).status).toBe(200);
    expect((await operator.postJson(keysPath, {}, bearer('wrong-token-0123456789'))).status).toBe(
      401,
    );
    const revoked = await operator.request(
      'DELETE',
      `${keysPath}/${made.body.keyId}`,
      undefined,
      undefined,
      bearer(TOKEN),
    );
    expect(revoked.status).toBe(204);
    const leagueId = `bot-${crypto.randomUUID().slice(0, 8)}`;
    const league = testLeague({ leagueId, caption: 'Bot League', description: 'Made by a bot.' });
    expect(
      (await operator.postJson('/api/v1/operator/leagues', league, bearer(TOKEN))).status,
    ).toBe(201);
    await bot.close();

    const { status, body } = await client.get<
      Array<{ actor: string; action: string; subject: string; after: unknown }>
    >('/api/v1/staff/audit', bearer(admin.token));
    expect(status).toBe(200);
    const bots = body.filter((e) => e.actor === 'bot:encoder-bot');
    expect(bots.map((e) => [e.action, e.subject]).reverse()).toEqual([
      ['ingest.key.create', `ingest-key:${made.body.keyId}`],
      ['ingest.key.revoke', `ingest-key:${made.body.keyId}`],
      ['catalog.league.create', `league:${leagueId}`],
    ]);
    expect(bots[2]!.after).toEqual({
      keyId: made.body.keyId,
      channelId: 'ch-bot-audit',
      role: 'backup',
    });
    const logged = JSON.stringify(body);
    expect(logged).not.toContain(TOKEN);
    expect(logged).not.toContain(made.body.streamKey);
  });

  it('throttles wrong guesses per account and network', async () => {
    const email = uniqueEmail('throttle');
    let last = 0;
    for (let i = 0; i < 12; i += 1) last = (await signIn(email, { totp: '123456' })).status;
    expect(last).toBe(429);
  });

  it('signs out, and sessions are short', async () => {
    const producer = await makeStaff('producer');
    const out = await client.request(
      'DELETE',
      '/api/v1/staff/sessions/current',
      undefined,
      undefined,
      bearer(producer.token),
    );
    expect(out.status).toBe(204);
    expect((await client.get('/api/v1/staff/me', bearer(producer.token))).status).toBe(401);
    const again = await makeStaff('producer');
    await advance(8 * 3600 + 1);
    expect((await client.get('/api/v1/staff/me', bearer(again.token))).status).toBe(401);
  });
});

describeOnPostgres('staff recovery code race', (host) => {
  it('lets exactly one of parallel sign-ins spend one recovery code', async () => {
    const api = await host().start({}, { clock: START });
    const client = api.client();
    const email = uniqueEmail('race');
    await seedAdmin(host, email);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.postJson(
          '/api/v1/staff/sessions',
          { email, password: PASSWORD, recoveryCode: 'RACE-CODE01' },
          { xsrf: false },
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    await api.close();
  });
});
