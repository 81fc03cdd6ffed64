/**
 * GET /api/v1/events/{eventId}/calendar.ics: "Add to calendar". Public, as fixtures are (they
 * carry no viewer data), so a plain link downloads it and a calendar app can fetch it again.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { getEvent } from '../catalog-reads';
import { calendarFile, calendarFileName } from '../follows/calendar-file';
import { CatalogId } from '../schemas';
import { catalogLeagues } from '../tables';
import { errorResponses } from '../../platform/http/error-schemas';

export async function calendarRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { database, config } = app.services;
  const siteOrigin = config.siteOrigins[0] ?? '';

  app.get(
    '/api/v1/events/:eventId/calendar.ics',
    {
      // Public and cacheable: never a Set-Cookie a shared cache could hand to others.
      config: { sharedCache: true },
      schema: {
        tags: ['catalog'],
        summary: 'The match as an iCalendar file (text/calendar), with a link back to it',
        description: 'Times in UTC (calendars show local time). 404 EVENT_NOT_FOUND.',
        params: Type.Object({ eventId: CatalogId }),
        response: {
          200: Type.String({ description: 'text/calendar; RFC 5545' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const event = await getEvent(database.db, request.params.eventId);
      const [league] = await database.db
        .select({ caption: catalogLeagues.caption })
        .from(catalogLeagues)
        .where(eq(catalogLeagues.id, event.leagueId));
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${calendarFileName(event.eventId)}"`)
        .header('cache-control', 'public, max-age=60')
        .send(calendarFile(event, league?.caption ?? '', siteOrigin));
    },
  );
}
