import type { FastifyInstance } from 'fastify';
import { streamOriginRoutes } from './origin';
import { streamOriginMediaRoutes } from './origin-media';
import { streamRoutes } from './streams';

/** Every streams route: opening, renewing and closing a stream, and the embedded origin. */
export async function streamsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(streamRoutes);
  await app.register(streamOriginRoutes);
  await app.register(streamOriginMediaRoutes);
}
