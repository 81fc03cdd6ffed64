import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from './analytics';
import { analyticsStore } from './analytics-store';
import { devClockRoutes } from './dev-clock';
import { devOutboxRoutes } from './dev-outbox';
import { devOutboxPageRoutes } from './dev-outbox-page';
import { guardDevRoutes } from './dev-routes-guard';
import { healthRoutes } from './health';

/** Health, first-party analytics, and (outside production) the development mail outbox and clock. */
export async function opsRoutes(app: FastifyInstance): Promise<void> {
  // Each routes plugin gets what it uses, not the whole of app.services.
  const { database, config, clock } = app.services;
  await app.register(healthRoutes, { database, clock });
  await app.register(analyticsRoutes, {
    store: analyticsStore(database.db, clock),
    perMinute: config.analyticsPerMinute,
  });
  if (config.env !== 'production') {
    // Loopback callers only, unless CREASE_DEV_ROUTES_OPEN (decision 409).
    await app.register(async (dev) => {
      guardDevRoutes(dev, config.mail.devRoutesOpen);
      await dev.register(devOutboxRoutes, { db: database.db });
      await dev.register(devOutboxPageRoutes, { db: database.db });
      await dev.register(devClockRoutes, { clock });
    });
  }
}
