import { createCatalog } from './catalog';
import { demoTick } from './demo/demo-clock';
import type { Seeder } from '../platform/db/seed';

/**
 * The rolling demo's window as of now (decision 073), so `npm run seed -w api` fills the catalog
 * too. A running API keeps it moving with its demo clock; this is one tick of the same code.
 */
export const catalogDemoSeeder: Seeder = {
  name: 'catalog-demo',
  async run(db, { config, clock }) {
    if (!config.catalogDemo) return 'catalog demo off (CREASE_CATALOG_DEMO=false)';
    const summary = await demoTick(createCatalog(config, db, clock), db);
    return `catalog demo: ${summary.leaguesCreated} leagues and ${summary.eventsCreated} events created, ${summary.stepsApplied} steps applied`;
  },
};
