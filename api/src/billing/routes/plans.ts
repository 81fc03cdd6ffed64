/**
 * GET plans: the active plans in orderNumber order. Public and cacheable: an ETag over the body
 * and a short max-age; each replica keeps the list in memory for a few seconds, so a burst of
 * /plans views costs the database one query.
 */
import { createHash } from 'node:crypto';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BILLING_PATHS } from '@crease/contract';
import { activePlans, planToWire } from '../plans';
import { PlanSchema } from '../schemas';
import { errorResponses } from '../../platform/http/error-schemas';
import { monotonicMs } from '../../platform/clock';

/** How long browsers and CDNs may reuse the list, and how long a replica keeps it. */
export const PLANS_MAX_AGE_SECONDS = 60;
const MEMORY_TTL_MS = 5_000;

export async function billingPlanRoutes(app: FastifyInstance): Promise<void> {
  let cached: { body: string; etag: string; until: number } | null = null;

  app.get(
    `/${BILLING_PATHS.plans}`,
    {
      config: { sharedCache: true },
      schema: {
        tags: ['billing'],
        summary: 'Active plans, in orderNumber order (public, cacheable)',
        description: `ETag and Cache-Control: public, max-age=${PLANS_MAX_AGE_SECONDS}. If-None-Match answers 304.`,
        response: { 200: Type.Array(PlanSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!cached || cached.until <= monotonicMs()) {
        const plans = (await activePlans(app.services.database.db)).map(planToWire);
        const body = JSON.stringify(plans);
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
        cached = { body, etag, until: monotonicMs() + MEMORY_TTL_MS };
      }
      reply
        .header('cache-control', `public, max-age=${PLANS_MAX_AGE_SECONDS}`)
        .header('etag', cached.etag)
        .header('vary', 'Origin');
      const match = request.headers['if-none-match'];
      if (match && match.split(',').some((tag) => tag.trim() === cached?.etag))
        return reply.code(304).send();
      // Already JSON: sent as is, not serialized again.
      return reply
        .type('application/json; charset=utf-8')
        .serializer((x) => x as string)
        .send(cached.body);
    },
  );
}
