import type { FastifyInstance } from 'fastify';
import { calendarRoutes } from './calendar';
import { catalogEventRoutes } from './events';
import { followRoutes } from './follows';
import { catalogLeagueRoutes } from './leagues';
import { catalogLogoRoutes } from './logos';
import { operatorCatalogRoutes } from './operator';

/** Every catalog route: leagues, events and logos for viewers, the operator's writes, follows, reminders and calendar files. */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  await app.register(catalogLeagueRoutes);
  await app.register(catalogEventRoutes);
  await app.register(catalogLogoRoutes);
  await app.register(operatorCatalogRoutes);
  await app.register(followRoutes);
  await app.register(calendarRoutes);
}
