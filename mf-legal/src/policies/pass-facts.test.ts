/** @jest-environment node */
/**
 * The Terms and the Refund Policy describe match and season passes as the API sells them (issue
 * 34 §3): the pass offers are read from the real API (a seeded demo match and its league), and
 * what each pass plays, its screens, that it never renews, and the refund rules must be stated.
 */
import { BILLING_PATHS, PASS_PATHS } from '@crease/contract';
import type { PassOffer, Storefront } from '@crease/contract';
import { ApiHost } from 'api/testing/test-api';
import type { RunningApi } from 'api/testing/test-api';
import type { PolicyDocument } from './policy-document';
import { POLICIES } from './index';

let host: ApiHost;
let api: RunningApi;
let match: PassOffer;
let season: PassOffer;

beforeAll(async () => {
  host = await ApiHost.launch(null);
  // The demo catalog too: its matches are what the offers are asked about.
  api = await host.start({ CREASE_SEED: 'true', CREASE_CATALOG_DEMO: 'true' });
  const storefront = await api.client().get<Storefront>(`/${BILLING_PATHS.storefront}`);
  const event = [...storefront.body.upcoming, ...storefront.body.live][0];
  expect(event).toBeDefined();
  const offer = async (query: string) =>
    (await api.client().get<PassOffer>(`/${PASS_PATHS.offer}?${query}`)).body;
  match = await offer(`eventId=${event!.eventId}`);
  season = await offer(`leagueId=${match.leagueId}`);
}, 120_000);
afterAll(async () => {
  await host?.close();
});

const textsOf = (doc: PolicyDocument): string[] =>
  doc.sections.flatMap((section) =>
    section.blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : block.items)),
  );
const terms = () => textsOf(POLICIES['terms-of-service']).join('\n');
const refunds = () => textsOf(POLICIES['refund-policy']).join('\n');

describe('The policies describe match and season passes as the API sells them', () => {
  it('both passes are on sale, for one screen, and are not subscriptions', () => {
    expect(match).toMatchObject({ scope: 'MATCH', available: true });
    expect(season).toMatchObject({ scope: 'SEASON', available: true });
    expect(match.maxDevices).toBe(season.maxDevices);
  });

  it('the Terms say what each pass plays, its screens, and that it never renews', () => {
    const text = terms();
    expect(text).toContain(
      'A match pass plays one match, live and its replay, and no other match.',
    );
    expect(text).toMatch(/A season pass plays every match of one league’s season/);
    const screens = /Either pass plays on (\d+) screens? at a time\./.exec(text);
    expect(Number(screens?.[1])).toBe(match.maxDevices);
    expect(text).toMatch(/Either pass is paid once and never renews\. It is not a subscription/);
  });

  it('the Terms say which passes are not sold, and that a postponed match keeps its pass', () => {
    const text = terms();
    expect(text).toMatch(/if the match is postponed, your match pass plays it on its new date/);
    expect(text).toMatch(/do not sell a pass for a match that has been cancelled/);
    expect(text).toMatch(/a match that is over and has no replay/);
    expect(text).toMatch(/only the first payment is taken/);
  });

  it('the Refund Policy says when a pass is refunded and that a refunded pass stops playing', () => {
    const text = refunds();
    expect(text).toMatch(/match of your match pass is cancelled.*we refund the pass in full/);
    expect(text).toMatch(/postponement alone is not a reason for a refund/);
    expect(text).toMatch(/When a pass is refunded in full, it stops playing at once\./);
    expect(text).toMatch(/season pass plays every match of one league’s season/);
  });
});
