import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { UserProfile as UserProfileWire } from '@crease/contract';
import { profileOf } from '../billing/account';
import { authenticate } from '../http/authenticate';
import { errorResponses } from './schemas';

const nullableString = Type.Union([Type.String(), Type.Null()]);

/**
 * SPEC §3 user profile, field for field (wire.ts UserProfile). The plan fields describe the
 * subscription (planStatus is its state, contract SUBSCRIPTION_STATES); trialOverallTime and
 * trialTodayTime are the seconds of trial watching left (0 outside a trial).
 */
export const UserProfile = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  active: Type.Boolean(),
  status: Type.String(),
  region: Type.String(),
  videoQuality: Type.String(),
  planId: nullableString,
  planStartDate: nullableString,
  planEndDate: nullableString,
  planActive: Type.Boolean(),
  planStatus: nullableString,
  planCreated: nullableString,
  planUpdated: nullableString,
  trialOverallTime: Type.Integer(),
  trialTodayTime: Type.Integer(),
});

export async function meRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/v1/me',
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
