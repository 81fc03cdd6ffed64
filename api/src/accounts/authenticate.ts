import type { FastifyRequest } from 'fastify';
import type { users } from './tables';
import { ApiError } from './errors';
import { isoTimestamp, systemClock } from '../platform/clock';
import type { Database } from '../platform/db/client';
import type { AccessTokens } from './access-tokens';

export type AuthenticatedUser = typeof users.$inferSelect & { sid: string };

// Columns named, never `u.*`: a prepared statement whose result type changed (a migration on
// another replica adding a column) would fail on every connection that prepared it.
const SESSION_USER_SQL = `SELECT u.id, u.email, u.password_hash, u.first_name, u.last_name,
    u.email_subscribe, u.active, u.status, u.region, u.video_quality, u.trial_overall_time,
    u.trial_today_time, u.created_at, u.updated_at, u.email_verified_at
  FROM refresh_families f JOIN users u ON u.id = f.user_id
  WHERE f.id = $1 AND f.user_id = $2 AND f.revoked_at IS NULL AND f.expires_at > $3::timestamptz`;

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
    emailVerifiedAt: raw.email_verified_at == null ? null : date(raw.email_verified_at),
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
  // One indexed lookup on the hot path of every signed-in call: a named prepared statement
  // (parsed and planned once per connection, no ORM build or mapping; decision 371).
  const [raw] = await services.database.prepared<Record<string, unknown>>(
    // v3: the session's expiry is compared with an instant bound as $3, never the database's
    // now(); credentials age on the wall clock, not the movable one (decision 420, point 8).
    'crease_authenticate_v3',
    SESSION_USER_SQL,
    [claims.sid, claims.sub, isoTimestamp(systemClock.now())],
  );
  const row = raw ? { user: toUser(raw) } : undefined;
  if (!row || !row.user.active) throw new ApiError('UNAUTHORIZED');
  return { ...row.user, sid: claims.sid };
}
