/** @jest-environment node */
/**
 * Issue 31 "Also", decision 409: the proof of work's cost rises with a network's volume of
 * registrations, reset requests and sign-in code requests, so a script on one network pays more
 * with every account it makes; a cheap proof fetched elsewhere is no good on the busy network,
 * and other networks keep the first price.
 */
import { describeEachDatabase, uniqueEmail } from '../testing/test-api';
import type { ApiClient, RunningApi } from '../testing/test-api';

const BASE = 2000;
const PER_HOUR = 3;
const PASSWORD = 'correct horse battery';

describeEachDatabase('the bot check costs more as a network asks more', (host) => {
  let api: RunningApi;
  let client: ApiClient;
  beforeAll(async () => {
    api = await host().start({
      CREASE_TRUST_PROXY: '127.0.0.1,::1',
      CREASE_ALTCHA_MAX_NUMBER: String(BASE),
      CREASE_BOT_CHECK_VOLUME_PER_HOUR: String(PER_HOUR),
    });
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(() => {
    client = api.client();
  });

  const maxNumber = async (action: string, network: string) => {
    const res = await client.get(`/api/v1/bot-check/challenge?action=${action}`, {
      headers: { 'x-forwarded-for': network },
    });
    expect(res.status).toBe(200);
    return res.body.maxnumber as number;
  };
  const register = (network: string, botCheck?: string) =>
    client.postJson(
      '/api/v1/auth/register',
      { email: uniqueEmail('volume'), password: PASSWORD, emailSubscribe: false },
      botCheck
        ? { headers: { 'x-forwarded-for': network, 'x-bot-check': botCheck } }
        : { botCheck: 'register', headers: { 'x-forwarded-for': network } },
    );

  it('registrations: ×1 for the first few an hour, ×4 from the volume, ×10 from four times it', async () => {
    const busy = '203.0.113.40';
    const seen: number[] = [];
    for (let i = 0; i < PER_HOUR * 4 + 1; i++) {
      seen.push(await maxNumber('register', busy));
      expect((await register(busy)).status).toBe(201);
    }
    expect(seen.slice(0, PER_HOUR)).toEqual(Array(PER_HOUR).fill(BASE));
    expect(seen.slice(PER_HOUR, PER_HOUR * 4)).toEqual(Array(PER_HOUR * 3).fill(BASE * 4));
    expect(seen[PER_HOUR * 4]).toBe(BASE * 10);
    // Another network still pays the first price.
    expect(await maxNumber('register', '198.51.100.40')).toBe(BASE);

    // A cheap proof fetched on that other network is refused on the busy one.
    const cheap = await client.botToken('register', undefined, '198.51.100.41');
    const refused = await register(busy, cheap);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'BOT_CHECK_FAILED' });
  });

  it('reset and sign-in code requests rise the same way, each on its own count', async () => {
    const network = '203.0.113.50';
    const email = uniqueEmail('reset-volume');
    for (let i = 0; i < PER_HOUR; i++) {
      const res = await client.postJson(
        '/api/v1/auth/init-reset',
        { email },
        { botCheck: 'reset', headers: { 'x-forwarded-for': network } },
      );
      expect(res.status).toBe(200);
    }
    expect(await maxNumber('reset', network)).toBe(BASE * 4);
    expect(await maxNumber('signin', network)).toBe(BASE);
    for (let i = 0; i < PER_HOUR; i++) {
      const res = await client.postJson(
        '/api/v1/auth/sign-in-code',
        { email },
        { botCheck: 'signin', headers: { 'x-forwarded-for': network } },
      );
      expect(res.status).toBe(200);
    }
    expect(await maxNumber('signin', network)).toBe(BASE * 4);
  });
});
