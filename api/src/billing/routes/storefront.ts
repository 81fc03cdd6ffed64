/**
 * GET storefront: what a signed-out visitor reads on / (issue 22 §3): live now, the next
 * fixtures, the plans on sale and the trial's terms. Public and cacheable by a CDN: it needs no
 * token, reads nothing about the caller and sets no cookie.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  BILLING_PATHS,
  STOREFRONT_MATCH_LIMIT,
  STOREFRONT_MAX_AGE_SECONDS,
  STOREFRONT_STALE_WHILE_REVALIDATE_SECONDS,
} from '@crease/contract';
import type { Storefront } from '@crease/contract';
import { storefrontMatches } from '../../catalog';
import { activePlans, planToWire } from '../plans';
import { publicRead } from '../public-read';
import { PlanSchema, TrialLimitsSchema } from '../schemas';
import { errorResponses } from '../../platform/http/error-schemas';

const StorefrontMatchSchema = Type.Object({
  eventId: Type.String(),
  title: Type.String(),
  league: Type.String(),
  teams: Type.Tuple([Type.String(), Type.String()]),
  startTime: Type.String({ format: 'date-time' }),
});

const StorefrontSchema = Type.Object({
  live: Type.Array(StorefrontMatchSchema),
  upcoming: Type.Array(StorefrontMatchSchema),
  plans: Type.Array(PlanSchema),
  trial: Type.Union([TrialLimitsSchema, Type.Null()]),
});

export async function storefrontRoutes(app: FastifyInstance): Promise<void> {
  const { database, clock, config } = app.services;
  const read = publicRead(
    {
      maxAgeSeconds: STOREFRONT_MAX_AGE_SECONDS,
      staleWhileRevalidateSeconds: STOREFRONT_STALE_WHILE_REVALIDATE_SECONDS,
      memoryMs: 5_000,
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
        plans: rows.filter((row) => !row.trial).map(planToWire),
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

  app.get(
    `/${BILLING_PATHS.storefront}`,
    {
      config: { sharedCache: true },
      schema: {
        tags: ['billing'],
        summary: 'The public storefront: live now, next fixtures, plans on sale, trial terms',
        description: `No token; the same for every visitor. ETag and Cache-Control: public, max-age=${STOREFRONT_MAX_AGE_SECONDS}, stale-while-revalidate=${STOREFRONT_STALE_WHILE_REVALIDATE_SECONDS}. If-None-Match answers 304.`,
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
