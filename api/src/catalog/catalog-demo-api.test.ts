/** @jest-environment node */
/**
 * The catalog's rolling demo over real HTTP, on PGlite and PostgreSQL, at several clock values:
 * live, upcoming and finished matches in several leagues whenever the site is started.
 */
import type { AuditPage, CatalogEvent, EventPage, League } from '@crease/contract';
import { CATALOG_PATHS } from '@crease/contract';
import { describeEachDatabase } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';
import { HOUR, OPERATOR_ENV, catalogSuite } from '../testing/catalog-suite';

describeEachDatabase('catalog API: the rolling demo', (host) => {
  const s = catalogSuite(host);
  const { alice } = s;

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
            s.viewer,
          )
      ).body.items.filter((e) => /^(cpl|c100|odi)-/.test(e.eventId));

    it('shows live, upcoming and finished matches in several leagues at start', async () => {
      const live = await demoEvents('status=live');
      expect(live.some((e) => e.eventStatus === 'live')).toBe(true);
      expect((await demoEvents('status=upcoming')).length).toBeGreaterThanOrEqual(3);
      expect((await demoEvents('status=finished')).length).toBeGreaterThanOrEqual(3);
      const leagues = await demo
        .client()
        .get<{ items: League[] }>(`/${CATALOG_PATHS.leagues}`, s.viewer);
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
              .get<CatalogEvent>(`/${CATALOG_PATHS.events}/${id}`, s.viewer);
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
        .get<CatalogEvent>(`/${CATALOG_PATHS.events}/${taken!.eventId}`, s.viewer);
      expect(after.body).toMatchObject({ status: 'live', playState: 'rain_delay' });
      for (const other of others) {
        const moved = await demo
          .client()
          .get<CatalogEvent>(`/${CATALOG_PATHS.events}/${other.eventId}`, s.viewer);
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
