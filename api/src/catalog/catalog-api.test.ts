/** @jest-environment node */
/**
 * The catalog API over real HTTP, the same suite on PGlite and on a throwaway PostgreSQL: viewer
 * reads (filters, pagination, ETag/304, 404/400), the operator API (401/400/404/409, legal moves,
 * audit, timeline) and the rolling demo at several clock values. The catalog runs on a fixed,
 * settable clock; nothing here waits on wall time.
 */
import type {
  AuditPage,
  CatalogEvent,
  EventCreate,
  EventPage,
  EventTimeline,
  League,
  LeagueCreate,
} from '@crease/contract';
import { CATALOG_PATHS, catalogLogoPath } from '@crease/contract';
import { describeEachDatabase, uniqueEmail } from '../testing/test-api';
import type { ApiClient, CallOptions, RunningApi } from '../testing/test-api';
import { PRODUCTION_API_ENV } from '../testing/production-env';
import { testEvent, testLeague } from '../testing/catalog-fixtures';

const T0 = new Date('2026-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
const iso = (offsetHours: number) => new Date(T0.getTime() + offsetHours * HOUR).toISOString();
const OPERATOR_TOKEN = 'alice-operator-token-0123456789';
const OTHER_OPERATOR_TOKEN = 'bob-operator-token-9876543210';
const OPERATOR_ENV = {
  CREASE_CATALOG_OPERATOR_TOKENS: `alice:${OPERATOR_TOKEN},bob:${OTHER_OPERATOR_TOKEN}`,
};

let suiteCounter = 0;

describeEachDatabase('catalog API', (host) => {
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

  describe('viewer reads', () => {
    it('need a signed-in viewer', async () => {
      const res = await client.get(`/${CATALOG_PATHS.events}`);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', userId: null });
      // The token is checked before the query: no token, bad filter, still a 401.
      expect((await client.get(`/${CATALOG_PATHS.events}?status=nonsense`)).status).toBe(401);
      expect(
        (await client.get(`/${CATALOG_PATHS.leagues}`, { bearer: 'not-a-token' })).status,
      ).toBe(401);
    });

    it('list leagues (the product contract fields) with their events, hiding inactive leagues', async () => {
      const res = await client.get<{ items: League[] }>(`/${CATALOG_PATHS.leagues}`, viewer);
      expect(res.status).toBe(200);
      const north = res.body.items.find((l) => l.leagueId === northId);
      expect(north).toEqual({
        leagueId: northId,
        caption: 'North T20',
        description: 'North T20: test fixtures.',
        logoFilename: expect.stringMatching(/^crease-premier-league\.[0-9a-f]{10}\.svg$/),
        logoAltText: 'North T20 logo',
        application: 'live',
        status: 'in_progress',
        active: true,
        events: expect.any(Array),
      });
      expect(north?.events.map((e) => e.eventId)).toEqual([
        `${northId}-done-1`,
        `${northId}-done-2`,
        `${northId}-live`,
        `${northId}-next-1`,
        `${northId}-next-2`,
      ]);
      expect(res.body.items.some((l) => l.leagueId === hiddenId)).toBe(false);
      const one = await client.get<League>(
        `/${CATALOG_PATHS.leagues}/${southId}?status=upcoming`,
        viewer,
      );
      expect(one.body.events.map((e) => e.eventId)).toEqual([`${southId}-next`]);
      expect(
        (await client.get(`/${CATALOG_PATHS.leagues}/${hiddenId}`, viewer)).body,
      ).toMatchObject({
        code: 'LEAGUE_NOT_FOUND',
      });
    });

    it('give each event its teams, times, cricket state and channel', async () => {
      const res = await client.get<CatalogEvent>(
        `/${CATALOG_PATHS.events}/${northId}-done-2`,
        viewer,
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        eventId: `${northId}-done-2`,
        leagueId: northId,
        teams: [{ shortName: 'NOW', colours: { primary: '#112233' } }, { shortName: 'SOF' }],
        venue: { city: 'Leeds' },
        format: 't20',
        startTime: iso(-6),
        estimatedEnd: iso(-3),
        status: 'completed',
        playState: null,
        result: 'Southern Foxes won by 3 wickets (DLS method)',
        eventStatus: 'ended',
        channelId: `ch-${northId}-done-2`,
      });
    });

    it('filter by league and by status group (live, upcoming, finished: newest first)', async () => {
      const ids = async (query: string) => (await events(query)).body.items.map((e) => e.eventId);
      expect(await ids(`league=${northId}&status=live`)).toEqual([`${northId}-live`]);
      expect(await ids(`league=${northId}&status=upcoming`)).toEqual([
        `${northId}-next-1`,
        `${northId}-next-2`,
      ]);
      expect(await ids(`league=${northId}&status=finished`)).toEqual([
        `${northId}-done-2`,
        `${northId}-done-1`,
      ]);
      expect(await ids(`league=${southId}`)).toEqual([`${southId}-done`, `${southId}-next`]);
    });

    it('filter by date range: events overlapping [from, to)', async () => {
      const res = await events(`league=${northId}&from=${iso(-4)}&to=${iso(6)}`);
      expect(res.body.items.map((e) => e.eventId)).toEqual([
        `${northId}-done-2`, // -6 .. -3 overlaps
        `${northId}-live`,
        `${northId}-next-1`,
      ]);
      // Any offset is an instant; the answer is the same.
      const offset = await events(
        `league=${northId}&from=${encodeURIComponent('2026-06-01T13:00:00+05:00')}&to=${iso(6)}`,
      );
      expect(offset.body.items.map((e) => e.eventId)).toEqual([
        `${northId}-done-2`,
        `${northId}-live`,
        `${northId}-next-1`,
      ]);
    });

    it('paginate by cursor: every event once, in order, with the filters kept', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res: { status: number; body: EventPage } = await events(
          `league=${northId}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        expect(res.status).toBe(200);
        expect(res.body.items.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.items.map((e) => e.eventId));
        cursor = res.body.nextCursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual(
        (await events(`league=${northId}&limit=100`)).body.items.map((e) => e.eventId),
      );
      expect(new Set(seen).size).toBe(5);
    });

    it('answer 400 naming the field for a bad filter, and 404 for an unknown league or event', async () => {
      const cases: [string, string][] = [
        ['status=over', 'Field "status" must be one of: live, upcoming, finished.'],
        ['from=yesterday', 'Field "from" must match format "date-time".'],
        [`from=${iso(2)}&to=${iso(1)}`, 'Field "to" must be after "from".'],
        ['limit=0', 'Field "limit" must be a whole number from 1 to 100.'],
        ['limit=ten', 'Field "limit" must match pattern "^[0-9]{1,3}$".'],
        ['cursor=bm9wZQ', 'Field "cursor" is not a cursor this API gave out.'],
        ['league=Not%20A%20Slug', 'Field "league" must match pattern "^[a-z0-9]+(-[a-z0-9]+)*$".'],
        ['colour=red', 'Unexpected field "colour" in the querystring.'],
      ];
      for (const [query, message] of cases) {
        const res = await events(query);
        expect({ query, status: res.status, body: res.body }).toEqual({
          query,
          status: 400,
          body: { code: 'VALIDATION_FAILED', userId: null, message, timeStamp: expect.any(String) },
        });
      }
      expect((await events('league=no-such-league')).body).toMatchObject({
        code: 'LEAGUE_NOT_FOUND',
      });
      const missing = await client.get(`/${CATALOG_PATHS.events}/no-such-event`, viewer);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'EVENT_NOT_FOUND', userId: null });
      expect((await client.get(`/${CATALOG_PATHS.events}/${hiddenId}-next`, viewer)).status).toBe(
        404,
      );
    });

    it('carry ETag and Cache-Control; 304 for If-None-Match; a new ETag once the state changes', async () => {
      const path = `/${CATALOG_PATHS.events}?league=${northId}`;
      const first = await client.get(path, viewer);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe(
        'public, max-age=5, stale-while-revalidate=4',
      );
      const again = await client.get(path, { ...viewer, headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(
        (await client.get(path, { ...viewer, headers: { 'if-none-match': `W/${etag}` } })).status,
      ).toBe(304);

      expect((await operator.state(`${northId}-live`, { playState: 'drinks' })).status).toBe(200);
      const changed = await client.get<EventPage>(path, {
        ...viewer,
        headers: { 'if-none-match': etag! },
      });
      expect(changed.status).toBe(200);
      expect(changed.headers.get('etag')).not.toBe(etag);
      expect(changed.body.items.find((e) => e.eventId === `${northId}-live`)?.playState).toBe(
        'drinks',
      );
      await operator.state(`${northId}-live`, { playState: 'in_play' });
    });

    it('let a page on the site send If-None-Match and read the ETag (CORS)', async () => {
      const preflight = await client.request(
        'OPTIONS',
        `/${CATALOG_PATHS.leagues}`,
        undefined,
        undefined,
        {
          headers: {
            origin: api.siteOrigins[0]!,
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'authorization,if-none-match',
          },
        },
      );
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/If-None-Match/i);
      const read = await client.get(`/${CATALOG_PATHS.leagues}`, {
        ...viewer,
        headers: { origin: api.siteOrigins[0]! },
      });
      expect(read.headers.get('access-control-allow-origin')).toBe(api.siteOrigins[0]);
      expect(read.headers.get('access-control-expose-headers')).toMatch(/ETag/i);
    });

    it('serve the logos a League names, immutable, and 404 for any other file', async () => {
      const { body } = await client.get<League>(`/${CATALOG_PATHS.leagues}/${northId}`, viewer);
      const logo = await client.get(`/${catalogLogoPath(body.logoFilename)}`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(logo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(logo.text).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      const stale = await client.get(`/${catalogLogoPath('crease-premier-league.0000000000.svg')}`);
      expect(stale.status).toBe(404);
      expect(stale.body).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('odd input', () => {
    it('never answers 5xx, whatever the query, path or body', async () => {
      const viewerPaths = [
        `/${CATALOG_PATHS.events}?from=0000-01-01T00:00:00Z`,
        `/${CATALOG_PATHS.events}?from=2026-02-30T00:00:00Z`,
        `/${CATALOG_PATHS.events}?to=9999-12-31T23:59:59Z`,
        `/${CATALOG_PATHS.events}?limit=999`,
        `/${CATALOG_PATHS.events}?cursor=${'A'.repeat(300)}`,
        `/${CATALOG_PATHS.events}?cursor=WyIyMDI2IiwxXQ`,
        `/${CATALOG_PATHS.events}?league=a&league=b`,
        `/${CATALOG_PATHS.events}?status=`,
        `/${CATALOG_PATHS.events}/${'x'.repeat(65)}`,
        `/${CATALOG_PATHS.events}/%00`,
        `/${CATALOG_PATHS.events}/${northId}-live/timeline?after=-1`,
        `/${CATALOG_PATHS.events}/${northId}-live/timeline?after=99999999999`,
        `/${CATALOG_PATHS.leagues}/UPPER`,
        `/${catalogLogoPath('../../package.json')}`,
      ];
      const answers: { path: string; status: number; code: unknown }[] = [];
      for (const path of viewerPaths) {
        const res = await client.get(path, viewer);
        answers.push({ path, status: res.status, code: res.body?.code });
      }
      // Every one a 4xx in the spec's error shape.
      expect(answers.filter((a) => a.status < 400 || a.status >= 500 || !a.code)).toEqual([]);
      const bodies: [string, string, string][] = [
        ['POST', `/${CATALOG_PATHS.operatorEvents}`, '{"eventId":'],
        ['POST', `/${CATALOG_PATHS.operatorEvents}`, '[]'],
        [
          'POST',
          `/${CATALOG_PATHS.operatorEvents}/${northId}-live/state`,
          '{"at":"0000-01-01T00:00:00Z"}',
        ],
        ['POST', `/${CATALOG_PATHS.operatorEvents}/${northId}-live/state`, '{"innings":[{}]}'],
        ['POST', `/${CATALOG_PATHS.operatorEvents}/${northId}-live/state`, '{"result":"\\u0000"}'],
        [
          'PATCH',
          `/${CATALOG_PATHS.operatorEvents}/${northId}-live`,
          '{"startTime":"2200-01-01T00:00:00Z"}',
        ],
        [
          'PATCH',
          `/${CATALOG_PATHS.operatorEvents}/${northId}-live`,
          '{"leagueId":"no-such-league"}',
        ],
        ['PATCH', `/${CATALOG_PATHS.operatorLeagues}/${northId}`, '{}'],
      ];
      const writes: { method: string; path: string; body: string; status: number }[] = [];
      for (const [method, path, body] of bodies) {
        const res = await client.request(method, path, body, 'application/json', alice);
        writes.push({ method, path, body, status: res.status });
      }
      expect(writes.filter((w) => w.status < 400 || w.status >= 500)).toEqual([]);
      const live = await client.get<CatalogEvent>(
        `/${CATALOG_PATHS.events}/${northId}-live`,
        viewer,
      );
      expect(live.body).toMatchObject({ status: 'live', leagueId: northId, startTime: iso(-1) });
    });
  });

  describe('operator API', () => {
    it('answers 401 without a token or with a wrong one (a viewer token is not one)', async () => {
      const none = await client.postJson(`/${CATALOG_PATHS.operatorLeagues}`, league('x-1', 'X'), {
        xsrf: false,
      });
      expect(none.status).toBe(401);
      expect(none.body).toMatchObject({ code: 'OPERATOR_TOKEN_REQUIRED' });
      const wrong = await operator.createLeague(league('x-2', 'X'), {
        bearer: 'wrong-token-wrong-token',
        xsrf: false,
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ code: 'INVALID_OPERATOR_TOKEN' });
      // The token is checked first: a bad body from a caller without one is still a 401.
      const badBodyNoToken = await client.postJson(
        `/${CATALOG_PATHS.operatorEvents}`,
        { nope: 1 },
        {
          xsrf: false,
        },
      );
      expect(badBodyNoToken.body).toMatchObject({ code: 'OPERATOR_TOKEN_REQUIRED' });
      expect(badBodyNoToken.status).toBe(401);
      const asViewer = await operator.createLeague(league('x-3', 'X'), { ...viewer, xsrf: false });
      expect(asViewer.body).toMatchObject({ code: 'INVALID_OPERATOR_TOKEN' });
      expect(
        await host().query('SELECT id FROM catalog_leagues WHERE id LIKE $1', ['x-%']),
      ).toEqual([]);
    });

    it('answers 400 naming the field for bad payloads, storing nothing', async () => {
      const id = `${northId}-bad`;
      const cases: [() => Promise<{ status: number; body: unknown }>, string][] = [
        [
          () => operator.createEvent({ ...event(id, northId, 1), estimatedEnd: iso(0) }),
          'Field "estimatedEnd" must be after startTime.',
        ],
        [
          () => operator.createEvent({ ...event(id, northId, 1), format: 'T20' }),
          'Field "format" must be one of: t20, odi, test, the_hundred, t10, first_class.',
        ],
        [
          () => operator.createEvent({ ...event(id, northId, 1), startTime: 'tomorrow' }),
          'Field "startTime" must match format "date-time".',
        ],
        [
          () =>
            operator.createEvent({
              ...event(id, northId, 1),
              teams: [event(id, northId, 1).teams[0], event(id, northId, 1).teams[0]],
            }),
          'Field "teams.1.shortName" must differ from the other team’s.',
        ],
        [
          () => operator.createLeague({ ...league(`${northId}-x`, 'X'), logo: 'no-such-logo' }),
          'Field "logo" must be one of the shipped logos: coastal-hundred, continental-odi-series, crease-premier-league.',
        ],
        [
          () => operator.state(`${northId}-live`, { status: 'lunch' }),
          'Field "status" must be one of: scheduled, live, completed, abandoned, cancelled, postponed.',
        ],
        [
          () => operator.state(`${northId}-live`, { playState: 'siesta' }),
          'Field "playState" must be one of: in_play, innings_break, rain_delay, bad_light, drinks, lunch, tea, stumps.',
        ],
        [
          () =>
            operator.state(`${northId}-live`, {
              innings: [{ team: 'NOW', runs: -1, wickets: 0, overs: '1', declared: false }],
            }),
          'Field "innings.0.runs" must be >= 0.',
        ],
        [
          () =>
            operator.state(`${northId}-live`, {
              innings: [{ team: 'NOW', runs: 10, wickets: 11, overs: '1', declared: false }],
            }),
          'Field "innings.0.wickets" must be <= 10.',
        ],
        [
          () =>
            operator.state(`${northId}-live`, {
              innings: [{ team: 'NOW', runs: 10, wickets: 1, overs: '1.6', declared: false }],
            }),
          'Field "innings.0.overs" must match pattern "^(0|[1-9][0-9]{0,2})(\\.[0-5])?$".',
        ],
        [
          () => operator.state(`${northId}-live`, { at: iso(1) }),
          'Field "at" must not be in the future.',
        ],
        [
          () => operator.state(`${northId}-live`, {}),
          'Field "body" must NOT have fewer than 1 properties.',
        ],
      ];
      for (const [call, message] of cases) {
        const res = await call();
        expect({ message, status: res.status, body: res.body }).toEqual({
          message,
          status: 400,
          body: { code: 'VALIDATION_FAILED', userId: null, message, timeStamp: expect.any(String) },
        });
      }
      expect(await host().query('SELECT id FROM catalog_events WHERE id = $1', [id])).toEqual([]);
      const live = await client.get<CatalogEvent>(
        `/${CATALOG_PATHS.events}/${northId}-live`,
        viewer,
      );
      expect(live.body).toMatchObject({ status: 'live', playState: 'in_play', innings: [] });
    });

    it('answers 404 for an unknown league or event, 409 for an existing id', async () => {
      expect(
        (await operator.createEvent(event('orphan-1', 'no-such-league', 1))).body,
      ).toMatchObject({
        code: 'LEAGUE_NOT_FOUND',
      });
      const unknown = await operator.state('no-such-event', { status: 'live' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'EVENT_NOT_FOUND' });
      const patch = await client.patchJson(
        `/${CATALOG_PATHS.operatorLeagues}/no-such-league`,
        { caption: 'X' },
        alice,
      );
      expect(patch.status).toBe(404);
      const again = await operator.createEvent(event(`${northId}-live`, northId, 1));
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'EVENT_EXISTS' });
      expect((await operator.createLeague(league(northId, 'Again'))).body).toMatchObject({
        code: 'LEAGUE_EXISTS',
      });
    });

    it('moves a match only by legal moves: completed -> scheduled is 409', async () => {
      const id = `${northId}-moves`;
      expect((await operator.createEvent(event(id, northId, 0.5))).status).toBe(201);
      const backwards = await operator.state(`${northId}-done-1`, { status: 'scheduled' });
      expect(backwards.status).toBe(409);
      expect(backwards.body).toMatchObject({
        code: 'ILLEGAL_TRANSITION',
        message: 'The match cannot move from completed to scheduled.',
      });
      expect((await operator.state(id, { playState: 'tea' })).status).toBe(409);
      const steps = [
        { eventStatus: 'live' },
        { toss: { winner: 'SOF', decision: 'bowl' } },
        { status: 'live' },
        { innings: [{ team: 'NOW', runs: 54, wickets: 1, overs: '6', declared: false }] },
        {
          playState: 'innings_break',
          innings: [{ team: 'NOW', runs: 171, wickets: 6, overs: '20', declared: false }],
        },
        {
          playState: 'in_play',
          innings: [
            { team: 'NOW', runs: 171, wickets: 6, overs: '20', declared: false },
            { team: 'SOF', runs: 80, wickets: 2, overs: '10.3', declared: false },
          ],
        },
        { playState: 'rain_delay' },
        { status: 'completed', result: 'Southern Foxes won by 4 runs (DLS method)' },
        { eventStatus: 'ended' },
      ];
      let last: CatalogEvent | undefined;
      for (const step of steps) {
        const res = await operator.state(id, step);
        expect({ step, status: res.status }).toEqual({ step, status: 200 });
        last = res.body;
      }
      expect(last).toMatchObject({
        status: 'completed',
        playState: null,
        toss: { winner: 'SOF', decision: 'bowl' },
        scoreSummary: 'NOW 171/6 (20) · SOF 80/2 (10.3)',
        result: 'Southern Foxes won by 4 runs (DLS method)',
        eventStatus: 'ended',
      });
      expect((await operator.state(id, { status: 'live' })).status).toBe(409);
      expect((await operator.state(id, { eventStatus: 'live' })).body).toMatchObject({
        code: 'ILLEGAL_TRANSITION',
        message: 'The stream cannot move from ended to live.',
      });

      // The timeline: every state, with its `at`, in order (the player's no-spoiler feed).
      const timeline = await client.get<EventTimeline>(
        `/${CATALOG_PATHS.events}/${id}/timeline`,
        viewer,
      );
      expect(timeline.body.entries.map((e) => e.seq)).toEqual(
        Array.from({ length: steps.length + 1 }, (_, i) => i + 1),
      );
      expect(timeline.body.entries.map((e) => e.state.playState)).toEqual([
        null,
        null,
        null,
        'in_play',
        'in_play',
        'innings_break',
        'in_play',
        'rain_delay',
        null,
        null,
      ]);
      expect(timeline.body.entries.every((e) => e.at === T0.toISOString())).toBe(true);
      const later = await client.get<EventTimeline>(
        `/${CATALOG_PATHS.events}/${id}/timeline?after=8`,
        viewer,
      );
      expect(later.body.entries.map((e) => e.state.status)).toEqual(['completed', 'completed']);
    });

    it('backdates a change with `at`, but never before the latest state', async () => {
      const id = `${northId}-backdated`;
      await operator.createEvent(event(id, northId, -0.5));
      expect((await operator.state(id, { status: 'live', at: iso(-0.5) })).status).toBe(409); // created at T0
      await api.setClock(new Date(T0.getTime() + 60_000));
      const res = await operator.state(id, { status: 'live', at: iso(0.01) });
      expect(res.status).toBe(200);
      const timeline = await client.get<EventTimeline>(
        `/${CATALOG_PATHS.events}/${id}/timeline`,
        viewer,
      );
      expect(timeline.body.entries.map((e) => e.at)).toEqual([T0.toISOString(), iso(0.01)]);
      await api.setClock(T0);
    });

    it('updates leagues and events, and records who changed what, when', async () => {
      const id = `${northId}-audited`;
      await operator.createEvent(event(id, northId, 3), bob);
      const moved = await client.patchJson<CatalogEvent>(
        `/${CATALOG_PATHS.operatorEvents}/${id}`,
        { startTime: iso(4), estimatedEnd: iso(7) },
        alice,
      );
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ startTime: iso(4), estimatedEnd: iso(7) });
      const badMove = await client.patchJson(
        `/${CATALOG_PATHS.operatorEvents}/${id}`,
        { estimatedEnd: iso(1) },
        alice,
      );
      expect(badMove.body).toMatchObject({
        message: 'Field "estimatedEnd" must be after startTime.',
      });
      await operator.state(id, { status: 'postponed' }, bob);

      const audit = await client.get<AuditPage>(
        `/${CATALOG_PATHS.operatorAudit}?entity=${id}`,
        alice,
      );
      expect(audit.status).toBe(200);
      expect(audit.body.items.map((e) => [e.actor, e.action, e.at])).toEqual([
        ['bob', 'event.state', T0.toISOString()],
        ['alice', 'event.update', T0.toISOString()],
        ['bob', 'event.create', T0.toISOString()],
      ]);
      expect(audit.body.items[0]?.changes).toEqual({
        status: { before: 'scheduled', after: 'postponed' },
      });
      expect(audit.body.items[1]?.changes).toEqual({
        startTime: { before: iso(3), after: iso(4) },
        estimatedEnd: { before: iso(6), after: iso(7) },
      });

      const renamed = await client.patchJson<League>(
        `/${CATALOG_PATHS.operatorLeagues}/${southId}`,
        { caption: 'South ODI Cup', status: 'completed' },
        bob,
      );
      expect(renamed.body).toMatchObject({ caption: 'South ODI Cup', status: 'completed' });
      const leagueAudit = await client.get<AuditPage>(
        `/${CATALOG_PATHS.operatorAudit}?entity=${southId}&limit=1`,
        alice,
      );
      expect(leagueAudit.body.items[0]).toMatchObject({
        actor: 'bob',
        action: 'league.update',
        changes: {
          caption: { before: 'South ODI', after: 'South ODI Cup' },
          status: { before: 'in_progress', after: 'completed' },
        },
      });
      expect(leagueAudit.body.nextCursor).toEqual(expect.any(String));
      expect((await client.get(`/${CATALOG_PATHS.operatorAudit}`)).status).toBe(401);
    });

    it('refuses every operator call in production when no token is configured', async () => {
      const production = await host().start({
        ...PRODUCTION_API_ENV,
        CREASE_ARGON2_MEMORY_KIB: '19456',
        CREASE_ARGON2_TIME_COST: '2',
      });
      try {
        const res = await production
          .client()
          .postJson(`/${CATALOG_PATHS.operatorLeagues}`, league('prod-1', 'P'), {
            bearer: OPERATOR_TOKEN,
            xsrf: false,
          });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ code: 'OPERATOR_API_LOCKED' });
      } finally {
        await production.close();
      }
    });
  });

  describe('rolling demo', () => {
    const DEMO_T1 = new Date('2026-03-14T09:10:00.000Z');
    let demo: RunningApi;
    beforeAll(async () => {
      demo = await host().start(
        { CREASE_CATALOG_DEMO: 'true', CREASE_CATALOG_DEMO_TICK_SECONDS: '0', ...OPERATOR_ENV },
        { clock: DEMO_T1 },
      );
    }, 120_000);
    afterAll(async () => {
      await demo.close();
    });

    const demoEvents = async (query: string) =>
      (
        await demo
          .client()
          .get<EventPage>(
            `/${CATALOG_PATHS.events}?limit=100&from=${new Date(DEMO_T1.getTime() - 40 * HOUR).toISOString()}&to=${new Date(DEMO_T1.getTime() + 60 * HOUR).toISOString()}&${query}`,
            viewer,
          )
      ).body.items.filter((e) => /^(cpl|c100|odi)-/.test(e.eventId));

    it('shows live, upcoming and finished matches in several leagues at start', async () => {
      const live = await demoEvents('status=live');
      expect(live.some((e) => e.eventStatus === 'live')).toBe(true);
      expect((await demoEvents('status=upcoming')).length).toBeGreaterThanOrEqual(3);
      expect((await demoEvents('status=finished')).length).toBeGreaterThanOrEqual(3);
      const leagues = await demo
        .client()
        .get<{ items: League[] }>(`/${CATALOG_PATHS.leagues}`, viewer);
      const demoLeagues = leagues.body.items.filter((l) =>
        ['crease-premier-league', 'coastal-hundred', 'continental-odi-series'].includes(l.leagueId),
      );
      expect(demoLeagues.length).toBe(3);
      expect(live.every((e) => e.channelId === `ch-${e.eventId}`)).toBe(true);
    });

    it('is idempotent: another tick at the same time changes nothing', async () => {
      const counts = async () =>
        (
          await host().query<{ events: number; entries: number; audit: number }>(
            "SELECT (SELECT count(*)::int FROM catalog_events WHERE demo_driven) AS events, (SELECT count(*)::int FROM catalog_event_timeline WHERE event_id ~ '^(cpl|c100|odi)-') AS entries, (SELECT count(*)::int FROM catalog_audit WHERE actor = 'demo-clock') AS audit",
          )
        )[0];
      const first = await counts();
      expect(first?.events).toBeGreaterThan(20);
      expect(await demo.demoTick()).toEqual({
        leaguesCreated: 0,
        eventsCreated: 0,
        stepsApplied: 0,
        eventsPruned: 0,
      });
      expect(await counts()).toEqual(first);
    });

    it('advances with the clock: live matches finish with a result, new ones go live', async () => {
      const liveAtT1 = (await demoEvents('status=live')).map((e) => e.eventId);
      expect(liveAtT1.length).toBeGreaterThan(0);
      for (const hours of [2, 9, 26]) {
        await demo.setClock(new Date(DEMO_T1.getTime() + hours * HOUR));
        const tick = await demo.demoTick();
        expect(tick.stepsApplied).toBeGreaterThan(0);
        const live = await demoEvents('status=live');
        expect(live.some((e) => e.eventStatus === 'live')).toBe(true);
        if (hours === 9) {
          expect(live.filter((e) => liveAtT1.includes(e.eventId))).toEqual([]);
          for (const id of liveAtT1) {
            const was = await demo
              .client()
              .get<CatalogEvent>(`/${CATALOG_PATHS.events}/${id}`, viewer);
            expect(['completed', 'abandoned']).toContain(was.body.status);
            expect(was.body.result).toEqual(expect.any(String));
          }
        }
      }
      // 26 h on, the window has rolled: fixtures that did not exist at T1 are now listed.
      const all = await demoEvents('');
      expect(all.some((e) => new Date(e.startTime).getTime() > DEMO_T1.getTime() + 48 * HOUR)).toBe(
        true,
      );
    });

    it('lets an operator take a live demo match over: the demo clock leaves it alone', async () => {
      // The clock stands at T1 + 26 h (previous test).
      const live = await demoEvents('status=live');
      const [taken, ...others] = live;
      expect(taken).toBeDefined();
      const rain = await demo
        .client()
        .postJson<CatalogEvent>(
          `/${CATALOG_PATHS.operatorEvents}/${taken!.eventId}/state`,
          { playState: 'rain_delay' },
          alice,
        );
      expect(rain.status).toBe(200);
      await demo.setClock(new Date(DEMO_T1.getTime() + 36 * HOUR));
      await demo.demoTick();
      const after = await demo
        .client()
        .get<CatalogEvent>(`/${CATALOG_PATHS.events}/${taken!.eventId}`, viewer);
      expect(after.body).toMatchObject({ status: 'live', playState: 'rain_delay' });
      for (const other of others) {
        const moved = await demo
          .client()
          .get<CatalogEvent>(`/${CATALOG_PATHS.events}/${other.eventId}`, viewer);
        expect(moved.body.status).not.toBe('live');
      }
      const audit = await demo
        .client()
        .get<AuditPage>(`/${CATALOG_PATHS.operatorAudit}?entity=${taken!.eventId}&limit=1`, alice);
      expect(audit.body.items[0]).toMatchObject({
        actor: 'alice',
        action: 'event.state',
        changes: {
          playState: { before: expect.any(String), after: 'rain_delay' },
          demoDriven: { before: true, after: false },
        },
      });
    });
  });
});
