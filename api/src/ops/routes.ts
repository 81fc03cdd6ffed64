import type { FastifyInstance } from 'fastify';
import { analyticsRoutes } from './analytics';
import { devClockRoutes } from './dev-clock';
import { devOutboxRoutes } from './dev-outbox';
import { healthRoutes } from './health';

/** Health, first-party analytics, and (outside production) the development mail outbox and clock. */
export async function opsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(analyticsRoutes);
  if (app.services.config.env !== 'production') {
    await app.register(devOutboxRoutes);
    await app.register(devClockRoutes);
  }
}
