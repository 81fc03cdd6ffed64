/**
 * The pass suites' setup (issue 34 §3): one API with the billing and streams test env, two
 * leagues with their matches made through the operator API, and helpers to buy a pass through
 * the ordinary checkout and the sandbox's card page, ask for a stream, and refund a payment.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { CATALOG_PATHS, PASS_PATHS, PASS_PLAN_IDS, STREAM_PATHS } from '@crease/contract';
import type { Checkout, PassOffer, PassScope, StreamGrant } from '@crease/contract';
import { ensureStreamMedia } from '../streams/media/render-media';
import {
  BILLING_TEST_ENV,
  createCheckout,
  eventually,
  getCheckout,
  newViewer,
  submitCard,
} from './billing-helpers';
import type { Viewer } from './billing-helpers';
import { testEvent, testLeague } from './catalog-fixtures';
import { noonUtcToday } from './stream-fixtures';
import type { ApiHost, CallOptions, RunningApi } from './test-api';
import { device } from './streams-suite';

const OPERATOR_TOKEN = 'passes-operator-token-0123456789';
const operator: CallOptions = { bearer: OPERATOR_TOKEN, xsrf: false };
// Today's noon, as the streams suite: access tokens are checked against the wall clock too.
const T0 = noonUtcToday();
let counter = 0;

export type PassViewer = Viewer & { vidictId: string };

export function passSuite(host: () => ApiHost) {
  let api: RunningApi;
  counter += 1;
  const league = `pass-league-${counter}`;
  const otherLeague = `pass-other-${counter}`;
  const ids = {
    league,
    otherLeague,
    live: `${league}-live`,
    ended: `${league}-ended`,
    soon: `${league}-soon`,
    cancelled: `${league}-cancelled`,
    postponed: `${league}-postponed`,
    elsewhere: `${otherLeague}-live`,
  };

  const setState = async (eventId: string, body: Record<string, unknown>) => {
    const res = await api
      .client()
      .postJson(`/${CATALOG_PATHS.operatorEvents}/${eventId}/state`, body, operator);
    if (res.status !== 200) throw new Error(`state of ${eventId}: ${res.status} ${res.text}`);
  };

  beforeAll(async () => {
    await ensureStreamMedia(path.resolve(__dirname, '..', '..', '..', '.cache', 'stream-media'));
    api = await host().start(
      {
        ...BILLING_TEST_ENV,
        CREASE_RENEWAL_INTERVAL_MS: '0',
        CREASE_CATALOG_OPERATOR_TOKENS: `ops:${OPERATOR_TOKEN}`,
      },
      { clock: T0 },
    );
    const ops = api.client();
    for (const [leagueId, caption] of [
      [league, `Pass League ${counter}`],
      [otherLeague, `Other League ${counter}`],
    ] as const)
      await ops.postJson(
        `/${CATALOG_PATHS.operatorLeagues}`,
        testLeague({ leagueId, caption, description: 'Pass test fixtures.' }),
        operator,
      );
    const hours = (h: number) => new Date(T0.getTime() + h * 3_600_000);
    for (const [eventId, leagueId, start] of [
      [ids.live, league, -1],
      [ids.ended, league, -6],
      [ids.soon, league, 5],
      [ids.cancelled, league, 8],
      [ids.postponed, league, 10],
      [ids.elsewhere, otherLeague, -1],
    ] as const) {
      const body = testEvent({
        eventId,
        leagueId,
        title: `Match ${eventId}`,
        start: hours(start),
        end: hours(start + 3),
      });
      const res = await ops.postJson(`/${CATALOG_PATHS.operatorEvents}`, body, operator);
      if (res.status !== 201) throw new Error(`event ${eventId}: ${res.status} ${res.text}`);
    }
    for (const id of [ids.live, ids.ended, ids.elsewhere])
      await setState(id, { status: 'live', eventStatus: 'live' });
    await setState(ids.ended, { status: 'completed', eventStatus: 'ended', result: 'A won' });
    await setState(ids.cancelled, { status: 'cancelled' });
    await setState(ids.postponed, { status: 'postponed' });
    await api.advanceClock(30);
  }, 600_000);
  afterAll(async () => {
    await api.close();
  });

  async function viewer(region?: string): Promise<PassViewer> {
    const v = await newViewer(api, 'passes');
    const vidictId = `dev-${randomUUID()}`;
    await v.client.postJson('/api/v1/devices', device(vidictId), { bearer: v.bearer });
    if (region)
      await v.client.patchJson('/api/v1/account/settings', { region }, { bearer: v.bearer });
    return { ...v, vidictId };
  }

  const target = (scope: PassScope, id: string) =>
    scope === 'MATCH'
      ? { planId: PASS_PLAN_IDS.MATCH, eventId: id }
      : { planId: PASS_PLAN_IDS.SEASON, leagueId: id };

  const checkout = (v: Viewer, scope: PassScope, id: string, key = randomUUID()) =>
    createCheckout(v, target(scope, id), key);

  /** Checkout, the success card, the webhook: the pass is paid. */
  async function buyPass(v: Viewer, scope: PassScope, id: string): Promise<Checkout> {
    const created = await checkout(v, scope, id);
    if (created.status !== 201) throw new Error(`checkout: ${created.status} ${created.text}`);
    const paid = await submitCard(v.client, created.body.sessionId);
    if (paid.status !== 200) throw new Error(`card: ${paid.status} ${paid.text}`);
    return eventually(async () => {
      const c = await getCheckout(v, created.body.checkoutId);
      return c.status === 'PAID' ? c : null;
    });
  }

  const offer = (v: Viewer | null, query: Record<string, string>) =>
    (v?.client ?? api.client()).get<PassOffer & { code?: string }>(
      `/${PASS_PATHS.offer}?${new URLSearchParams(query)}`,
      v ? { bearer: v.bearer } : {},
    );

  const stream = (v: PassViewer, eventId: string) =>
    v.client.postJson<StreamGrant & { code?: string; reason?: string }>(
      `/${STREAM_PATHS.streams}`,
      { edgeAddress: '', pk: eventId, vidictId: v.vidictId, videoQuality: 'HD' },
      { bearer: v.bearer },
    );

  const refund = (paymentId: string) =>
    api.client().postJson(
      `/api/v1/billing/operator/payments/${paymentId}/refunds`,
      {},
      {
        xsrf: false,
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'idempotency-key': randomUUID() },
      },
    );

  return {
    get api() {
      return api;
    },
    ids,
    viewer,
    checkout,
    buyPass,
    offer,
    stream,
    refund,
    setState,
  };
}
