/**
 * The operator's refund (decision 351) for automation: the one refund path (payment-refund.ts)
 * behind the operator tokens (decision 072), like the catalog's operator API. Support staff use
 * the same path from their desk (api/src/support, decision 402).
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BILLING_PATHS } from '@crease/contract';
import { refundPayment } from '../payment-refund';
import { billingErrorResponses } from '../schemas';
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
      const refunded = await refundPayment(services, {
        paymentId,
        amount: body.amount,
        idempotencyKey: idempotencyKeyOf(request),
      });
      reply.code(202);
      request.auditChange = {
        subject: `payment:${refunded.paymentId}`,
        after: { refundId: refunded.refundId, amount: refunded.amount },
      };
      return {
        paymentId: refunded.paymentId,
        refundId: refunded.refundId,
        amount: refunded.amount,
      };
    },
  );
}
