/**
 * The rolling demo (decision 073): on every tick, the fixtures of the window around now exist
 * (created with their history so far), every demo-driven event has reached the state its
 * fixture is in now, and demo events that left the window are deleted. Ticks are idempotent and
 * safe on several replicas (creates ignore an existing id; state changes lock the row and
 * compare the stored seq). An operator change takes an event over: the demo never touches it again.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { catalogEvents, catalogLeagues } from '../tables';
import { isApiError } from '../errors';
import type { Catalog } from '../catalog';
import type { Db } from '../../platform/db/client';
import { DEMO_TEMPLATES } from './demo-leagues';
import type { DemoTemplate } from './demo-leagues';
import { DEMO_PAST_HOURS, demoFixtures, dueSteps } from './demo-schedule';
import type { DemoFixture } from './demo-schedule';
import { applyDemoSteps } from './demo-writes';

export const DEMO_ACTOR = 'demo-clock';

export interface DemoTickSummary {
  leaguesCreated: number;
  eventsCreated: number;
  stepsApplied: number;
  eventsPruned: number;
}

/**
 * What one demo clock remembers between ticks, so a tick with nothing due costs no database
 * work (PGlite runs queries on the API's own thread; a tick runs every few seconds).
 */
export interface DemoMemory {
  fixtures: Map<string, DemoFixture>;
  /** Fixture id -> the number of its steps known to be stored (or no longer ours to apply). */
  applied: Map<string, number>;
  leaguesReady: boolean;
  /** When this clock last deleted demo events that left the window (every 10 minutes). */
  prunedAt: number | null;
}

export const newDemoMemory = (): DemoMemory => ({
  fixtures: new Map(),
  applied: new Map(),
  leaguesReady: false,
  prunedAt: null,
});

const PRUNE_EVERY_MS = 10 * 60_000;

export async function demoTick(
  catalog: Catalog,
  db: Db,
  memory: DemoMemory = newDemoMemory(),
  templates: readonly DemoTemplate[] = DEMO_TEMPLATES,
): Promise<DemoTickSummary> {
  const now = catalog.clock.now();
  const summary: DemoTickSummary = {
    leaguesCreated: 0,
    eventsCreated: 0,
    stepsApplied: 0,
    eventsPruned: 0,
  };

  if (!memory.leaguesReady) {
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
    memory.leaguesReady = true;
  }

  const fixtures = demoFixtures(templates, now, memory.fixtures);
  for (const id of memory.applied.keys()) if (!memory.fixtures.has(id)) memory.applied.delete(id);
  // Only fixtures that are new to this clock or have a step due beyond what it stored.
  const pending = fixtures
    .map((fixture) => ({ fixture, due: dueSteps(fixture, now) }))
    .filter(({ fixture, due }) => (memory.applied.get(fixture.create.eventId) ?? -1) < due.length);
  if (pending.length > 0) {
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
              pending.map((p) => p.fixture.create.eventId),
            ),
          )
      ).map((r) => [r.id, r]),
    );
    for (const { fixture, due } of pending) {
      const id = fixture.create.eventId;
      const row = stored.get(id);
      if (!row) {
        const created = await catalog.writes.createEvent(DEMO_ACTOR, fixture.create, {
          demo: true,
          history: due,
        });
        if (created) summary.eventsCreated += 1;
      } else if (row.demoDriven) {
        // Step i of the fixture is timeline seq i + 1: apply those not stored yet, in order.
        summary.stepsApplied += await applyDemoSteps(
          catalog,
          db,
          DEMO_ACTOR,
          id,
          row.stateSeq,
          due.slice(row.stateSeq),
        );
      }
      // Stored, applied by another replica, or taken over by an operator: nothing more to do.
      memory.applied.set(id, due.length);
    }
  }

  if (memory.prunedAt === null || Math.abs(now.getTime() - memory.prunedAt) >= PRUNE_EVERY_MS) {
    summary.eventsPruned = await catalog.writes.pruneDemo(
      new Date(now.getTime() - (DEMO_PAST_HOURS + 12) * 3_600_000),
    );
    memory.prunedAt = now.getTime();
  }
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
  const memory = newDemoMemory();
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  // One tick at a time: a slow one delays the next instead of racing it.
  const tick = () => {
    const next = running.then(() => demoTick(catalog, db, memory));
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
