/** POST mandateCancel: the pre-debit notice's one-click cancel (no sign-in: the token is it). */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BILLING_PATHS } from '@crease/contract';
import type { MandateCancelResult } from '@crease/contract';
import { cancelByNoticeToken } from '../mandates/mandate-cancel';
import { billingErrorResponses } from '../schemas';

const Body = Type.Object(
  { token: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }) },
  { additionalProperties: false },
);
const Result = Type.Object({
  revoked: Type.Literal(true),
  periodEnd: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export async function mandateCancelRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    `/${BILLING_PATHS.mandateCancel}`,
    {
      config: { accepts: 'json' },
      schema: {
        tags: ['billing'],
        summary: 'Cancel UPI AutoPay from the pre-debit notice',
        description:
          'The token from the pre-debit mail: the mandate is revoked at the provider and renewal turned off; access runs to the period end. Repeating it answers the same. 404 MANDATE_CANCEL_TOKEN_INVALID for an unknown token.',
        security: [{ xsrf: [] }],
        body: Body,
        response: { 200: Result, ...billingErrorResponses },
      },
    },
    async (request): Promise<MandateCancelResult> => {
      const { token } = request.body as Static<typeof Body>;
      return cancelByNoticeToken(app.services, token);
    },
  );
}
