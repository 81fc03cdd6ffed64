/**
 * Payments (newest first, paginated; paymentDate in epoch seconds), one receipt, and the whole
 * history with declined attempts and refunds.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BILLING_PATHS } from '@crease/contract';
import type { PaymentReceipt } from '@crease/contract';
import { paymentPage } from '../account';
import { billingHistory } from '../history';
import { receiptOf } from '../receipts';
import { ApiError } from '../errors';
import { authenticate } from '../../accounts';
import {
  BillingHistoryPageSchema,
  PaymentPageSchema,
  ReceiptSchema,
  billingErrorResponses,
} from '../schemas';

/** Query strings are text: whole numbers as digits, checked here rather than coerced by ajv. */
const PageQuery = Type.Object(
  {
    page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
    pageSize: Type.Optional(Type.String({ pattern: '^[1-9][0-9]?$' })),
  },
  { additionalProperties: false },
);
const PaymentParams = Type.Object({ paymentId: Type.String({ format: 'uuid' }) });

export const MAX_PAGE_SIZE = 50;
export const DEFAULT_PAGE_SIZE = 10;

function pageOf(query: Static<typeof PageQuery>): { page: number; pageSize: number } {
  const page = Number(query.page ?? 1);
  const pageSize = Number(query.pageSize ?? DEFAULT_PAGE_SIZE);
  if (pageSize > MAX_PAGE_SIZE)
    throw new ApiError('VALIDATION_FAILED', `pageSize must be at most ${MAX_PAGE_SIZE}.`);
  return { page, pageSize };
}

export async function billingPaymentRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;

  app.get(
    `/${BILLING_PATHS.payments}`,
    {
      schema: {
        tags: ['billing'],
        summary: "The caller's payments, newest first",
        description: `page from 1; pageSize 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
        security: [{ bearer: [] }],
        querystring: PageQuery,
        response: { 200: PaymentPageSchema, ...billingErrorResponses },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      const { page, pageSize } = pageOf(request.query as Static<typeof PageQuery>);
      reply.header('cache-control', 'private, no-store');
      return paymentPage(services.database.db, user.id, page, pageSize);
    },
  );

  app.get(
    `/${BILLING_PATHS.payment}`,
    {
      schema: {
        tags: ['billing'],
        summary: 'One payment with its receipt details',
        security: [{ bearer: [] }],
        params: PaymentParams,
        response: { 200: ReceiptSchema, ...billingErrorResponses },
      },
    },
    async (request, reply): Promise<PaymentReceipt> => {
      const user = await authenticate(request, services);
      const { paymentId } = request.params as Static<typeof PaymentParams>;
      reply.header('cache-control', 'private, no-store');
      return receiptOf(services.database.db, user, paymentId, services.config.invoices.seller);
    },
  );

  app.get(
    `/${BILLING_PATHS.billingHistory}`,
    {
      schema: {
        tags: ['billing'],
        summary: "The caller's payments, declined and failed attempts and refunds, newest first",
        description: `page from 1; pageSize 1 to ${MAX_PAGE_SIZE} (default ${DEFAULT_PAGE_SIZE}).`,
        security: [{ bearer: [] }],
        querystring: PageQuery,
        response: { 200: BillingHistoryPageSchema, ...billingErrorResponses },
      },
    },
    async (request, reply) => {
      const user = await authenticate(request, services);
      const { page, pageSize } = pageOf(request.query as Static<typeof PageQuery>);
      reply.header('cache-control', 'private, no-store');
      return billingHistory(services.database.db, user.id, page, pageSize);
    },
  );
}
