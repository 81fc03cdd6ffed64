/**
 * The admin's business desk (issue 33 §5, decisions 457–460) under /api/v1/staff/business:
 * plans and prices, coupons and their redemptions, the business figures. An admin's staff
 * session, or an operator token (a bot in the audit, as the other operator routes); producer,
 * scorer and support get 403, no bearer 401. Every write says why and writes the audit log with
 * before → after and the reason; billing's own modules make the change.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BUSINESS_PATHS, PRICE_CURRENCIES } from '@crease/contract';
import {
  adminCoupons,
  adminPlans,
  couponRedemptions,
  createCoupon,
  endCoupon,
  setPlanOnSale,
  setPlanPrice,
  updateCoupon,
} from '../billing';
import { ApiError } from '../platform/errors';
import { bearerOf, botActor, recordAudit, staffOrNull } from '../staff';
import { businessFigures } from './figures';

const read = { bearerOnly: true };
const json = { bearerOnly: true, accepts: 'json' as const };
const tags = ['staff business'];
const Reason = Type.String({
  minLength: 3,
  maxLength: 500,
  description: 'Why (kept in the audit log)',
});
const CouponCode = Type.String({ minLength: 3, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' });
const Instant = Type.String({ format: 'date-time' });
const Limit = Type.Union([Type.Integer({ minimum: 1, maximum: 10_000_000 }), Type.Null()]);
const PlanParams = Type.Object({ planId: Type.String({ minLength: 1, maxLength: 64 }) });
const CodeParams = Type.Object({ code: CouponCode });

export async function businessRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { services } = app;
  const { db } = services.database;
  const { clock } = services;
  const adminSession = staffOrNull({ db, clock }, ['admin']);

  /** `staff:<id>` for an admin, `bot:<name>` for an operator token; 401 / 403 otherwise. */
  const actorOf = async (request: FastifyRequest): Promise<string> => {
    if (!bearerOf(request)) throw new ApiError('UNAUTHORIZED');
    return (await adminSession(request)) ?? botActor(services.catalog.authorizeOperator(request));
  };

  app.get(
    `/${BUSINESS_PATHS.plans}`,
    { config: read, schema: { tags, summary: 'Every plan with its price per currency' } },
    async (request, reply) => {
      await actorOf(request);
      return reply.header('cache-control', 'no-store').send(await adminPlans(db));
    },
  );

  app.put(
    `/${BUSINESS_PATHS.planPrice}`,
    {
      config: json,
      schema: {
        tags,
        summary: "Set a plan's price in one currency (minor units) for new quotes, with a reason",
        params: Type.Object({
          planId: PlanParams.properties.planId,
          currency: Type.Union(PRICE_CURRENCIES.map((c) => Type.Literal(c))),
        }),
        body: Type.Object(
          { reason: Reason, minor: Type.Integer({ minimum: 1, maximum: 100_000_000 }) },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const { planId, currency } = request.params;
      const changed = await setPlanPrice(db, planId, currency, request.body.minor, clock.now());
      const priceOf = (plan: typeof changed.before) =>
        plan.prices.find((p) => p.currency === currency);
      await recordAudit(db, clock, {
        actor,
        action: 'business.plan-price',
        subject: `plan:${planId}`,
        before: { currency, ...priceOf(changed.before) },
        after: { ...priceOf(changed.after), reason: request.body.reason },
      });
      return reply.header('cache-control', 'no-store').send(changed.after);
    },
  );

  app.put(
    `/${BUSINESS_PATHS.planSale}`,
    {
      config: json,
      schema: {
        tags,
        summary: 'Withdraw a plan from sale or put it back, with a reason',
        params: PlanParams,
        body: Type.Object(
          { reason: Reason, onSale: Type.Boolean() },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const { planId } = request.params;
      const changed = await setPlanOnSale(db, planId, request.body.onSale, clock.now());
      await recordAudit(db, clock, {
        actor,
        action: 'business.plan-sale',
        subject: `plan:${planId}`,
        before: { onSale: changed.before.onSale },
        after: { onSale: changed.after.onSale, reason: request.body.reason },
      });
      return reply.header('cache-control', 'no-store').send(changed.after);
    },
  );

  app.get(
    `/${BUSINESS_PATHS.coupons}`,
    { config: read, schema: { tags, summary: 'Every coupon, newest first, with its counts' } },
    async (request, reply) => {
      await actorOf(request);
      return reply.header('cache-control', 'no-store').send(await adminCoupons(db, clock.now()));
    },
  );

  app.post(
    `/${BUSINESS_PATHS.coupons}`,
    {
      config: json,
      schema: {
        tags,
        summary: 'Create a coupon: code, percentage, plans, limits, window, with a reason',
        body: Type.Object(
          {
            reason: Reason,
            code: CouponCode,
            percentage: Type.Integer({ minimum: 1, maximum: 99 }),
            planIds: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 50 }),
            redemptionLimit: Limit,
            perAccountLimit: Limit,
            validFrom: Type.Optional(Instant),
            validUntil: Type.Union([Instant, Type.Null()]),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const { reason, ...wanted } = request.body;
      const created = await createCoupon(db, wanted, clock.now());
      await recordAudit(db, clock, {
        actor,
        action: 'business.coupon-create',
        subject: `coupon:${created.code}`,
        before: null,
        after: { ...created, reason },
      });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.patch(
    `/${BUSINESS_PATHS.coupon}`,
    {
      config: json,
      schema: {
        tags,
        summary: "Change a coupon's redemption limit and/or expiry, with a reason",
        params: CodeParams,
        body: Type.Object(
          {
            reason: Reason,
            redemptionLimit: Type.Optional(Limit),
            validUntil: Type.Optional(Type.Union([Instant, Type.Null()])),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const { reason, ...change } = request.body;
      const changed = await updateCoupon(db, request.params.code, change, clock.now());
      const limits = (c: typeof changed.before) => ({
        redemptionLimit: c.redemptionLimit,
        validUntil: c.validUntil,
      });
      await recordAudit(db, clock, {
        actor,
        action: 'business.coupon-update',
        subject: `coupon:${changed.after.code}`,
        before: limits(changed.before),
        after: { ...limits(changed.after), reason },
      });
      return reply.header('cache-control', 'no-store').send(changed.after);
    },
  );

  app.post(
    `/${BUSINESS_PATHS.endCoupon}`,
    {
      config: json,
      schema: {
        tags,
        summary: 'End a coupon now (no new checkout takes it), with a reason',
        params: CodeParams,
        body: Type.Object({ reason: Reason }, { additionalProperties: false }),
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const changed = await endCoupon(db, request.params.code, clock.now());
      await recordAudit(db, clock, {
        actor,
        action: 'business.coupon-end',
        subject: `coupon:${changed.after.code}`,
        before: { state: changed.before.state, validUntil: changed.before.validUntil },
        after: {
          state: changed.after.state,
          validUntil: changed.after.validUntil,
          reason: request.body.reason,
        },
      });
      return reply.header('cache-control', 'no-store').send(changed.after);
    },
  );

  app.get(
    `/${BUSINESS_PATHS.couponRedemptions}`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Who redeemed a coupon, when, with which payment',
        params: CodeParams,
      },
    },
    async (request, reply) => {
      await actorOf(request);
      return reply
        .header('cache-control', 'no-store')
        .send(await couponRedemptions(db, request.params.code, clock.now()));
    },
  );

  app.get(
    `/${BUSINESS_PATHS.figures}`,
    {
      config: read,
      schema: { tags, summary: "Today's and this month's revenue, trials, conversion, peaks" },
    },
    async (request, reply) => {
      await actorOf(request);
      return reply.header('cache-control', 'no-store').send(await businessFigures(db, clock.now()));
    },
  );
}
