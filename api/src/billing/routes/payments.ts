/** Payment history (newest first, paginated; paymentDate in epoch seconds) and one receipt. */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { BILLING_PATHS } from '@crease/contract';
import type { PaymentReceipt } from '@crease/contract';
import { paymentPage, paymentToWire } from '../account';
import { toMajor } from '../money';
import { payments } from '../tables';
import { ApiError } from '../errors';
import { authenticate } from '../../accounts';
import { PaymentPageSchema, ReceiptSchema, billingErrorResponses } from '../schemas';

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
      const query = request.query as Static<typeof PageQuery>;
      const page = Number(query.page ?? 1);
      const pageSize = Number(query.pageSize ?? DEFAULT_PAGE_SIZE);
      if (pageSize > MAX_PAGE_SIZE)
        throw new ApiError('VALIDATION_FAILED', `pageSize must be at most ${MAX_PAGE_SIZE}.`);
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
      const [row] = await services.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.userId, user.id)));
      if (!row) throw new ApiError('PAYMENT_NOT_FOUND');
      reply.header('cache-control', 'private, no-store');
      return {
        ...paymentToWire(row),
        planId: row.planId,
        currency: row.currency,
        listPrice: toMajor(row.listPriceCents),
        couponCode: row.couponCode,
        percentage: row.percentage,
        checkoutId: row.checkoutId,
        kind: row.checkoutId
          ? 'CHECKOUT'
          : row.renewalKey?.startsWith('upgrade:')
            ? 'UPGRADE'
            : 'RENEWAL',
        credit: toMajor(row.creditCents),
        providerReference: row.providerReference,
        email: user.email,
      };
    },
  );
}
