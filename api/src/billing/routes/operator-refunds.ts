/**
 * The operator's refund (decision 351): what support does when the Refund Policy says the
 * viewer gets money back. It asks the payment provider to refund (the sandbox's or Stripe's
 * `refunds.create`, once per Idempotency-Key); the ledger, the history and the receipt learn of
 * it only from the provider's `charge.refunded` webhook, as with any money movement. Protected by
 * the operator tokens (decision 072), like the catalog's operator API.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq, sum } from 'drizzle-orm';
import { BILLING_PATHS } from '@crease/contract';
import { providerProblem } from '../checkouts';
import { ApiError } from '../errors';
import { refunds } from '../ledger/tables';
import { toCents, toMajor } from '../money';
import { RefundRefusedError } from '../providers/payment-provider';
import { billingErrorResponses } from '../schemas';
import { readSubscription } from '../subscription-machine';
import { payments } from '../tables';
import { idempotencyKeyOf, requireIdempotencyKey } from './idempotency-key';

const RefundBody = Type.Object(
  { amount: Type.Optional(Type.Number({ description: 'Major units; default: all that is left' })) },
  { additionalProperties: false },
);
const RefundAcceptedSchema = Type.Object({
  paymentId: Type.String(),
  refundId: Type.String(),
  amount: Type.Number(),
});

export async function operatorRefundRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;
  // The operator tokens of the catalog's operator API (decision 072), checked as it checks them.
  const authorize = services.catalog.authorizeOperator;

  app.post(
    `/${BILLING_PATHS.operatorRefunds}`,
    {
      config: { accepts: 'json', bearerOnly: true, audit: 'billing.refund' },
      onRequest: [
        async (request: FastifyRequest) => {
          // The token's name: the bot in the staff audit (decision 434).
          request.operator = authorize(request);
        },
        requireIdempotencyKey,
      ],
      schema: {
        tags: ['billing operator'],
        summary: 'Refund a payment through its provider (the ledger follows its webhook)',
        security: [{ operator: [] }],
        params: Type.Object({ paymentId: Type.String() }),
        body: RefundBody,
        response: { 202: RefundAcceptedSchema, ...billingErrorResponses },
      },
    },
    async (request, reply) => {
      const { paymentId } = request.params as { paymentId: string };
      const body = (request.body ?? {}) as Static<typeof RefundBody>;
      const { db } = services.database;
      const [payment] = /^[0-9a-f-]{36}$/i.test(paymentId)
        ? await db.select().from(payments).where(eq(payments.id, paymentId))
        : [];
      if (!payment) throw new ApiError('PAYMENT_NOT_FOUND');
      const [given] = await db
        .select({ cents: sum(refunds.amountCents) })
        .from(refunds)
        .where(eq(refunds.paymentId, payment.id));
      const left = payment.amountCents - Number(given?.cents ?? 0);
      // Without an amount: the rest, as the provider counts it (the ledger may lag its webhooks).
      const amountCents = body.amount === undefined ? null : toCents(body.amount);
      if (
        left <= 0 ||
        (body.amount !== undefined && !(amountCents && amountCents > 0 && amountCents <= left))
      )
        throw new ApiError('REFUND_EXCEEDS_PAYMENT', undefined, { userId: payment.userId });
      // In full, the plan it bought ends (refund-access.ts): a provider that renews by itself
      // (Stripe) is told first, so it does not charge for a plan that has ended.
      const now = services.clock.now();
      const row = await readSubscription(db, payment.userId, now);
      const current = row?.periodEnd?.getTime() === payment.planEndDate.getTime();
      try {
        if (
          (amountCents ?? left) === left &&
          current &&
          row?.providerSubscriptionId &&
          row.renewing
        )
          await services.payments.setRenewal(row.providerSubscriptionId, false);
        const refunded = await services.payments.refund({
          providerReference: payment.providerReference,
          amountCents,
          idempotencyKey: `refund:${payment.id}:${idempotencyKeyOf(request)}`,
        });
        reply.code(202);
        request.auditChange = {
          subject: `payment:${payment.id}`,
          after: { refundId: refunded.refundId, amount: toMajor(refunded.amountCents) },
        };
        return {
          paymentId: payment.id,
          refundId: refunded.refundId,
          amount: toMajor(refunded.amountCents),
        };
      } catch (error) {
        if (error instanceof RefundRefusedError)
          throw new ApiError('REFUND_EXCEEDS_PAYMENT', undefined, { userId: payment.userId });
        throw providerProblem(error, payment.userId);
      }
    },
  );
}
