/**
 * Development seed data: a registry of named seeders, each idempotent (safe to run on every
 * start). Later features add theirs to SEEDERS; `npm run seed -w api` runs them all by hand.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ApiServices } from '../../services';
import type { Db } from './client';
import { seedRuns } from './tables';
import { catalogDemoSeeder } from '../../catalog/seed';
import { billingCatalogSeeder } from '../../billing/seed';
import { demoViewerSeeder } from '../../accounts/seed';
import { demoViewerPlanSeeder } from '../../billing/demo-viewer-plan-seed';

export interface Seeder {
  /** Stable, kebab-case: recorded in seed_runs. */
  name: string;
  /** Must be idempotent: insert-if-missing, never duplicate, never overwrite a user's changes. */
  run(db: Db, services: Pick<ApiServices, 'hasher' | 'config'>): Promise<string | void>;
}

export const SEEDERS: readonly Seeder[] = [
  demoViewerSeeder,
  catalogDemoSeeder,
  billingCatalogSeeder,
  demoViewerPlanSeeder,
];

export async function runSeeders(
  db: Db,
  services: Pick<ApiServices, 'hasher' | 'config'>,
  log: Pick<FastifyBaseLogger, 'info'>,
  seeders: readonly Seeder[] = SEEDERS,
): Promise<void> {
  for (const seeder of seeders) {
    const summary = await seeder.run(db, services);
    const now = new Date();
    await db
      .insert(seedRuns)
      .values({ name: seeder.name, appliedAt: now })
      .onConflictDoUpdate({ target: seedRuns.name, set: { appliedAt: now } });
    log.info({ seeder: seeder.name }, summary || 'seeded');
  }
}
