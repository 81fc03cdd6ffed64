/**
 * GET coupon check (docs/product.md §3 Coupon check: valid, couponCode, percentage). A code that does not
 * apply is a 4xx saying why (unknown, expired, used up, already used by this account, not for this
 * plan); failed checks spend
 * a per-account and per-address budget, then 429, so codes cannot be enumerated (decision 094).
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BILLING_PATHS } from '@crease/contract';
import type { CouponCheck, PriceQuote, WelcomeOffer } from '@crease/contract';
import { applicableCoupon, withCouponBudget } from '../coupons';
import { holdsLapseBefore, priceCheckout } from '../checkouts';
import { purchasablePlan } from '../plans';
import { priceOrder } from '../quotes';
import { viewerPricing } from '../regional-prices';
import { authenticate } from '../../accounts';
import {
  CouponCheckSchema,
  PriceQuoteSchema,
  WelcomeOfferSchema,
  billingErrorResponses,
} from '../schemas';
import { welcomeOfferFor } from '../welcome-offer';

const CouponQuery = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 64, pattern: '^\\s*[A-Za-z0-9_-]+\\s*$' }),
    planId: Type.String({ minLength: 1, maxLength: 64 }),
    regionGuess: Type.Optional(Type.String({ maxLength: 16 })),
  },
  { additionalProperties: false },
);

const QuoteQuery = Type.Object(
  {
    planId: Type.String({ minLength: 1, maxLength: 64 }),
    couponCode: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, pattern: '^\\s*[A-Za-z0-9_-]+\\s*$' }),
    ),
    /** The browser's region guess, for a profile with no region (decision 421). */
    regionGuess: Type.Optional(Type.String({ maxLength: 16 })),
  },
  { additionalProperties: false },
);

export async function billingCouponRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;
  app.get(
    `/${BILLING_PATHS.welcomeOffer}`,
    {
      schema: {
        tags: ['billing'],
        summary: 'The welcome coupon, while this account may use it',
        description:
          'coupon: { code, percentage } for an account that has never paid and has not used the welcome code, while the code is on sale; otherwise null. Spends no coupon-check budget: it names one code the service chose, never one the caller typed (decision 393).',
        security: [{ bearer: [] }],
        response: { 200: WelcomeOfferSchema, ...billingErrorResponses },
      },
    },
    async (request, reply): Promise<WelcomeOffer> => {
      const user = await authenticate(request, services);
      reply.header('cache-control', 'private, no-store');
      return welcomeOfferFor(services.database.db, user.id, services.clock.now());
    },
  );

  app.get(
    `/${BILLING_PATHS.couponCheck}`,
    {
      schema: {
        tags: ['billing'],
        summary: 'Check a coupon code for a plan',
        description:
          '200 when the code applies (valid: true, with its percentage). Otherwise COUPON_NOT_FOUND 404, COUPON_EXPIRED 410, COUPON_NOT_YET_VALID / COUPON_EXHAUSTED 409, COUPON_ALREADY_USED 409 (this account has used it as often as the coupon allows one account), COUPON_NOT_APPLICABLE 422; too many failed codes: 429 TOO_MANY_ATTEMPTS with Retry-After.',
        security: [{ bearer: [] }],
        querystring: CouponQuery,
        response: { 200: CouponCheckSchema, ...billingErrorResponses },
      },
    },
    async (request, reply): Promise<CouponCheck> => {
      const user = await authenticate(request, services);
      const query = request.query as Static<typeof CouponQuery>;
      reply.header('cache-control', 'private, no-store');
      const now = services.clock.now();
      const { db } = services.database;
      return withCouponBudget(request, services, user.id, async () => {
        const plan = await purchasablePlan(db, query.planId);
        const heldBefore = holdsLapseBefore(services.config, now);
        const coupon = await applicableCoupon(db, query.code, plan.id, now, user.id, heldBefore);
        const { invoices } = services.config;
        const pricing = viewerPricing(invoices, user, request, query.regionGuess);
        const { quote } = await priceOrder(db, plan, coupon, user.id, now, pricing, invoices);
        return { valid: true, couponCode: coupon.code, percentage: coupon.percentage, quote };
      });
    },
  );

  app.get(
    `/${BILLING_PATHS.quote}`,
    {
      schema: {
        tags: ['billing'],
        summary: 'What paying for a plan now costs the caller (decision 397)',
        description:
          "The total in the currency, rounded once by the server (send it as the checkout's expectedAmount), and what renews after the first payment (a coupon is for the first payment only). A coupon that does not apply answers as the coupon check does, spending the same budget.",
        security: [{ bearer: [] }],
        querystring: QuoteQuery,
        response: { 200: PriceQuoteSchema, ...billingErrorResponses },
      },
    },
    async (request, reply): Promise<PriceQuote> => {
      const user = await authenticate(request, services);
      const query = request.query as Static<typeof QuoteQuery>;
      reply.header('cache-control', 'private, no-store');
      const now = services.clock.now();
      const { db } = services.database;
      const heldBefore = holdsLapseBefore(services.config, now);
      const { invoices } = services.config;
      const pricing = viewerPricing(invoices, user, request, query.regionGuess);
      const price = () => priceCheckout(db, query, now, user.id, heldBefore, pricing, invoices);
      const priced = query.couponCode
        ? await withCouponBudget(request, services, user.id, price)
        : await price();
      return priced.quote;
    },
  );
}
