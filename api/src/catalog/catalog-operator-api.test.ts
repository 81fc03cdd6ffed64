/** @jest-environment node */
/**
 * The catalog's operator API over real HTTP, on PGlite and PostgreSQL: 401/400/404/409, legal
 * moves, audit and timeline, and its lock in production. On a fixed clock; nothing waits on wall time.
 */
import type { AuditPage, CatalogEvent, EventTimeline, League } from '@crease/contract';
import { CATALOG_PATHS } from '@crease/contract';
import { describeEachDatabase } from '../testing/test-api';
import { PRODUCTION_API_ENV } from '../testing/production-env';
import { OPERATOR_TOKEN, T0, catalogSuite, iso } from '../testing/catalog-suite';

describeEachDatabase('catalog API: operators', (host) => {
  const s = catalogSuite(host);
  const { alice, bob, northId, southId, league, event, operator } = s;

  describe('operator API', () => {
    it('answers 401 without a token or with a wrong one (a viewer token is not one)', async () => {
      const none = await s.client.postJson(
        `/${CATALOG_PATHS.operatorLeagues}`,
        league('x-1', 'X'),
        {
          xsrf: false,
        },
      );
      expect(none.status).toBe(401);
      expect(none.body).toMatchObject({ code: 'OPERATOR_TOKEN_REQUIRED' });
      const wrong = await operator.createLeague(league('x-2', 'X'), {
        bearer: 'wrong-token-wrong-token',
        xsrf: false,
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ code: 'INVALID_OPERATOR_TOKEN' });
      // The token is checked first: a bad body from a caller without one is still a 401.
      const badBodyNoToken = await s.client.postJson(
        `/${CATALOG_PATHS.operatorEvents}`,
        { nope: 1 },
        {
          xsrf: false,
        },
      );
      expect(badBodyNoToken.body).toMatchObject({ code: 'OPERATOR_TOKEN_REQUIRED' });
      expect(badBodyNoToken.status).toBe(401);
      const asViewer = await operator.createLeague(league('x-3', 'X'), {
        ...s.viewer,
        xsrf: false,
      });
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
      const live = await s.client.get<CatalogEvent>(
        `/${CATALOG_PATHS.events}/${northId}-live`,
        s.viewer,
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
      const patch = await s.client.patchJson(
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
      const timeline = await s.client.get<EventTimeline>(
        `/${CATALOG_PATHS.events}/${id}/timeline`,
        s.viewer,
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
      const later = await s.client.get<EventTimeline>(
        `/${CATALOG_PATHS.events}/${id}/timeline?after=8`,
        s.viewer,
      );
      expect(later.body.entries.map((e) => e.state.status)).toEqual(['completed', 'completed']);
    });

    it('backdates a change with `at`, but never before the latest state', async () => {
      const id = `${northId}-backdated`;
      await operator.createEvent(event(id, northId, -0.5));
      expect((await operator.state(id, { status: 'live', at: iso(-0.5) })).status).toBe(409); // created at T0
      await s.api.setClock(new Date(T0.getTime() + 60_000));
      const res = await operator.state(id, { status: 'live', at: iso(0.01) });
      expect(res.status).toBe(200);
      const timeline = await s.client.get<EventTimeline>(
        `/${CATALOG_PATHS.events}/${id}/timeline`,
        s.viewer,
      );
      expect(timeline.body.entries.map((e) => e.at)).toEqual([T0.toISOString(), iso(0.01)]);
      await s.api.setClock(T0);
    });

    it('updates leagues and events, and records who changed what, when', async () => {
      const id = `${northId}-audited`;
      await operator.createEvent(event(id, northId, 3), bob);
      const moved = await s.client.patchJson<CatalogEvent>(
        `/${CATALOG_PATHS.operatorEvents}/${id}`,
        { startTime: iso(4), estimatedEnd: iso(7) },
        alice,
      );
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ startTime: iso(4), estimatedEnd: iso(7) });
      const badMove = await s.client.patchJson(
        `/${CATALOG_PATHS.operatorEvents}/${id}`,
        { estimatedEnd: iso(1) },
        alice,
      );
      expect(badMove.body).toMatchObject({
        message: 'Field "estimatedEnd" must be after startTime.',
      });
      await operator.state(id, { status: 'postponed' }, bob);

      const audit = await s.client.get<AuditPage>(
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

      const renamed = await s.client.patchJson<League>(
        `/${CATALOG_PATHS.operatorLeagues}/${southId}`,
        { caption: 'South ODI Cup', status: 'completed' },
        bob,
      );
      expect(renamed.body).toMatchObject({ caption: 'South ODI Cup', status: 'completed' });
      const leagueAudit = await s.client.get<AuditPage>(
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
      expect((await s.client.get(`/${CATALOG_PATHS.operatorAudit}`)).status).toBe(401);
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
});
