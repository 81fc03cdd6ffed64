import type { FastifyInstance } from 'fastify';
import { catalogEventRoutes } from './events';
import { catalogLeagueRoutes } from './leagues';
import { catalogLogoRoutes } from './logos';
import { operatorCatalogRoutes } from './operator';

/** Every catalog route: leagues, events and logos for viewers, the operator's writes. */
export async function catalogRoutes(app: FastifyInstance): Promise<void> {
  await app.register(catalogLeagueRoutes);
  await app.register(catalogEventRoutes);
  await app.register(catalogLogoRoutes);
  await app.register(operatorCatalogRoutes);
}
