/** Viewer catalog: leagues (the product contract League) with their events. Signed-in viewers; cached. */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CATALOG_PATHS } from '@crease/contract';
import { listLeagues } from '../catalog-reads';
import { cacheKey, parseFilter, sendCached } from '../http-cache';
import { ViewerTokenCheck } from '../viewer-auth';
import { CatalogId, EventFilters, LeagueSchema, cachedHeaders } from '../schemas';
import { errorResponses } from '../../platform/http/error-schemas';

const notModified = { 304: Type.Null({ description: 'Not modified (If-None-Match)' }) };
const headers = Type.Object(cachedHeaders, { additionalProperties: true });
const { league: _league, ...eventFilters } = EventFilters;

export async function catalogLeagueRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { catalog, accessTokens, database, clock } = app.services;
  const { db } = database;
  // Before the query is validated: without a valid token, the answer is 401 and nothing else.
  const viewerTokens = new ViewerTokenCheck(accessTokens, clock);
  app.addHook('onRequest', async (request) => viewerTokens.require(request));

  app.get(
    `/${CATALOG_PATHS.leagues}`,
    {
      schema: {
        tags: ['catalog'],
        summary: 'Active leagues by caption, each with its events (status, from, to filter them)',
        description: `Each league lists at most 100 events; page through more with GET /${CATALOG_PATHS.events}?league=…`,
        security: [{ bearer: [] }],
        headers,
        querystring: Type.Object(EventFilters, { additionalProperties: false }),
        response: {
          200: Type.Object({ items: Type.Array(LeagueSchema) }),
          304: Type.Null(),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const filter = parseFilter(request.query);
      return sendCached(request, reply, catalog.reads, cacheKey('leagues', filter), async () => ({
        items: await listLeagues(db, filter, catalog.logos),
      }));
    },
  );

  app.get(
    `/${CATALOG_PATHS.leagues}/:leagueId`,
    {
      schema: {
        tags: ['catalog'],
        summary: 'One league with its events',
        security: [{ bearer: [] }],
        headers,
        params: Type.Object({ leagueId: CatalogId }),
        querystring: Type.Object(eventFilters, { additionalProperties: false }),
        response: { 200: LeagueSchema, ...notModified, ...errorResponses },
      },
    },
    async (request, reply) => {
      const filter = parseFilter({ ...request.query, league: request.params.leagueId });
      return sendCached(
        request,
        reply,
        catalog.reads,
        cacheKey('league', filter),
        async () => (await listLeagues(db, filter, catalog.logos))[0],
      );
    },
  );
}
