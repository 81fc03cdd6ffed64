/**
 * The media server's questions (issue 32 §1): may this encoder publish with this key (201 a
 * lease, 403 wrong or revoked, 409 already publishing), renew the lease every few seconds (403:
 * drop the encoder), and the encoder left (204). Only the media server's bearer secret.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { INGEST_PATHS } from '@crease/contract';
import {
  IngestPublishGrantSchema,
  IngestPublishRequestSchema,
  IngestPublisherSchema,
} from '@crease/contract/schemas';
import { errorResponses } from '../../platform/http/error-schemas';
import type { IngestConfig } from '../../platform/ingest-config';
import { ingestServerAuth } from '../server-auth';
import type { StreamKeys } from '../stream-keys';

const route = { accepts: 'json' as const, bearerOnly: true };
const serverSecurity = [{ ingestServer: [] }];
const KeyParams = Type.Object({ keyId: Type.String({ format: 'uuid' }) });

export function publishRoutes(keys: StreamKeys, config: IngestConfig) {
  return async (root: FastifyInstance): Promise<void> => {
    const app = root.withTypeProvider<TypeBoxTypeProvider>();
    const authorize = ingestServerAuth(config.serverSecret);
    app.addHook('onRequest', async (request) => authorize(request));
    const grant = (lease: Awaited<ReturnType<StreamKeys['claim']>>) => ({
      ...lease,
      leaseSeconds: config.publishLeaseSeconds,
    });

    app.post(
      `/${INGEST_PATHS.publishes}`,
      {
        config: route,
        schema: {
          tags: ['ingest server'],
          summary: 'May an encoder publish with this key? 201 a publish lease; 403, 409 refused',
          security: serverSecurity,
          body: IngestPublishRequestSchema,
          response: { 201: IngestPublishGrantSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { streamKey, publisherId } = request.body;
        return reply.code(201).send(grant(await keys.claim(streamKey, publisherId)));
      },
    );

    app.put(
      `/${INGEST_PATHS.publish}`,
      {
        config: route,
        schema: {
          tags: ['ingest server'],
          summary: "Renew a publisher's lease; 403 when its key was revoked (drop the encoder)",
          security: serverSecurity,
          params: KeyParams,
          body: IngestPublisherSchema,
          response: { 200: IngestPublishGrantSchema, ...errorResponses },
        },
      },
      async (request) => grant(await keys.renew(request.params.keyId, request.body.publisherId)),
    );

    app.delete(
      `/${INGEST_PATHS.publish}`,
      {
        config: { bearerOnly: true },
        schema: {
          tags: ['ingest server'],
          summary: 'The encoder left: its publish lease ends',
          security: serverSecurity,
          params: KeyParams,
          querystring: IngestPublisherSchema,
          response: { 204: Type.Null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        await keys.release(request.params.keyId, request.query.publisherId);
        return reply.code(204).send(null);
      },
    );
  };
}
