/**
 * Catalog reads are for signed-in viewers: a valid access token (signature, issuer, expiry).
 * Unlike account calls, no session lookup: the catalog is the same for every viewer and holds
 * nothing personal, so a token signed out a few minutes ago (at most its 15-minute lifetime)
 * reading the schedule costs nothing, and the hot list path stays free of database work
 * (decision 071). Streams, entitlements and account data keep the full check (authenticate).
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import type { AccessTokens } from '../security/access-tokens';

export async function requireViewerToken(
  request: FastifyRequest,
  accessTokens: AccessTokens,
): Promise<void> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token || !(await accessTokens.verify(token))) throw new ApiError('UNAUTHORIZED');
}
