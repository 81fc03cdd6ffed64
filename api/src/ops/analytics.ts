/** First-party analytics (docs/architecture.md §5): the shell's page views and named events, stored. */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ANALYTICS_PATHS } from '@crease/contract';
import type { FastifyInstance } from 'fastify';
import type { AnalyticsStore } from './analytics-store';
import { errorResponses } from '../platform/http/error-schemas';

const PageView = Type.Object(
  {
    path: Type.String({ maxLength: 2048 }),
    title: Type.String({ maxLength: 300 }),
    referrer: Type.String({ maxLength: 2048 }),
  },
  { additionalProperties: false },
);
const Event = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    properties: Type.Record(
      Type.String({ maxLength: 100 }),
      Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean(), Type.Null()]),
      { maxProperties: 30 },
    ),
  },
  { additionalProperties: false },
);
const Accepted = Type.Object({ accepted: Type.Boolean() });

export async function analyticsRoutes(
  root: FastifyInstance,
  { store, perMinute }: { store: AnalyticsStore; perMinute: number },
): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  // Anyone may call these (no sign-in), so each IP gets a budget, and housekeeping deletes rows
  // older than CREASE_ANALYTICS_RETENTION_DAYS: the table cannot grow without bound (decision 054).
  const rateLimit = { max: perMinute, timeWindow: 60_000 };
  // No XSRF check: these calls use no credential (no cookie, no bearer is read), so a forged one
  // is no more than anyone may send directly, and the rate limit bounds both. With the check,
  // every new visitor's first page view was refused (no cookie yet) and logged a 403 in the
  // browser's console (issue 36 §6).
  const config = { accepts: 'json', rateLimit, xsrf: false } as const;

  app.post(
    `/${ANALYTICS_PATHS.pageViews}`,
    {
      config,
      schema: {
        tags: ['analytics'],
        summary: 'Record a page view (route change)',
        body: PageView,
        response: { 202: Accepted, ...errorResponses },
      },
    },
    async (request, reply) => {
      await store.pageView(request.body, request.headers['user-agent']);
      return reply.code(202).send({ accepted: true });
    },
  );

  app.post(
    `/${ANALYTICS_PATHS.events}`,
    {
      config,
      schema: {
        tags: ['analytics'],
        summary: 'Record a named event',
        body: Event,
        response: { 202: Accepted, ...errorResponses },
      },
    },
    async (request, reply) => {
      await store.event(request.body, request.headers['user-agent']);
      return reply.code(202).send({ accepted: true });
    },
  );
}
