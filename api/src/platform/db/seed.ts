/**
 * Development seed data: named seeders, each idempotent (safe to run on every start). Each
 * feature owns its seeder (<feature>/seed.ts); api/src/seeders.ts lists them in order, and
 * `npm run seed -w api` runs them all by hand.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ApiConfig } from '../config';
import type { Db } from './client';
import type { Clock } from '../clock';
import { seedRuns } from './tables';

/** What a seeder may use: the config, the API clock, and a password hasher for the demo viewer. */
export interface SeedTools {
  config: ApiConfig;
  /** The running API's services.clock; the seed command's production clock (decision 420). */
  clock: Clock;
  hasher: { hash(password: string): Promise<string> };
}

export interface Seeder {
  /** Stable, kebab-case: recorded in seed_runs. */
  name: string;
  /** Must be idempotent: insert-if-missing, never duplicate, never overwrite a user's changes. */
  run(db: Db, tools: SeedTools): Promise<string | void>;
}

export async function runSeeders(
  db: Db,
  tools: SeedTools,
  log: Pick<FastifyBaseLogger, 'info'>,
  seeders: readonly Seeder[],
): Promise<void> {
  for (const seeder of seeders) {
    const summary = await seeder.run(db, tools);
    const now = tools.clock.now();
    await db
      .insert(seedRuns)
      .values({ name: seeder.name, appliedAt: now })
      .onConflictDoUpdate({ target: seedRuns.name, set: { appliedAt: now } });
    log.info({ seeder: seeder.name }, summary || 'seeded');
  }
}
