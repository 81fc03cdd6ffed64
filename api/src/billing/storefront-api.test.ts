/** @jest-environment node */
/**
 * The public storefront on / (issue 22 §3), over real HTTP on PGlite and PostgreSQL: live now,
 * the next fixtures, the plans on sale and the trial's terms, with no token; cacheable by a CDN
 * (public max-age, ETag, 304) and the same bytes whoever asks, signed in or not.
 */
import type { Storefront } from '@crease/contract';
import {
  BILLING_PATHS,
  STOREFRONT_MATCH_LIMIT,
  STOREFRONT_MAX_AGE_SECONDS,
} from '@crease/contract';
import { BILLING_TEST_ENV, newViewer } from '../testing/billing-helpers';
import { describeEachDatabase } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';

const DEMO_T1 = new Date('2026-03-14T09:10:00.000Z');
const PATH = `/${BILLING_PATHS.storefront}`;

describeEachDatabase('Public storefront', (host) => {
  let api: RunningApi;

  beforeAll(async () => {
    api = await host().start(
      {
        ...BILLING_TEST_ENV,
        CREASE_CATALOG_DEMO: 'true',
        CREASE_CATALOG_DEMO_TICK_SECONDS: '0',
        CREASE_TRIAL_OVERALL_MINUTES: '90',
        CREASE_TRIAL_DAILY_MINUTES: '20',
      },
      { clock: DEMO_T1 },
    );
    await api.demoTick();
  }, 120_000);
  afterAll(async () => {
    await api.close();
  });

  it('shows a signed-out visitor what is live, the next fixtures, the plans and the trial', async () => {
    const res = await api.client().get<Storefront>(PATH);
    expect(res.status).toBe(200);
    const { live, upcoming, plans, trial } = res.body;

    expect(live.length).toBeGreaterThan(0);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(live.length).toBeLessThanOrEqual(STOREFRONT_MATCH_LIMIT);
    expect(upcoming.length).toBeLessThanOrEqual(STOREFRONT_MATCH_LIMIT);
    for (const match of [...live, ...upcoming]) {
      expect(Object.keys(match).sort()).toEqual([
        'crests',
        'eventId',
        'league',
        'startTime',
        'teams',
        'title',
      ]);
      expect(match.teams).toHaveLength(2);
      // Each team's crest: its short name on its colours, nothing more (issue 36 §6).
      for (const crest of match.crests) {
        expect(Object.keys(crest).sort()).toEqual(['colours', 'shortName']);
        expect(crest.shortName).toMatch(/^[A-Z]{2,4}$/);
        expect(crest.colours.primary).toMatch(/^#[0-9a-fA-F]{6}$/);
        expect(crest.colours.secondary).toMatch(/^#[0-9a-fA-F]{6}$/);
      }
    }
    // Soonest first, and every "next fixture" still to start.
    const starts = upcoming.map((m) => Date.parse(m.startTime));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts.every((t) => t > DEMO_T1.getTime())).toBe(true);

    // The plans on sale in order, never the trial; subscriptions say they renew, passes do not.
    expect(plans.map((p) => p.planId)).toEqual(['match-pass', 'monthly', 'season', 'annual']);
    expect(Object.fromEntries(plans.map((p) => [p.planId, p.renews]))).toEqual({
      'match-pass': false,
      monthly: true,
      season: false,
      annual: true,
    });
    expect(plans.find((p) => p.planId === 'monthly')?.price).toBe(9.99);
    // The trial's terms come from the trial plan and the configured watching limits.
    expect(trial).toEqual({ days: 7, overallMinutes: 90, dailyMinutes: 20 });
  });

  it('is cacheable by anyone: public max-age, an ETag, 304 on If-None-Match, no cookie', async () => {
    const client = api.client();
    const first = await client.get(PATH);
    expect(first.headers.get('cache-control')).toBe(
      `public, max-age=${STOREFRONT_MAX_AGE_SECONDS}, stale-while-revalidate=30`,
    );
    expect(first.headers.get('set-cookie')).toBeNull();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await client.get(PATH, { headers: { 'if-none-match': `"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const stale = await client.get(PATH, { headers: { 'if-none-match': '"not-this-one"' } });
    expect(stale.status).toBe(200);
    expect(stale.text).toBe(first.text);
  });

  it('carries no viewer data: a signed-in viewer gets the same bytes and ETag', async () => {
    const viewer = await newViewer(api, 'storefront');
    const anonymous = await api.client().get(PATH);
    const signedIn = await viewer.client.get(PATH, { bearer: viewer.bearer });
    expect(signedIn.status).toBe(200);
    expect(signedIn.text).toBe(anonymous.text);
    expect(signedIn.headers.get('etag')).toBe(anonymous.headers.get('etag'));
    expect(signedIn.text).not.toContain(viewer.email);
    expect(signedIn.text).not.toContain(viewer.userId);
    // A bad token is not even looked at: the read is public.
    const junk = await api.client().get(PATH, { bearer: 'not-a-token' });
    expect(junk.status).toBe(200);
  });

  it('refuses writes to the read with the spec’s error shape', async () => {
    const res = await api.client().postJson(PATH, {});
    expect(res.status).toBe(404);
    expect(Object.keys(res.body).sort()).toEqual(['code', 'message', 'timeStamp', 'userId']);
  });
});
