/** GET entitlement: may this account watch now, on this device, and if not, why. */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BILLING_PATHS } from '@crease/contract';
import type { Entitlement } from '@crease/contract';
import { entitlementFor } from '../entitlement';
import { authenticate } from '../../accounts';
import { EntitlementSchema, VidictId, billingErrorResponses } from '../schemas';

const EntitlementQuery = Type.Object(
  { vidictId: Type.Optional(VidictId) },
  { additionalProperties: false },
);

export async function entitlementRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;
  app.get(
    `/${BILLING_PATHS.entitlement}`,
    {
      schema: {
        tags: ['billing'],
        summary: 'May this account watch now (on this device), and if not, why',
        description:
          'The one answer screens and the stream origin share. With vidictId, an unregistered device is DEVICE_NOT_REGISTERED. After a checkout the payment screens poll this until entitled.',
        security: [{ bearer: [] }],
        querystring: EntitlementQuery,
        response: { 200: EntitlementSchema, ...billingErrorResponses },
      },
    },
    async (request, reply): Promise<Entitlement> => {
      const user = await authenticate(request, services);
      const { vidictId } = request.query as Static<typeof EntitlementQuery>;
      reply.header('cache-control', 'private, no-store');
      return entitlementFor(
        services.database.db,
        user,
        vidictId ?? null,
        services.config.billing,
        services.clock.now(),
      );
    },
  );
}
