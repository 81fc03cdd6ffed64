import type { FastifyInstance } from 'fastify';
import { ACCOUNT_PATHS } from '@crease/contract';
import type { UserProfile as UserProfileWire } from '@crease/contract';
import { UserProfileSchema } from '@crease/contract/schemas';
import { profileOf } from '../account';
import { authenticate } from '../../accounts';
import { errorResponses } from '../../platform/http/error-schemas';

/** docs/product.md §3 user profile, field for field: the contract's schema. */
export const UserProfile = UserProfileSchema;

export async function meRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    `/${ACCOUNT_PATHS.me}`,
    {
      schema: {
        tags: ['accounts'],
        summary: "The signed-in viewer's profile",
        security: [{ bearer: [] }],
        response: { 200: UserProfile, ...errorResponses },
      },
    },
    async (request, reply): Promise<UserProfileWire> => {
      const user = await authenticate(request, app.services);
      reply.header('cache-control', 'private, no-store');
      const { database, config, clock } = app.services;
      return profileOf(database.db, user, config.billing, clock.now());
    },
  );
}
