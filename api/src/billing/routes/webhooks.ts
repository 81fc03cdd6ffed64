/**
 * The payment provider's webhook: POST with the raw body, verified by the configured provider
 * adapter (signature over the exact bytes, timing-safe, timestamp tolerance) before anything is
 * parsed or applied. A verified event is stored once by id and applied (webhook-events.ts); a
 * replay is acknowledged with 200 and changes nothing. No XSRF: the signature is the proof.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BILLING_PATHS } from '@crease/contract';
import { WebhookVerificationError } from '../providers/payment-provider';
import { applyProviderEvent } from '../webhook-events';
import { ApiError } from '../errors';
import { errorResponses } from '../../platform/http/error-schemas';

export const WEBHOOK_BODY_LIMIT_BYTES = 256 * 1024;

const WebhookParams = Type.Object({ provider: Type.String({ maxLength: 32 }) });
const WebhookAnswer = Type.Object({
  received: Type.Boolean(),
  duplicate: Type.Boolean(),
  outcome: Type.String(),
});

export async function billingWebhookRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;
  // This plugin's scope only: JSON arrives as raw bytes, because the signature covers the bytes.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    `/${BILLING_PATHS.webhook}`,
    {
      config: { xsrf: false },
      // Provider events (a Stripe checkout.session with its line items) outgrow the API's small
      // default body limit; they are signed, so size is the only thing to bound.
      bodyLimit: WEBHOOK_BODY_LIMIT_BYTES,
      schema: {
        tags: ['billing'],
        summary: 'Payment provider webhook (sandbox or stripe), signed',
        description:
          'Sandbox-Signature or Stripe-Signature: t=<unix>,v1=<HMAC-SHA256 of "t.body">, 300 s tolerance. Bad or missing signature: 400 WEBHOOK_SIGNATURE_INVALID; stale: 400 WEBHOOK_TIMESTAMP_STALE. A duplicate event id: 200, not applied again.',
        params: WebhookParams,
        response: { 200: WebhookAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { provider: name } = request.params as Static<typeof WebhookParams>;
      const provider = services.payments;
      if (name !== provider.webhookName) throw new ApiError('WEBHOOK_PROVIDER_UNKNOWN');
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event;
      try {
        event = provider.verifyWebhook(raw, request.headers, services.clock.now());
      } catch (error) {
        if (error instanceof WebhookVerificationError) {
          request.log.warn({ reason: error.reason, detail: error.message }, 'webhook refused');
          throw new ApiError(
            error.reason === 'stale' ? 'WEBHOOK_TIMESTAMP_STALE' : 'WEBHOOK_SIGNATURE_INVALID',
          );
        }
        throw error;
      }
      const result = await applyProviderEvent(services, provider, event, request.log);
      return { received: true, ...result };
    },
  );
}
