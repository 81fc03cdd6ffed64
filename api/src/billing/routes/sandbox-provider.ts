/**
 * The sandbox provider's own endpoints (only when CREASE_PAYMENTS=sandbox): what its hosted card
 * page (the mf-billing /secure-payment screen) calls. A real provider serves these from its own
 * domain; the session id, long and random, is the capability, as with Stripe Checkout.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BILLING_PATHS, PAYMENT_FAILURE_CODES, SANDBOX_TEST_VPAS } from '@crease/contract';
import { cancelUpi, submitUpi } from '../providers/sandbox/sandbox-upi-page';
import { billingErrorResponses } from '../schemas';

const SessionParams = Type.Object({
  sessionId: Type.String({ minLength: 10, maxLength: 80, pattern: '^cs_test_[A-Za-z0-9_-]+$' }),
});
const CardBody = Type.Object(
  {
    number: Type.String({
      minLength: 1,
      maxLength: 32,
      description: 'Digits; spaces and dashes ignored.',
    }),
    expMonth: Type.Integer(),
    expYear: Type.Integer({ description: 'Four digits.' }),
    cvc: Type.String({ maxLength: 8 }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
const ConfirmBody = Type.Object({ approve: Type.Boolean() }, { additionalProperties: false });
const UpiBody = Type.Object(
  { vpa: Type.String({ minLength: 1, maxLength: 320, description: 'A UPI ID: name@bank.' }) },
  { additionalProperties: false },
);

const failure = Type.Union([...PAYMENT_FAILURE_CODES.map((c) => Type.Literal(c)), Type.Null()]);
const SessionView = Type.Object({
  sessionId: Type.String(),
  merchant: Type.String(),
  description: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  status: Type.Union(
    ['OPEN', 'REQUIRES_CONFIRMATION', 'AWAITING_UPI', 'SUCCEEDED', 'EXPIRED'].map((s) =>
      Type.Literal(s),
    ),
  ),
  methods: Type.Array(Type.Union([Type.Literal('CARD'), Type.Literal('UPI')])),
  confirming: Type.Union([Type.Literal('CARD_PAYMENT'), Type.Literal('UPI_MANDATE'), Type.Null()]),
  vpa: Type.Union([Type.String(), Type.Null()]),
  lastFailure: Type.Union([Type.Object({ code: failure, message: Type.String() }), Type.Null()]),
  returnUrl: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  savesCard: Type.Boolean({ description: 'A subscription: the card is saved for renewals.' }),
});
const PaymentResult = Type.Object({
  status: Type.Union(
    ['SUCCEEDED', 'REQUIRES_CONFIRMATION', 'AWAITING_UPI', 'FAILED'].map((s) => Type.Literal(s)),
  ),
  failureCode: failure,
  message: Type.String(),
  returnUrl: Type.String(),
});

export async function sandboxProviderRoutes(app: FastifyInstance): Promise<void> {
  const sandbox = app.services.sandbox;
  if (!sandbox) return;
  const describe = (summary: string, description: string) => ({
    tags: ['sandbox provider'],
    summary,
    description,
  });

  app.get(
    `/${BILLING_PATHS.sandboxSession}`,
    {
      schema: {
        ...describe(
          'The hosted card page: a session',
          'What /secure-payment shows: amount, status, last failure.',
        ),
        params: SessionParams,
        response: { 200: SessionView, ...billingErrorResponses },
      },
    },
    async (request, reply) => {
      const { sessionId } = request.params as Static<typeof SessionParams>;
      reply.header('cache-control', 'no-store');
      return sandbox.view(sessionId);
    },
  );

  app.post(
    `/${BILLING_PATHS.sandboxCard}`,
    {
      config: { accepts: 'json', idempotent: true },
      schema: {
        ...describe(
          'The hosted card page: pay with a card',
          'Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 declined (402 CARD_DECLINED); 4000 0027 6000 3184 asks for confirmation (200 REQUIRES_CONFIRMATION, then POST confirm); 4000 0000 0000 9995 insufficient funds (402 INSUFFICIENT_FUNDS). Luhn, expiry and CVC are checked (400 CARD_*). Success is confirmed to the API by a signed webhook, not by this answer.',
        ),
        security: [{ xsrf: [] }],
        params: SessionParams,
        body: CardBody,
        response: { 200: PaymentResult, ...billingErrorResponses },
      },
    },
    async (request) => {
      const { sessionId } = request.params as Static<typeof SessionParams>;
      const body = request.body as Static<typeof CardBody>;
      return sandbox.submitCard(sessionId, body);
    },
  );

  app.post(
    `/${BILLING_PATHS.sandboxConfirm}`,
    {
      config: { accepts: 'json', idempotent: true },
      schema: {
        ...describe(
          'The hosted card page: the 3-D-Secure-style confirmation',
          'approve: true takes the payment; false fails it with 402 AUTHENTICATION_FAILED.',
        ),
        security: [{ xsrf: [] }],
        params: SessionParams,
        body: ConfirmBody,
        response: { 200: PaymentResult, ...billingErrorResponses },
      },
    },
    async (request) => {
      const { sessionId } = request.params as Static<typeof SessionParams>;
      const { approve } = request.body as Static<typeof ConfirmBody>;
      return sandbox.confirm(sessionId, approve);
    },
  );

  app.post(
    `/${BILLING_PATHS.sandboxUpi}`,
    {
      config: { accepts: 'json', idempotent: true },
      schema: {
        ...describe(
          'The hosted page: pay by UPI',
          `INR sessions only (409 UPI_NOT_OFFERED otherwise). Test UPI IDs: ${SANDBOX_TEST_VPAS.success} approves (a one-off payment succeeds; a subscription answers REQUIRES_CONFIRMATION: approve its AutoPay mandate with POST confirm); ${SANDBOX_TEST_VPAS.failure} declines (402 UPI_DECLINED); ${SANDBOX_TEST_VPAS.neverAnswers} never answers (200 AWAITING_UPI until POST upi/cancel). 400 VPA_INVALID for what is not a UPI ID.`,
        ),
        security: [{ xsrf: [] }],
        params: SessionParams,
        body: UpiBody,
        response: { 200: PaymentResult, ...billingErrorResponses },
      },
    },
    async (request) => {
      const { sessionId } = request.params as Static<typeof SessionParams>;
      const { vpa } = request.body as Static<typeof UpiBody>;
      return submitUpi(sandbox, sessionId, vpa);
    },
  );

  app.post(
    `/${BILLING_PATHS.sandboxUpiCancel}`,
    {
      config: { idempotent: true },
      schema: {
        ...describe(
          'The hosted page: stop waiting for the UPI app',
          'The request still waiting is given up (it never takes money); the session is open again for another way to pay. 409 SESSION_NOT_AWAITING_UPI when nothing waits.',
        ),
        security: [{ xsrf: [] }],
        params: SessionParams,
        response: { 200: SessionView, ...billingErrorResponses },
      },
    },
    async (request) => {
      const { sessionId } = request.params as Static<typeof SessionParams>;
      return cancelUpi(sandbox, sessionId);
    },
  );
}
