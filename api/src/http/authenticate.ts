import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { refreshFamilies, users } from '../db/schema';
import { ApiError } from '../errors';
import type { ApiServices } from '../services';

export type AuthenticatedUser = typeof users.$inferSelect & { sid: string };

/**
 * Bearer access token -> the signed-in user. Beyond the JWT's signature and expiry, the session
 * (refresh family) must still be live, so sign-out and password changes take effect at once.
 */
export async function authenticate(
  request: FastifyRequest,
  services: ApiServices,
): Promise<AuthenticatedUser> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const claims = token ? await services.accessTokens.verify(token) : null;
  if (!claims) throw new ApiError('UNAUTHORIZED');
  const [row] = await services.database.db
    .select({ user: users })
    .from(refreshFamilies)
    .innerJoin(users, eq(users.id, refreshFamilies.userId))
    .where(
      and(
        eq(refreshFamilies.id, claims.sid),
        eq(refreshFamilies.userId, claims.sub),
        isNull(refreshFamilies.revokedAt),
        gt(refreshFamilies.expiresAt, new Date()),
      ),
    );
  if (!row || !row.user.active) throw new ApiError('UNAUTHORIZED');
  return { ...row.user, sid: claims.sid };
}
