/** @jest-environment node */
/**
 * The free trial's per-network daily budget (decision 106), over real HTTP on PGlite and
 * PostgreSQL: clearing storage makes a new vidictId, but not a new network. Behind a trusted
 * proxy (decision 061) the viewer's address comes from X-Forwarded-For, so the tests can play
 * viewers on several networks.
 */
import { randomUUID } from 'node:crypto';
import {
  countRows,
  expectErrorShape,
  newViewer,
  registerDevice,
  startTrial,
} from '../testing/billing-helpers';
import { billingApiForSuite } from '../testing/billing-suite';
import { describeEachDatabase } from '../testing/test-api';

describeEachDatabase('Free trials per network', (host) => {
  const suite = billingApiForSuite(host, {
    CREASE_TRIALS_PER_NETWORK_PER_DAY: '2',
    CREASE_TRUST_PROXY: '127.0.0.1,::1',
  });

  /** A new account on a fresh "device" (a new vidictId, as after clearing storage). */
  async function startTrialFrom(address: string) {
    const viewer = await newViewer(suite.api, 'trial-net');
    const vidictId = randomUUID();
    await registerDevice(viewer, vidictId);
    const res = await startTrial(viewer, vidictId, { 'x-forwarded-for': address });
    return { viewer, res };
  }

  it('grants the budget per network, then 429 with Retry-After; other networks are unaffected', async () => {
    const first = await startTrialFrom('198.51.100.10');
    const second = await startTrialFrom('198.51.100.10');
    expect([first.res.status, second.res.status]).toEqual([201, 201]);

    const third = await startTrialFrom('198.51.100.10');
    expect(third.res.status).toBe(429);
    expectErrorShape(third.res.body, 'TRIAL_NETWORK_LIMIT_REACHED');
    expect(third.res.body).toMatchObject({ userId: third.viewer.userId });
    const retryAfter = Number(third.res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 60 * 60);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    expect(await countRows(host(), 'trial_grants', third.viewer.userId)).toBe(0);
    expect(await countRows(host(), 'subscription_transitions', third.viewer.userId)).toBe(0);

    // The neighbouring address is another network (IPv4 counts per address).
    expect((await startTrialFrom('198.51.100.11')).res.status).toBe(201);
  });

  it('counts an IPv6 /64 as one network, whichever of its addresses the viewer uses', async () => {
    expect((await startTrialFrom('2001:db8:77:1::1')).res.status).toBe(201);
    expect((await startTrialFrom('2001:db8:77:1:abcd::2')).res.status).toBe(201);
    const hopped = await startTrialFrom('2001:db8:77:1:ffff:ffff:ffff:fffe');
    expect(hopped.res.status).toBe(429);
    expectErrorShape(hopped.res.body, 'TRIAL_NETWORK_LIMIT_REACHED');
    expect((await startTrialFrom('2001:db8:77:2::1')).res.status).toBe(201);
  });

  it('spends nothing on a refused activation, and lets only the budget through in parallel', async () => {
    const address = '203.0.113.50';
    const { viewer, res } = await startTrialFrom(address);
    expect(res.status).toBe(201);
    // A second trial on the same account is refused for its own reason and gives its count back.
    for (let i = 0; i < 3; i++) {
      const again = await viewer.client.postJson(
        '/api/v1/billing/trial',
        { vidictId: randomUUID() },
        { bearer: viewer.bearer, headers: { 'x-forwarded-for': address } },
      );
      expect(again.status).toBe(409);
      expectErrorShape(again.body, 'TRIAL_ALREADY_USED');
    }
    // One place left: of five new accounts asking at once, exactly one gets it.
    const viewers = await Promise.all(
      Array.from({ length: 5 }, () => newViewer(suite.api, 'trial-race')),
    );
    const devices = viewers.map(() => randomUUID());
    await Promise.all(viewers.map((v, i) => registerDevice(v, devices[i] ?? '')));
    const answers = await Promise.all(
      viewers.map((v, i) => startTrial(v, devices[i] ?? '', { 'x-forwarded-for': address })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 429, 429, 429, 429]);
  });

  it('says before the click that the network has spent its trials, and only for that network', async () => {
    const address = '192.0.2.77';
    const offerFrom = async (from: string) => {
      const viewer = await newViewer(suite.api, 'trial-offer');
      const vidictId = randomUUID();
      await registerDevice(viewer, vidictId);
      const res = await viewer.client.get<{ available: boolean; reason: string | null }>(
        `/api/v1/billing/trial?vidictId=${vidictId}`,
        { bearer: viewer.bearer, headers: { 'x-forwarded-for': from } },
      );
      expect(res.status).toBe(200);
      return { viewer, vidictId, offer: res.body };
    };
    // Reading the offer spends nothing: it is offered as often as asked while the budget lasts.
    for (let i = 0; i < 3; i++)
      expect((await offerFrom(address)).offer).toMatchObject({ available: true, reason: null });
    expect((await startTrialFrom(address)).res.status).toBe(201);
    expect((await startTrialFrom(address)).res.status).toBe(201);

    const late = await offerFrom(address);
    expect(late.offer).toEqual(
      expect.objectContaining({ available: false, reason: 'TRIAL_NETWORK_LIMIT_REACHED' }),
    );
    // What the offer said is what the click gets.
    const click = await startTrial(late.viewer, late.vidictId, { 'x-forwarded-for': address });
    expect(click.status).toBe(429);
    expectErrorShape(click.body, 'TRIAL_NETWORK_LIMIT_REACHED');
    // A viewer on another network is still offered the trial.
    expect((await offerFrom('192.0.2.78')).offer).toMatchObject({ available: true, reason: null });
  });
});
