/**
 * The catalog suites' shared setup (catalog/catalog-api.test.ts, catalog-operator-api.test.ts,
 * catalog-demo-api.test.ts): an API on a fixed clock at T0 with two operators, a signed-in
 * viewer, two leagues and a hidden one, and matches around T0 (finished, live, upcoming).
 * Call it inside a describe: it registers that describe's beforeAll and afterAll.
 */
import type { CatalogEvent, EventCreate, EventPage, League, LeagueCreate } from '@crease/contract';
import { CATALOG_PATHS } from '@crease/contract';
import { uniqueEmail } from './test-api';
import type { ApiClient, ApiHost, CallOptions, RunningApi } from './test-api';
import { testEvent, testLeague } from './catalog-fixtures';

export const T0 = new Date('2026-06-01T12:00:00.000Z');
export const HOUR = 3_600_000;
export const iso = (offsetHours: number) =>
  new Date(T0.getTime() + offsetHours * HOUR).toISOString();
export const OPERATOR_TOKEN = 'alice-operator-token-0123456789';
const OTHER_OPERATOR_TOKEN = 'bob-operator-token-9876543210';
export const OPERATOR_ENV = {
  CREASE_CATALOG_OPERATOR_TOKENS: `alice:${OPERATOR_TOKEN},bob:${OTHER_OPERATOR_TOKEN}`,
};

let suiteCounter = 0;

/** Registers the setup with the enclosing describe's beforeAll/afterAll; returns its handles. */
export function catalogSuite(host: () => ApiHost) {
  let api: RunningApi;
  let client: ApiClient;
  let viewer: CallOptions;
  const alice: CallOptions = { bearer: OPERATOR_TOKEN, xsrf: false };
  const bob: CallOptions = { bearer: OTHER_OPERATOR_TOKEN, xsrf: false };
  // Ids unique per database leg, so the legs never meet (they use separate databases anyway).
  suiteCounter += 1;
  const northId = `north-t20-${suiteCounter}`;
  const southId = `south-odi-${suiteCounter}`;
  const hiddenId = `hidden-league-${suiteCounter}`;

  const league = (leagueId: string, caption: string, active = true): LeagueCreate =>
    testLeague({
      leagueId,
      caption,
      description: `${caption}: test fixtures.`,
      logoAltText: `${caption} logo`,
      application: 'live',
      active,
    });
  const event = (eventId: string, leagueId: string, startHours: number, hours = 3): EventCreate =>
    testEvent({
      eventId,
      leagueId,
      title: `Match ${eventId}`,
      start: new Date(T0.getTime() + startHours * HOUR),
      end: new Date(T0.getTime() + (startHours + hours) * HOUR),
    });

  const operator = {
    createLeague: (body: unknown, as = alice) =>
      client.postJson<League>(`/${CATALOG_PATHS.operatorLeagues}`, body, as),
    createEvent: (body: unknown, as = alice) =>
      client.postJson<CatalogEvent>(`/${CATALOG_PATHS.operatorEvents}`, body, as),
    state: (eventId: string, body: unknown, as = alice) =>
      client.postJson<CatalogEvent>(`/${CATALOG_PATHS.operatorEvents}/${eventId}/state`, body, as),
  };
  const events = (query: string) =>
    client.get<EventPage>(`/${CATALOG_PATHS.events}?${query}`, viewer);

  beforeAll(async () => {
    api = await host().start(OPERATOR_ENV, { clock: T0 });
    client = api.client();
    const email = uniqueEmail('catalog');
    expect((await client.register(email, 'correct horse battery')).status).toBe(201);
    const { body } = await client.signIn(email, 'correct horse battery');
    viewer = { bearer: body.access_token };

    // Two leagues and one hidden one; events around T0: finished, live, upcoming.
    for (const l of [
      league(northId, 'North T20'),
      league(southId, 'South ODI'),
      league(hiddenId, 'Hidden', false),
    ])
      expect((await operator.createLeague(l)).status).toBe(201);
    const fixtures = [
      event(`${northId}-done-1`, northId, -30),
      event(`${northId}-done-2`, northId, -6),
      event(`${northId}-live`, northId, -1),
      event(`${northId}-next-1`, northId, 5),
      event(`${northId}-next-2`, northId, 30),
      event(`${southId}-done`, southId, -10, 8),
      event(`${southId}-next`, southId, 20, 8),
      event(`${hiddenId}-next`, hiddenId, 2),
    ];
    for (const f of fixtures) expect((await operator.createEvent(f)).status).toBe(201);
    const finish = async (eventId: string, result: string) => {
      expect((await operator.state(eventId, { status: 'live', eventStatus: 'live' })).status).toBe(
        200,
      );
      const done = await operator.state(eventId, {
        status: 'completed',
        result,
        eventStatus: 'ended',
      });
      expect(done.status).toBe(200);
    };
    await finish(`${northId}-done-1`, 'Northern Owls won by 12 runs');
    await finish(`${northId}-done-2`, 'Southern Foxes won by 3 wickets (DLS method)');
    await finish(`${southId}-done`, 'No result');
    expect(
      (await operator.state(`${northId}-live`, { status: 'live', eventStatus: 'live' })).status,
    ).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await api.close();
  });

  return {
    get api() {
      return api;
    },
    get client() {
      return client;
    },
    get viewer() {
      return viewer;
    },
    alice,
    bob,
    northId,
    southId,
    hiddenId,
    league,
    event,
    operator,
    events,
  };
}
