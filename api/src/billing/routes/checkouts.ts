/**
 * Checkout creation (Idempotency-Key required: one checkout per key, decision 019/091) and the
 * checkout the payment screens poll. The answer's redirectUrl is where the browser pays.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BILLING_PATHS, PRICE_CURRENCIES } from '@crease/contract';
import {
  checkoutToWire,
  createCheckout,
  holdsLapseBefore,
  ownCheckout,
  priceCheckout,
  providerProblem,
} from '../checkouts';
import { withCouponHoldBudget } from '../coupon-network-limit';
import { PaymentProviderError } from '../providers/payment-provider';
import { withCouponBudget } from '../coupons';
import { refuseDowngradingPurchase } from '../stacking';
import { passForCheckout } from '../passes/pass-checkout';
import { viewerPricing } from '../regional-prices';
import { authenticate } from '../../accounts';
import { siteOrigin } from '../../platform/http/site-host';
import { CheckoutSchema, billingErrorResponses } from '../schemas';
import { requireIdempotencyKey } from './idempotency-key';
import { ErrorResponse } from '../../platform/http/error-schemas';

const CheckoutBody = Type.Object(
  {
    planId: Type.String({ minLength: 1, maxLength: 64 }),
    couponCode: Type.Optional(
      Type.String({ minLength: 1, maxLength: 64, pattern: '^\\s*[A-Za-z0-9_-]+\\s*$' }),
    ),
    expectedAmount: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 1_000_000,
        description: 'The amount the screen showed; another computed amount is 409 PRICE_CHANGED.',
      }),
    ),
    currency: Type.Optional(
      Type.Union(
        PRICE_CURRENCIES.map((c) => Type.Literal(c)),
        { description: 'The currency the screen showed; another is 409 PRICE_CHANGED.' },
      ),
    ),
    regionGuess: Type.Optional(
      Type.String({ maxLength: 16, description: "The browser's region guess (decision 421)." }),
    ),
    eventId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 128, description: 'A match pass: the match.' }),
    ),
    leagueId: Type.Optional(
      Type.String({ minLength: 1, maxLength: 128, description: 'A season pass: the league.' }),
    ),
  },
  { additionalProperties: false },
);

const CheckoutParams = Type.Object({ checkoutId: Type.String({ format: 'uuid' }) });

export async function billingCheckoutRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;

  app.post(
    `/${BILLING_PATHS.checkouts}`,
    {
      config: { accepts: 'json', idempotent: true },
      onRequest: requireIdempotencyKey,
      schema: {
        tags: ['billing'],
        summary: 'Create a checkout for a plan (Idempotency-Key required)',
        description:
          'The API computes the price (coupon included) and opens a payment-provider session for exactly it; go to redirectUrl to pay. Only the provider webhook marks it PAID. A plan that would lower the running one (fewer screens, or a pass on a renewing subscription): 409 PLAN_WOULD_DOWNGRADE, nothing created (decision 391). When the provider is down: 503 PAYMENT_PROVIDER_UNAVAILABLE with Retry-After (502 PAYMENT_PROVIDER_ERROR when it refuses our request); nothing is created and the same key may be retried. Same key + same body: the same checkout (Idempotent-Replayed: true); a concurrent duplicate gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After.',
        security: [{ bearer: [], xsrf: [] }],
        headers: Type.Object(
          { 'idempotency-key': Type.Optional(Type.String()) },
          { additionalProperties: true },
        ),
        body: CheckoutBody,
        response: {
          201: CheckoutSchema,
          ...billingErrorResponses,
          502: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      const body = request.body as Static<typeof CheckoutBody>;
      const now = services.clock.now();
      const { db } = services.database;
      const heldBefore = holdsLapseBefore(services.config, now);
      const { invoices } = services.config;
      const pricing = viewerPricing(invoices, user, request, body.regionGuess);
      // A pass names its match or league, is sold only while it can be watched, and takes no
      // coupon (decision 452); a plan names neither.
      const pass = await passForCheckout(db, user.id, body, now);
      const price = () => priceCheckout(db, body, now, user.id, heldBefore, pricing, invoices);
      const priced = body.couponCode
        ? await withCouponBudget(request, services, user.id, price)
        : await price();
      // A plan that would lower the running one is not sold on top of it (decision 391).
      if (!pass) await refuseDowngradingPurchase(db, user.id, priced.plan, now);
      // A limited coupon's places are held per network too (decision 396).
      const open = () =>
        createCheckout(
          services,
          user,
          body,
          priced,
          siteOrigin(request, services),
          request.log,
          pass,
        );
      const row = await (
        priced.coupon?.redemptionLimit != null
          ? withCouponHoldBudget(request, services, user.id, open)
          : open()
      ).catch((error: unknown) => {
        if (error instanceof PaymentProviderError)
          request.log.warn({ err: error }, 'the payment provider failed at checkout');
        throw providerProblem(error, user.id);
      });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await checkoutToWire(db, row, now));
    },
  );

  app.get(
    `/${BILLING_PATHS.checkout}`,
    {
      schema: {
        tags: ['billing'],
        summary: "One of the caller's checkouts (the payment screens poll it)",
        security: [{ bearer: [] }],
        params: CheckoutParams,
        response: { 200: CheckoutSchema, ...billingErrorResponses },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      const { checkoutId } = request.params as Static<typeof CheckoutParams>;
      const row = await ownCheckout(services.database.db, user.id, checkoutId);
      reply.header('cache-control', 'private, no-store');
      return checkoutToWire(services.database.db, row, services.clock.now());
    },
  );
}
