/**
 * GET the pass offer beside a match or a league (issue 34 §3, decision 452): the pass priced in
 * the caller's currency exactly as plans are (decision 421), and whether it is sold to the caller
 * now, with the sentence to show if not. Public (a visitor sees the price), or with a Bearer (the
 * answer then also says "you have it" or "your plan includes it", and is private). GET the
 * shelf: a signed-in viewer's passes and the prices, once for a whole match list.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static, TSchema } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import {
  PASS_PATHS,
  PASS_PLAN_IDS,
  PASS_SCOPES,
  PASS_UNAVAILABLE_REASONS,
  REGION_GUESS_PARAM,
} from '@crease/contract';
import { authenticate } from '../../accounts';
import { errorResponses } from '../../platform/http/error-schemas';
import { ApiError } from '../errors';
import { findPlan } from '../plans';
import { priceIn, pricingFor, resolveRegion, viewerPricing } from '../regional-prices';
import { toMajor } from '../money';
import { runningPlanOf } from '../stacking';
import { readSubscription } from '../subscription-machine';
import { ownedPasses } from '../passes/pass-ownership';
import { TaxBreakdownSchema } from '../schemas';
import { passOffer, passRefusal } from '../passes/pass-sales';
import { passTargetOf } from '../passes/pass-targets';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PassOfferSchema = Type.Object({
  scope: Type.Union(PASS_SCOPES.map((s) => Type.Literal(s))),
  planId: Type.String(),
  eventId: nullable(Type.String()),
  leagueId: Type.String(),
  title: Type.String(),
  price: Type.Number(),
  currency: Type.String(),
  region: Type.String(),
  taxBreakdown: nullable(TaxBreakdownSchema),
  maxDevices: Type.Integer(),
  available: Type.Boolean(),
  reason: nullable(Type.Union(PASS_UNAVAILABLE_REASONS.map((r) => Type.Literal(r)))),
  message: nullable(Type.String()),
});

const PassShelfSchema = Type.Object({
  region: Type.String(),
  currency: Type.String(),
  matchPrice: Type.Number(),
  seasonPrice: Type.Number(),
  planIncludesAll: Type.Boolean(),
  owned: Type.Array(
    Type.Object({
      scope: Type.Union(PASS_SCOPES.map((s) => Type.Literal(s))),
      eventId: nullable(Type.String()),
      leagueId: Type.String(),
      title: Type.String(),
    }),
  ),
});

const OfferQuery = Type.Object(
  {
    eventId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    leagueId: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    [REGION_GUESS_PARAM]: Type.Optional(Type.String({ maxLength: 16 })),
  },
  { additionalProperties: false },
);

export async function passRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;
  app.get(
    `/${PASS_PATHS.offer}`,
    {
      schema: {
        tags: ['billing'],
        summary:
          'The match pass (?eventId=) or season pass (?leagueId=) offer, priced for the caller',
        querystring: OfferQuery,
        response: { 200: PassOfferSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const query = request.query as Static<typeof OfferQuery>;
      const signedIn = request.headers.authorization ? await authenticate(request, services) : null;
      const { db } = services.database;
      const now = services.clock.now();
      const scope = query.eventId !== undefined ? 'MATCH' : 'SEASON';
      const target = await passTargetOf(db, scope, query);
      const product = await findPlan(db, PASS_PLAN_IDS[scope]);
      if (!product?.active) throw new ApiError('PLAN_INACTIVE', 'Passes are not sold just now.');
      const { invoices } = services.config;
      const region = resolveRegion(invoices, {
        profileRegion: signedIn?.region ?? null,
        request,
        guess: query[REGION_GUESS_PARAM],
      });
      const reason = await passRefusal(db, signedIn?.id ?? null, target, now);
      reply.header('cache-control', 'private, no-store');
      // A pass holder with no running plan plays on the screens of an account without one.
      const screens = services.config.billing.maxDevicesWithoutPlan;
      return passOffer(product, target, pricingFor(region), invoices, reason, screens);
    },
  );

  app.get(
    `/${PASS_PATHS.shelf}`,
    {
      schema: {
        tags: ['billing'],
        summary: "The caller's passes and the passes' prices in their currency (Bearer)",
        security: [{ bearer: [] }],
        querystring: Type.Object({
          [REGION_GUESS_PARAM]: Type.Optional(Type.String({ maxLength: 16 })),
        }),
        response: { 200: PassShelfSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      const query = request.query as Record<string, string | undefined>;
      const { db } = services.database;
      const now = services.clock.now();
      const pricing = viewerPricing(
        services.config.invoices,
        user,
        request,
        query[REGION_GUESS_PARAM],
      );
      const [match, season] = await Promise.all([
        findPlan(db, PASS_PLAN_IDS.MATCH),
        findPlan(db, PASS_PLAN_IDS.SEASON),
      ]);
      if (!match?.active || !season?.active)
        throw new ApiError('PLAN_INACTIVE', 'Passes are not sold just now.');
      const running = await runningPlanOf(db, await readSubscription(db, user.id, now), now);
      const matchPrice = priceIn(match, pricing.currency);
      reply.header('cache-control', 'private, no-store');
      return {
        region: pricing.region,
        currency: matchPrice.currency,
        matchPrice: toMajor(matchPrice.minor),
        seasonPrice: toMajor(priceIn(season, pricing.currency).minor),
        planIncludesAll: running?.running.renewing ?? false,
        owned: await ownedPasses(db, user.id),
      };
    },
  );
}
