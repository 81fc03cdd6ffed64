/** Viewer catalog: events (list, one, its timeline). Signed-in viewers; cached (ETag, 304). */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CATALOG_PATHS } from '@crease/contract';
import { getEvent, getTimeline, listEvents } from '../catalog-reads';
import { cacheKey, parseFilter, parseLimit, sendCached } from '../http-cache';
import { ViewerTokenCheck } from '../viewer-auth';
import {
  CatalogEventSchema,
  CatalogId,
  EventListQuerySchema,
  EventPageSchema,
  cachedHeaders,
} from '../schemas';
import { TimelineSchema } from '../timeline-schemas';
import { errorResponses } from '../../platform/http/error-schemas';

const notModified = { 304: Type.Null({ description: 'Not modified (If-None-Match)' }) };
const headers = Type.Object(cachedHeaders, { additionalProperties: true });

export async function catalogEventRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { catalog, accessTokens, database, clock } = app.services;
  const { db } = database;
  // Before the query is validated: without a valid token, the answer is 401 and nothing else.
  const viewerTokens = new ViewerTokenCheck(accessTokens, clock);
  app.addHook('onRequest', async (request) => viewerTokens.require(request));

  app.get(
    `/${CATALOG_PATHS.events}`,
    {
      schema: {
        tags: ['catalog'],
        summary: 'Events, filtered by league, status group and date range; paginated by cursor',
        description:
          'from/to select events overlapping [from, to). Order: startTime ascending; status=finished newest first. ETag + Cache-Control (max-age 5 s); 304 on If-None-Match.',
        security: [{ bearer: [] }],
        headers,
        querystring: EventListQuerySchema,
        response: { 200: EventPageSchema, ...notModified, ...errorResponses },
      },
    },
    async (request, reply) => {
      const filter = parseFilter(request.query);
      const limit = parseLimit(request.query.limit);
      const cursor = request.query.cursor;
      return sendCached(
        request,
        reply,
        catalog.reads,
        cacheKey('events', filter, { limit, cursor }),
        () => listEvents(db, filter, limit, cursor),
      );
    },
  );

  app.get(
    `/${CATALOG_PATHS.events}/:eventId`,
    {
      schema: {
        tags: ['catalog'],
        summary: 'One event',
        security: [{ bearer: [] }],
        headers,
        params: Type.Object({ eventId: CatalogId }),
        response: { 200: CatalogEventSchema, ...notModified, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { eventId } = request.params;
      return sendCached(request, reply, catalog.reads, JSON.stringify(['event', eventId]), () =>
        getEvent(db, eventId),
      );
    },
  );

  app.get(
    `/${CATALOG_PATHS.events}/:eventId/timeline`,
    {
      schema: {
        tags: ['catalog'],
        summary: "An event's timeline: every state with when it became true (`at`)",
        description:
          'The player shows the last entry whose `at` is not after the video program-date-time (no spoilers). `after` = the last seq already held.',
        security: [{ bearer: [] }],
        headers,
        params: Type.Object({ eventId: CatalogId }),
        querystring: Type.Object(
          { after: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })) },
          { additionalProperties: false },
        ),
        response: { 200: TimelineSchema, ...notModified, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { eventId } = request.params;
      const after = Number(request.query.after ?? 0);
      return sendCached(
        request,
        reply,
        catalog.reads,
        JSON.stringify(['timeline', eventId, after]),
        () => getTimeline(db, eventId, after),
      );
    },
  );
}
