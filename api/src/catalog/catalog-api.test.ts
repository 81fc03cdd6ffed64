/** @jest-environment node */
/**
 * The catalog API's viewer reads over real HTTP, on PGlite and on a throwaway PostgreSQL:
 * filters, pagination, ETag/304, 404/400 and odd input. The operator API:
 * catalog-operator-api.test.ts; the rolling demo: catalog-demo-api.test.ts. The catalog runs on a
 * fixed, settable clock; nothing here waits on wall time.
 */
import type { CatalogEvent, EventPage, League } from '@crease/contract';
import { CATALOG_PATHS, catalogLogoPath } from '@crease/contract';
import { describeEachDatabase } from '../testing/test-api';
import { catalogSuite, iso } from '../testing/catalog-suite';

describeEachDatabase('catalog API: viewer reads', (host) => {
  const s = catalogSuite(host);
  const { alice, northId, southId, hiddenId, operator, events } = s;

  describe('viewer reads', () => {
    it('need a signed-in viewer', async () => {
      const res = await s.client.get(`/${CATALOG_PATHS.events}`);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHORIZED', userId: null });
      // The token is checked before the query: no token, bad filter, still a 401.
      expect((await s.client.get(`/${CATALOG_PATHS.events}?status=nonsense`)).status).toBe(401);
      expect(
        (await s.client.get(`/${CATALOG_PATHS.leagues}`, { bearer: 'not-a-token' })).status,
      ).toBe(401);
    });

    it('list leagues (the product contract fields) with their events, hiding inactive leagues', async () => {
      const res = await s.client.get<{ items: League[] }>(`/${CATALOG_PATHS.leagues}`, s.viewer);
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
      const one = await s.client.get<League>(
        `/${CATALOG_PATHS.leagues}/${southId}?status=upcoming`,
        s.viewer,
      );
      expect(one.body.events.map((e) => e.eventId)).toEqual([`${southId}-next`]);
      expect(
        (await s.client.get(`/${CATALOG_PATHS.leagues}/${hiddenId}`, s.viewer)).body,
      ).toMatchObject({
        code: 'LEAGUE_NOT_FOUND',
      });
    });

    it('give each event its teams, times, cricket state and channel', async () => {
      const res = await s.client.get<CatalogEvent>(
        `/${CATALOG_PATHS.events}/${northId}-done-2`,
        s.viewer,
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
      const missing = await s.client.get(`/${CATALOG_PATHS.events}/no-such-event`, s.viewer);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 'EVENT_NOT_FOUND', userId: null });
      expect(
        (await s.client.get(`/${CATALOG_PATHS.events}/${hiddenId}-next`, s.viewer)).status,
      ).toBe(404);
    });

    it('carry ETag and Cache-Control; 304 for If-None-Match; a new ETag once the state changes', async () => {
      const path = `/${CATALOG_PATHS.events}?league=${northId}`;
      const first = await s.client.get(path, s.viewer);
      const etag = first.headers.get('etag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe(
        'public, max-age=5, stale-while-revalidate=4',
      );
      const again = await s.client.get(path, { ...s.viewer, headers: { 'if-none-match': etag! } });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(
        (await s.client.get(path, { ...s.viewer, headers: { 'if-none-match': `W/${etag}` } }))
          .status,
      ).toBe(304);

      expect((await operator.state(`${northId}-live`, { playState: 'drinks' })).status).toBe(200);
      const changed = await s.client.get<EventPage>(path, {
        ...s.viewer,
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
      const preflight = await s.client.request(
        'OPTIONS',
        `/${CATALOG_PATHS.leagues}`,
        undefined,
        undefined,
        {
          headers: {
            origin: s.api.siteOrigins[0]!,
            'access-control-request-method': 'GET',
            'access-control-request-headers': 'authorization,if-none-match',
          },
        },
      );
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/If-None-Match/i);
      const read = await s.client.get(`/${CATALOG_PATHS.leagues}`, {
        ...s.viewer,
        headers: { origin: s.api.siteOrigins[0]! },
      });
      expect(read.headers.get('access-control-allow-origin')).toBe(s.api.siteOrigins[0]);
      expect(read.headers.get('access-control-expose-headers')).toMatch(/ETag/i);
    });

    it('serve the logos a League names, immutable, and 404 for any other file', async () => {
      const { body } = await s.client.get<League>(`/${CATALOG_PATHS.leagues}/${northId}`, s.viewer);
      const logo = await s.client.get(`/${catalogLogoPath(body.logoFilename)}`);
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(logo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(logo.text).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
      const stale = await s.client.get(
        `/${catalogLogoPath('crease-premier-league.0000000000.svg')}`,
      );
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
        const res = await s.client.get(path, s.viewer);
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
        const res = await s.client.request(method, path, body, 'application/json', alice);
        writes.push({ method, path, body, status: res.status });
      }
      expect(writes.filter((w) => w.status < 400 || w.status >= 500)).toEqual([]);
      const live = await s.client.get<CatalogEvent>(
        `/${CATALOG_PATHS.events}/${northId}-live`,
        s.viewer,
      );
      expect(live.body).toMatchObject({ status: 'live', leagueId: northId, startTime: iso(-1) });
    });
  });
});
