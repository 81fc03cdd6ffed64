import { Type } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { UserProfile as UserProfileWire } from '@crease/contract';
import { authenticate } from '../http/authenticate';
import { errorResponses } from './schemas';

const nullableString = Type.Union([Type.String(), Type.Null()]);

/** SPEC §3 user profile, field for field (wire.ts UserProfile). Plan fields come with billing. */
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
      return {
        userId: user.id,
        email: user.email,
        active: user.active,
        status: user.status,
        region: user.region,
        videoQuality: user.videoQuality,
        planId: null,
        planStartDate: null,
        planEndDate: null,
        planActive: false,
        planStatus: null,
        planCreated: null,
        planUpdated: null,
        trialOverallTime: user.trialOverallTime,
        trialTodayTime: user.trialTodayTime,
      };
    },
  );
}
