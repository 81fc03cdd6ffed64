import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { users } from './tables';
import { ApiError } from './errors';
import type { Database } from '../platform/db/client';
import type { AccessTokens } from './access-tokens';

export type AuthenticatedUser = typeof users.$inferSelect & { sid: string };

const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

function toUser(raw: Record<string, unknown>): typeof users.$inferSelect {
  return {
    id: String(raw.id),
    email: String(raw.email),
    passwordHash: String(raw.password_hash),
    firstName: String(raw.first_name),
    lastName: String(raw.last_name),
    emailSubscribe: raw.email_subscribe === true,
    active: raw.active === true,
    status: String(raw.status),
    region: String(raw.region),
    videoQuality: String(raw.video_quality),
    trialOverallTime: Number(raw.trial_overall_time),
    trialTodayTime: Number(raw.trial_today_time),
    createdAt: date(raw.created_at),
    updatedAt: date(raw.updated_at),
  };
}

/**
 * Bearer access token -> the signed-in user. Beyond the JWT's signature and expiry, the session
 * (refresh family) must still be live, so sign-out and password changes take effect at once.
 */
export async function authenticate(
  request: FastifyRequest,
  services: { accessTokens: AccessTokens; database: Database },
): Promise<AuthenticatedUser> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  const claims = token ? await services.accessTokens.verify(token) : null;
  if (!claims) throw new ApiError('UNAUTHORIZED');
  // One indexed lookup on the hot path of every signed-in call (plain SQL: no ORM mapping).
  const result = (await services.database.db.execute(sql`
    SELECT u.* FROM refresh_families f JOIN users u ON u.id = f.user_id
    WHERE f.id = ${claims.sid} AND f.user_id = ${claims.sub} AND f.revoked_at IS NULL
      AND f.expires_at > now()`)) as unknown as { rows: Record<string, unknown>[] };
  const raw = result.rows[0];
  const row = raw ? { user: toUser(raw) } : undefined;
  if (!row || !row.user.active) throw new ApiError('UNAUTHORIZED');
  return { ...row.user, sid: claims.sid };
}
