/**
 * GET storefront: what a signed-out visitor reads on / (issue 22 §3): live now, the next
 * fixtures, the plans on sale and the trial's terms. Public and cacheable by a CDN: it needs no
 * token, reads nothing about the caller and sets no cookie. Its plans are priced for the
 * visitor's region (decision 421): the CDN's country header, else `?regionGuess=`; one cached
 * body per region.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  BILLING_PATHS,
  REGION_GUESS_PARAM,
  STOREFRONT_MATCH_LIMIT,
  STOREFRONT_MAX_AGE_SECONDS,
  STOREFRONT_STALE_WHILE_REVALIDATE_SECONDS,
} from '@crease/contract';
import type { Storefront } from '@crease/contract';
import { StorefrontMatchSchema } from '@crease/contract/schemas';
import { storefrontMatches } from '../../catalog';
import { activePlans, planToWire } from '../plans';
import { publicRead } from '../public-read';
import { pricedPlan, pricingFor, resolveRegion } from '../regional-prices';
import { PlanSchema, TrialLimitsSchema } from '../schemas';
import { errorResponses } from '../../platform/http/error-schemas';

const StorefrontSchema = Type.Object({
  live: Type.Array(StorefrontMatchSchema),
  upcoming: Type.Array(StorefrontMatchSchema),
  plans: Type.Array(PlanSchema),
  trial: Type.Union([TrialLimitsSchema, Type.Null()]),
});

export async function storefrontRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.services;
  const { invoices } = config;
  const readFor = (region: string) =>
    publicRead(
      {
        maxAgeSeconds: STOREFRONT_MAX_AGE_SECONDS,
        staleWhileRevalidateSeconds: STOREFRONT_STALE_WHILE_REVALIDATE_SECONDS,
        memoryMs: 5_000,
        vary: invoices.countryHeader ? [invoices.countryHeader] : [],
      },
      async (): Promise<Storefront> => {
        const { db } = database;
        const [matches, rows] = await Promise.all([
          storefrontMatches(db, clock.now(), STOREFRONT_MATCH_LIMIT),
          activePlans(db),
        ]);
        const trialPlan = rows.find((row) => row.trial);
        return {
          ...matches,
          plans: rows
            .filter((row) => !row.trial)
            .map((row) => pricedPlan(planToWire(row), row, pricingFor(region), invoices)),
          trial: trialPlan
            ? {
                days: trialPlan.durationDays,
                overallMinutes: config.billing.trialOverallMinutes,
                dailyMinutes: config.billing.trialDailyMinutes,
              }
            : null,
        };
      },
    );
  // One reader per region priced so far: country codes, so at most ~250.
  const readers = new Map<string, ReturnType<typeof publicRead>>();
  const read: ReturnType<typeof publicRead> = (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const region = resolveRegion(invoices, { request, guess: query[REGION_GUESS_PARAM] });
    let reader = readers.get(region);
    if (!reader) readers.set(region, (reader = readFor(region)));
    return reader(request, reply);
  };

  app.get(
    `/${BILLING_PATHS.storefront}`,
    {
      config: { sharedCache: true },
      schema: {
        tags: ['billing'],
        summary: 'The public storefront: live now, next fixtures, plans on sale, trial terms',
        querystring: Type.Object({
          [REGION_GUESS_PARAM]: Type.Optional(Type.String({ maxLength: 16 })),
        }),
        description: `No token; the same for every visitor of a region (CDN country header, else ?${REGION_GUESS_PARAM}=). ETag and Cache-Control: public, max-age=${STOREFRONT_MAX_AGE_SECONDS}, stale-while-revalidate=${STOREFRONT_STALE_WHILE_REVALIDATE_SECONDS}. If-None-Match answers 304.`,
        response: {
          200: StorefrontSchema,
          304: Type.Null({ description: 'Not modified (If-None-Match)' }),
          ...errorResponses,
        },
      },
    },
    read,
  );
}
