import type { FastifyInstance } from 'fastify';
import type { Database } from '../platform/db/client';
import { errorBody } from '../platform/errors';
import type { Clock } from '../platform/clock';

/** Kubernetes probes: liveness (the process answers) and readiness (the database answers). */
export async function healthRoutes(
  app: FastifyInstance,
  { database, clock }: { database: Pick<Database, 'ping'>; clock: Clock },
): Promise<void> {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await database.ping();
      return { ok: true };
    } catch (error) {
      request.log.error({ err: error }, 'database not reachable');
      return reply
        .code(503)
        .send(errorBody(clock.now(), 'SERVICE_UNAVAILABLE', 'The database is not reachable.'));
    }
  });
}
