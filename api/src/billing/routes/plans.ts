/**
 * GET plans: the active plans in orderNumber order. Public and cacheable: an ETag over the body
 * and a short max-age; each replica keeps the list in memory for a few seconds, so a burst of
 * /plans views costs the database one query.
 *
 * Priced for the viewer's region (decision 421): a signed-in caller's profile region, else the
 * CDN's country header, else `regionGuess` (the browser's). A signed-in answer is private.
 */
import { createHash } from 'node:crypto';
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BILLING_PATHS, REGION_GUESS_PARAM } from '@crease/contract';
import { authenticate } from '../../accounts';
import { activePlans, planToWire } from '../plans';
import { pricedPlan, pricingFor, resolveRegion } from '../regional-prices';
import { PlanSchema } from '../schemas';
import { errorResponses } from '../../platform/http/error-schemas';
import { monotonicMs } from '../../platform/clock';

/** How long browsers and CDNs may reuse the list, and how long a replica keeps it. */
export const PLANS_MAX_AGE_SECONDS = 60;
const MEMORY_TTL_MS = 5_000;

export async function billingPlanRoutes(app: FastifyInstance): Promise<void> {
  const cache = new Map<string, { body: string; etag: string; until: number }>();
  const { invoices } = app.services.config;

  /** The caller's profile region when a valid bearer comes with the call; null for a visitor. */
  async function profileRegion(request: FastifyRequest): Promise<string | null> {
    if (!request.headers.authorization) return null;
    try {
      return (await authenticate(request, app.services)).region;
    } catch {
      return null; // an expired token still sees the visitor's prices; the screen refreshes it
    }
  }

  app.get(
    `/${BILLING_PATHS.plans}`,
    {
      config: { sharedCache: true },
      schema: {
        tags: ['billing'],
        summary: 'Active plans, in orderNumber order (public, cacheable)',
        description: `Priced for the caller's region (profile, CDN country header, ?${REGION_GUESS_PARAM}=). ETag and Cache-Control: public, max-age=${PLANS_MAX_AGE_SECONDS} (private when signed in). If-None-Match answers 304.`,
        querystring: Type.Object({
          [REGION_GUESS_PARAM]: Type.Optional(Type.String({ maxLength: 16 })),
        }),
        response: { 200: Type.Array(PlanSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const fromProfile = await profileRegion(request);
      const region = resolveRegion(invoices, {
        profileRegion: fromProfile,
        request,
        guess: query[REGION_GUESS_PARAM],
      });
      let cached = cache.get(region);
      if (!cached || cached.until <= monotonicMs()) {
        const pricing = pricingFor(region);
        const rows = await activePlans(app.services.database.db);
        const plans = rows.map((row) => pricedPlan(planToWire(row), row, pricing, invoices));
        const body = JSON.stringify(plans);
        const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
        cached = { body, etag, until: monotonicMs() + MEMORY_TTL_MS };
        cache.set(region, cached); // keys are country codes: at most ~250
      }
      const vary = [
        'Origin',
        'Authorization',
        ...(invoices.countryHeader ? [invoices.countryHeader] : []),
      ];
      reply
        .header(
          'cache-control',
          `${fromProfile === null ? 'public' : 'private'}, max-age=${PLANS_MAX_AGE_SECONDS}`,
        )
        .header('etag', cached.etag)
        .header('vary', vary.join(', '));
      const match = request.headers['if-none-match'];
      const etag = cached.etag;
      if (match && match.split(',').some((tag) => tag.trim() === etag))
        return reply.code(304).send();
      // Already JSON: sent as is, not serialized again.
      return reply
        .type('application/json; charset=utf-8')
        .serializer((x) => x as string)
        .send(cached.body);
    },
  );
}
