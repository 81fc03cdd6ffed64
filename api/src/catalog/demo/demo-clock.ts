/**
 * The rolling demo (decision 073): on every tick, the fixtures of the window around now exist
 * (created with their history so far), every demo-driven event has reached the state its
 * fixture is in now, and demo events that left the window are deleted. Ticks are idempotent and
 * safe on several replicas (creates ignore an existing id; state changes lock the row and
 * compare the stored seq). An operator change takes an event over: the demo never touches it again.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { catalogEvents, catalogLeagues } from '../../db/schema';
import { isApiError } from '../../errors';
import type { Catalog } from '../catalog';
import type { Db } from '../../db/client';
import { DEMO_TEMPLATES } from './demo-leagues';
import type { DemoTemplate } from './demo-leagues';
import { DEMO_PAST_HOURS, demoFixtures, dueSteps } from './demo-schedule';

export const DEMO_ACTOR = 'demo-clock';

export interface DemoTickSummary {
  leaguesCreated: number;
  eventsCreated: number;
  stepsApplied: number;
  eventsPruned: number;
}

export async function demoTick(
  catalog: Catalog,
  db: Db,
  templates: readonly DemoTemplate[] = DEMO_TEMPLATES,
): Promise<DemoTickSummary> {
  const now = catalog.clock.now();
  const summary: DemoTickSummary = {
    leaguesCreated: 0,
    eventsCreated: 0,
    stepsApplied: 0,
    eventsPruned: 0,
  };

  const leagueIds = templates.map((t) => t.league.leagueId);
  const existingLeagues = new Set(
    (
      await db
        .select({ id: catalogLeagues.id })
        .from(catalogLeagues)
        .where(inArray(catalogLeagues.id, leagueIds))
    ).map((r) => r.id),
  );
  for (const template of templates) {
    if (existingLeagues.has(template.league.leagueId)) continue;
    try {
      await catalog.writes.createLeague(DEMO_ACTOR, template.league);
      summary.leaguesCreated += 1;
    } catch (error) {
      if (!(isApiError(error) && error.code === 'LEAGUE_EXISTS')) throw error;
    }
  }

  const fixtures = demoFixtures(templates, now);
  const stored = new Map(
    (
      await db
        .select({
          id: catalogEvents.id,
          stateSeq: catalogEvents.stateSeq,
          demoDriven: catalogEvents.demoDriven,
        })
        .from(catalogEvents)
        .where(
          inArray(
            catalogEvents.id,
            fixtures.map((f) => f.create.eventId),
          ),
        )
    ).map((r) => [r.id, r]),
  );
  for (const fixture of fixtures) {
    const due = dueSteps(fixture, now);
    const row = stored.get(fixture.create.eventId);
    if (!row) {
      const created = await catalog.writes.createEvent(DEMO_ACTOR, fixture.create, {
        demo: true,
        history: due,
      });
      if (created) summary.eventsCreated += 1;
      continue;
    }
    if (!row.demoDriven) continue; // an operator took it over
    // Step i of the fixture is timeline seq i + 1: apply those not stored yet, in order.
    for (let seq = row.stateSeq; seq < due.length; seq++) {
      const next = due[seq]!;
      await catalog.writes.changeState(
        DEMO_ACTOR,
        fixture.create.eventId,
        { ...next.state, at: next.at.toISOString() },
        { keepDemoDriven: true, expectSeq: seq },
      );
      summary.stepsApplied += 1;
    }
  }

  summary.eventsPruned = await catalog.writes.pruneDemo(
    new Date(now.getTime() - (DEMO_PAST_HOURS + 12) * 3_600_000),
  );
  return summary;
}

export interface DemoClock {
  tick(): Promise<DemoTickSummary>;
  stop(): Promise<void>;
}

/** Ticks once now (so the first page already shows the window), then every `seconds`. */
export async function startDemoClock(
  catalog: Catalog,
  db: Db,
  seconds: number,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Promise<DemoClock> {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  // One tick at a time: a slow one delays the next instead of racing it.
  const tick = () => {
    const next = running.then(() => demoTick(catalog, db));
    running = next.catch(() => undefined);
    return next;
  };
  log.info({ summary: await tick() }, 'catalog demo seeded');
  const timer =
    seconds > 0
      ? setInterval(() => {
          if (!stopped)
            tick().catch((error: unknown) => log.error({ err: error }, 'catalog demo tick failed'));
        }, seconds * 1000)
      : null;
  timer?.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
