/**
 * The operator's stream keys per channel (issue 32 §1): create (201, the key shown once), list
 * (never the keys), revoke (204). Operator bearer tokens as the catalog's operator API
 * (decision 072), so `bearerOnly`: no cookies, no XSRF double submit.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Value from 'typebox/value';
import { INGEST_PATHS } from '@crease/contract';
import type { IngestKeyCreated, IngestKeyRequest } from '@crease/contract';
import {
  IngestChannelIdSchema,
  IngestKeyCreatedSchema,
  IngestKeyRequestSchema,
  IngestKeySummarySchema,
} from '@crease/contract/schemas';
import { errorResponses } from '../../platform/http/error-schemas';
import type { IngestConfig } from '../../platform/ingest-config';
import { ApiError } from '../errors';
import type { StreamKeys } from '../stream-keys';

const operatorSecurity = [{ operator: [] }];
const route = { bearerOnly: true };

export interface OperatorKeyDeps {
  keys: StreamKeys;
  config: IngestConfig;
  authorizeOperator: (request: FastifyRequest) => string;
  /**
   * A producer's (or admin's) staff session (issue 33 §2, decision 399): its audit actor
   * (`staff:<id>`), null when the bearer is no staff session (then the operator token decides),
   * 403 STAFF_FORBIDDEN for a staff role that may not touch keys.
   */
  authorizeStaff?: (request: FastifyRequest) => Promise<string | null>;
}

/** The body is optional (`POST` with none makes a primary key); when sent it must be JSON. */
function keyRequest(body: unknown): IngestKeyRequest {
  if (body === undefined || body === null) return {};
  if (!Value.Check(IngestKeyRequestSchema, body))
    throw new ApiError(
      'VALIDATION_FAILED',
      'Send {"role": "primary"} or {"role": "backup"}, or no body for a primary key.',
    );
  return body;
}

export function operatorKeyRoutes(deps: OperatorKeyDeps) {
  return async (root: FastifyInstance): Promise<void> => {
    const app = root.withTypeProvider<TypeBoxTypeProvider>();
    const { keys, config } = deps;
    // Before the body is even parsed: a caller without a valid token learns nothing but 401.
    app.decorateRequest('operator', '');
    app.addHook('onRequest', async (request) => {
      const staff = deps.authorizeStaff ? await deps.authorizeStaff(request) : null;
      // A staff member is audited as themself (bot-audit.ts), never as a bot.
      if (staff) request.staffActor = staff;
      else request.operator = deps.authorizeOperator(request);
    });
    const actorOf = (request: FastifyRequest) => request.staffActor ?? request.operator;

    app.post(
      `/${INGEST_PATHS.keys}`,
      {
        config: { ...route, accepts: 'json' as const, audit: 'ingest.key.create' },
        schema: {
          tags: ['ingest operator'],
          summary: "Create a stream key for a channel's primary or backup input (shown once)",
          security: operatorSecurity,
          params: Type.Object({ channelId: IngestChannelIdSchema }),
          response: { 201: IngestKeyCreatedSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const { role = 'primary' } = keyRequest(request.body);
        const { channelId } = request.params;
        const { keyId, streamKey } = await keys.create(actorOf(request), channelId, role);
        // The staff audit names the key, never the key itself (decision 434).
        request.auditChange = { subject: `ingest-key:${keyId}`, after: { keyId, channelId, role } };
        const created: IngestKeyCreated = {
          keyId,
          channelId,
          role,
          streamKey,
          rtmpUrl: config.rtmpUrl,
          ...(config.srtUrl ? { srtUrl: config.srtUrl } : {}),
        };
        return reply.code(201).header('cache-control', 'no-store').send(created);
      },
    );

    app.get(
      `/${INGEST_PATHS.keys}`,
      {
        config: route,
        schema: {
          tags: ['ingest operator'],
          summary: "A channel's stream keys, newest first (never the keys themselves)",
          security: operatorSecurity,
          params: Type.Object({ channelId: IngestChannelIdSchema }),
          response: { 200: Type.Array(IngestKeySummarySchema), ...errorResponses },
        },
      },
      async (request) => keys.list(request.params.channelId),
    );

    app.delete(
      `/${INGEST_PATHS.key}`,
      {
        config: { ...route, audit: 'ingest.key.revoke' },
        schema: {
          tags: ['ingest operator'],
          summary: 'Revoke a stream key: refused from now on, its encoder dropped within 10 s',
          security: operatorSecurity,
          params: Type.Object({
            channelId: IngestChannelIdSchema,
            keyId: Type.String({ format: 'uuid' }),
          }),
          response: { 204: Type.Null(), ...errorResponses },
        },
      },
      async (request, reply) => {
        const { channelId, keyId } = request.params;
        await keys.revoke(actorOf(request), channelId, keyId);
        request.auditChange = {
          subject: `ingest-key:${keyId}`,
          after: { channelId, revoked: true },
        };
        return reply.code(204).send(null);
      },
    );
  };
}
