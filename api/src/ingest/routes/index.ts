import type { FastifyInstance } from 'fastify';
import type { OperatorKeyDeps } from './operator-keys';
import { StreamKeys } from '../stream-keys';
import { operatorKeyRoutes } from './operator-keys';
import { publishRoutes } from './publishes';
import { producerLiveRoutes } from './producer-live';
import type { ProducerLiveDeps } from './producer-live';

/** Every ingest route: the operator's stream keys and the media server's publish questions. */
export async function ingestRoutes(
  app: FastifyInstance,
  options: Pick<OperatorKeyDeps, 'authorizeStaff'> & Partial<ProducerLiveDeps> = {},
): Promise<void> {
  const { services } = app;
  const config = services.config.ingest;
  const keys = new StreamKeys(services.database.db, services.clock, config.publishLeaseSeconds);
  await app.register(
    operatorKeyRoutes({
      keys,
      config,
      authorizeOperator: services.catalog.authorizeOperator,
      authorizeStaff: options.authorizeStaff,
    }),
  );
  await app.register(publishRoutes(keys, config));
  if (options.book && options.requireProducer)
    await app.register(
      producerLiveRoutes({
        book: options.book,
        ingest: options.ingest ?? null,
        requireProducer: options.requireProducer,
      }),
    );
}
