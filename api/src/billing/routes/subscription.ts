/**
 * The caller's subscription: read it, cancel renewal (access to the period end), resume it
 * before then, and change plan (an upgrade now with credit, a downgrade at the period end).
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BILLING_PATHS } from '@crease/contract';
import type { Subscription } from '@crease/contract';
import { providerProblem } from '../checkouts';
import { changePlan, quotePlanChange } from '../plan-change';
import { readSubscription } from '../subscription-machine';
import { cancelAtPeriodEnd, resumeRenewal, subscriptionView } from '../subscriptions';
import { switchRenewal as switchRenewalOf } from '../renewal-switch';
import type { RenewalMove } from '../renewal-switch';
import { authenticate } from '../../accounts';
import {
  PlanChangeQuoteSchema,
  PlanChangeResultSchema,
  SubscriptionSchema,
  billingErrorResponses,
} from '../schemas';
import { idempotencyKeyOf, requireIdempotencyKey } from './idempotency-key';

const PlanChangeBody = Type.Object(
  { planId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export async function billingSubscriptionRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;

  /** Cancel or resume (renewal-switch.ts, shared with support's cancel), then the viewer's view. */
  const switchRenewal = async (
    userId: string,
    renew: boolean,
    move: RenewalMove,
  ): Promise<Subscription> => {
    const row = await switchRenewalOf(services, userId, renew, move);
    return subscriptionView(services.database.db, row, services.clock.now());
  };

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
      return subscriptionView(db, row, now);
    },
  );

  app.post(
    `/${BILLING_PATHS.cancelSubscription}`,
    {
      config: { idempotent: true },
      schema: {
        tags: ['billing'],
        summary: 'Cancel renewal at period end (access continues until periodEnd)',
        description:
          'ACTIVE → CANCELLED: renewal off. Cancelling again: 409 SUBSCRIPTION_ALREADY_CANCELLED; a pass (it never renews): 409 PLAN_DOES_NOT_RENEW; nothing to cancel (no plan, trial, expired): 409 NO_ACTIVE_SUBSCRIPTION.',
        security: [{ bearer: [], xsrf: [] }],
        response: { 200: SubscriptionSchema, ...billingErrorResponses },
      },
    },
    async (request) => {
      const user = await authenticate(request, services);
      return switchRenewal(user.id, false, cancelAtPeriodEnd);
    },
  );

  app.post(
    `/${BILLING_PATHS.resumeSubscription}`,
    {
      config: { idempotent: true },
      schema: {
        tags: ['billing'],
        summary: 'Resume renewal of a cancelled subscription before its period ends',
        description:
          'CANCELLED → ACTIVE: renewal on again with the saved card. Not cancelled, or the period already ended: 409 SUBSCRIPTION_NOT_CANCELLED.',
        security: [{ bearer: [], xsrf: [] }],
        response: { 200: SubscriptionSchema, ...billingErrorResponses },
      },
    },
    async (request) => {
      const user = await authenticate(request, services);
      return switchRenewal(user.id, true, resumeRenewal);
    },
  );

  app.get(
    `/${BILLING_PATHS.planChange}`,
    {
      schema: {
        tags: ['billing'],
        summary: 'What changing to a plan would cost now (upgrade) or when it starts (downgrade)',
        security: [{ bearer: [] }],
        querystring: PlanChangeBody,
        response: { 200: PlanChangeQuoteSchema, ...billingErrorResponses },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      const { planId } = request.query as Static<typeof PlanChangeBody>;
      reply.header('cache-control', 'private, no-store');
      return quotePlanChange(services.database.db, user.id, planId, services.clock.now());
    },
  );

  app.post(
    `/${BILLING_PATHS.planChange}`,
    {
      config: { accepts: 'json', idempotent: true },
      onRequest: requireIdempotencyKey,
      schema: {
        tags: ['billing'],
        summary: 'Change plan (Idempotency-Key required)',
        description:
          'An upgrade is charged now to the saved card, less credit for the unused time, and a new period of the new plan starts (a decline: 402 with the card code, nothing changed). A downgrade starts at the period end; nothing is charged now. Not a running subscription, a pass, the same plan: 409 PLAN_CHANGE_NOT_ALLOWED.',
        security: [{ bearer: [], xsrf: [] }],
        body: PlanChangeBody,
        response: { 200: PlanChangeResultSchema, ...billingErrorResponses },
      },
    },
    async (request) => {
      const user = await authenticate(request, services);
      const { planId } = request.body as Static<typeof PlanChangeBody>;
      const key = idempotencyKeyOf(request);
      try {
        return await changePlan(services, user.id, planId, key);
      } catch (error) {
        throw providerProblem(error, user.id);
      }
    },
  );
}
