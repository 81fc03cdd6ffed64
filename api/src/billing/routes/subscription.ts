/** The caller's subscription, and cancelling it at period end (ACTIVE → CANCELLED). */
import type { FastifyInstance } from 'fastify';
import { BILLING_PATHS } from '@crease/contract';
import type { Subscription } from '@crease/contract';
import { findPlan } from '../plans';
import { readSubscription } from '../subscription-machine';
import { cancelAtPeriodEnd, subscriptionToWire } from '../subscriptions';
import { authenticate } from '../../accounts';
import { SubscriptionSchema, billingErrorResponses } from '../schemas';

export async function billingSubscriptionRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;

  app.get(
    `/${BILLING_PATHS.subscription}`,
    {
      schema: {
        tags: ['billing'],
        summary: "The caller's subscription and its state",
        security: [{ bearer: [] }],
        response: { 200: SubscriptionSchema, ...billingErrorResponses },
      },
    },
    async (request, reply): Promise<Subscription> => {
      const user = await authenticate(request, services);
      const { db } = services.database;
      const now = services.clock.now();
      const row = await readSubscription(db, user.id, now);
      reply.header('cache-control', 'private, no-store');
      return subscriptionToWire(row, row?.planId ? await findPlan(db, row.planId) : null, now);
    },
  );

  app.post(
    `/${BILLING_PATHS.cancelSubscription}`,
    {
      config: { idempotent: true },
      schema: {
        tags: ['billing'],
        summary: 'Cancel at period end (access continues until periodEnd)',
        description:
          'ACTIVE → CANCELLED. Cancelling again: 409 SUBSCRIPTION_ALREADY_CANCELLED; nothing to cancel (no plan, trial, expired): 409 NO_ACTIVE_SUBSCRIPTION.',
        security: [{ bearer: [], xsrf: [] }],
        response: { 200: SubscriptionSchema, ...billingErrorResponses },
      },
    },
    async (request) => {
      const user = await authenticate(request, services);
      const { db } = services.database;
      const now = services.clock.now();
      const row = await db.transaction((tx) => cancelAtPeriodEnd(tx, user.id, now));
      return subscriptionToWire(row, row.planId ? await findPlan(db, row.planId) : null, now);
    },
  );
}
