/**
 * The free trial: GET says whether "Start free trial" is offered (and explains its limits);
 * POST activates it, once per account and once per device vidictId (NONE → TRIAL), on a device
 * registered to the caller's account (decision 168).
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { eq, or } from 'drizzle-orm';
import { BILLING_PATHS, TRIAL_UNAVAILABLE_REASONS } from '@crease/contract';
import type { TrialOffer } from '@crease/contract';
import { trialPlan } from '../plans';
import { readSubscription, stateOf } from '../subscription-machine';
import { startTrial, subscriptionToWire } from '../subscriptions';
import { trialNetworkSpent, withTrialNetworkBudget } from '../trial-network';
import { trialGrants } from '../tables';
import { authenticate } from '../../accounts';
import { SubscriptionSchema, TrialLimitsSchema, VidictId, billingErrorResponses } from '../schemas';

const TrialBody = Type.Object({ vidictId: VidictId }, { additionalProperties: false });
const TrialQuery = Type.Object(
  { vidictId: Type.Optional(VidictId) },
  { additionalProperties: false },
);

const TrialOfferSchema = Type.Object({
  planId: Type.String(),
  limits: TrialLimitsSchema,
  available: Type.Boolean(),
  reason: Type.Union([...TRIAL_UNAVAILABLE_REASONS.map((r) => Type.Literal(r)), Type.Null()]),
});

export async function billingTrialRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;
  const { billing } = services.config;

  app.get(
    `/${BILLING_PATHS.trial}`,
    {
      schema: {
        tags: ['billing'],
        summary:
          'The trial offer: its limits and whether this account, device and network may take it now',
        security: [{ bearer: [] }],
        querystring: TrialQuery,
        response: { 200: TrialOfferSchema, ...billingErrorResponses },
      },
    },
    async (request, reply): Promise<TrialOffer> => {
      const user = await authenticate(request, services);
      const { vidictId } = request.query as Static<typeof TrialQuery>;
      const { db } = services.database;
      const now = services.clock.now();
      const plan = await trialPlan(db);
      const state = stateOf(await readSubscription(db, user.id, now));
      const grants = await db
        .select()
        .from(trialGrants)
        .where(
          vidictId
            ? or(eq(trialGrants.userId, user.id), eq(trialGrants.vidictId, vidictId))
            : eq(trialGrants.userId, user.id),
        );
      const reason: TrialOffer['reason'] =
        state === 'ACTIVE' || state === 'CANCELLED'
          ? 'PLAN_ALREADY_ACTIVE'
          : state !== 'NONE' || grants.some((g) => g.userId === user.id)
            ? 'TRIAL_ALREADY_USED'
            : grants.length > 0
              ? 'TRIAL_DEVICE_ALREADY_USED'
              : (await trialNetworkSpent(request, services))
                ? 'TRIAL_NETWORK_LIMIT_REACHED'
                : null;
      reply.header('cache-control', 'private, no-store');
      return {
        planId: plan.id,
        limits: {
          days: plan.durationDays,
          overallMinutes: billing.trialOverallMinutes,
          dailyMinutes: billing.trialDailyMinutes,
        },
        available: reason === null,
        reason,
      };
    },
  );

  app.post(
    `/${BILLING_PATHS.trial}`,
    {
      config: { accepts: 'json', idempotent: true },
      schema: {
        tags: ['billing'],
        summary:
          'Activate the free trial (once per account and per device, a few per network a day)',
        description:
          '201 with the TRIAL subscription. vidictId must be a device registered to the caller (POST /api/v1/devices), else 409 DEVICE_NOT_REGISTERED. A second trial: 409 TRIAL_ALREADY_USED; a device that had one: 409 TRIAL_DEVICE_ALREADY_USED; a running paid plan: 409 PLAN_ALREADY_ACTIVE; more than CREASE_TRIALS_PER_NETWORK_PER_DAY trials from one IPv4 address or IPv6 /64 in 24 h: 429 TRIAL_NETWORK_LIMIT_REACHED with Retry-After.',
        security: [{ bearer: [], xsrf: [] }],
        body: TrialBody,
        response: { 201: SubscriptionSchema, ...billingErrorResponses },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      const { vidictId } = request.body as Static<typeof TrialBody>;
      const { db } = services.database;
      const now = services.clock.now();
      const plan = await trialPlan(db);
      const row = await withTrialNetworkBudget(request, services, user.id, () =>
        db.transaction((tx) => startTrial(tx, user.id, vidictId, plan, now)),
      );
      return reply.code(201).send(subscriptionToWire(row, plan, now));
    },
  );
}
