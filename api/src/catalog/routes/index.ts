import type { FastifyInstance } from 'fastify';
import { calendarRoutes } from './calendar';
import { catalogEventRoutes } from './events';
import { followRoutes } from './follows';
import { catalogLeagueRoutes } from './leagues';
import { catalogLogoRoutes } from './logos';
import { operatorCatalogRoutes } from './operator';
import type { OperatorCatalogOptions } from './operator';
import { producerMatchRoutes } from './producer';
import type { ProducerMatchOptions } from './producer';

/** Every catalog route: leagues, events and logos for viewers, the operator's writes, follows, reminders and calendar files. */
export async function catalogRoutes(
  app: FastifyInstance,
  options: OperatorCatalogOptions & Partial<ProducerMatchOptions> = {},
): Promise<void> {
  await app.register(catalogLeagueRoutes);
  await app.register(catalogEventRoutes);
  await app.register(catalogLogoRoutes);
  await app.register(operatorCatalogRoutes, { authorizeStaff: options.authorizeStaff });
  // The producer's go live and end (issue 33 §2): staff sessions only.
  if (options.requireProducer)
    await app.register(producerMatchRoutes, { requireProducer: options.requireProducer });
  await app.register(followRoutes);
  await app.register(calendarRoutes);
}
