/**
 * GET coupon check (SPEC §3 Coupon check: valid, couponCode, percentage). A code that does not
 * apply is a 4xx saying why (unknown, expired, used up, already used by this account, not for this
 * plan); failed checks spend
 * a per-account and per-address budget, then 429, so codes cannot be enumerated (decision 094).
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BILLING_PATHS } from '@crease/contract';
import type { CouponCheck } from '@crease/contract';
import { applicableCoupon, withCouponBudget } from '../coupons';
import { purchasablePlan } from '../plans';
import { authenticate } from '../../accounts';
import { CouponCheckSchema, billingErrorResponses } from '../schemas';

const CouponQuery = Type.Object(
  {
    code: Type.String({ minLength: 1, maxLength: 64, pattern: '^\\s*[A-Za-z0-9_-]+\\s*$' }),
    planId: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);

export async function billingCouponRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;
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
        const coupon = await applicableCoupon(db, query.code, plan.id, now, user.id);
        return { valid: true, couponCode: coupon.code, percentage: coupon.percentage };
      });
    },
  );
}
