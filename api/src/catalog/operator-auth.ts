/**
 * The operator API's bearer tokens (decision 072), the same scheme as the release API
 * (decision 033): CREASE_CATALOG_OPERATOR_TOKENS="name:token,…", the name is the actor in the
 * audit. Tokens are compared as SHA-256 digests with timingSafeEqual against every configured
 * token, so timing says nothing about which one (or how much of one) matched. Production with no
 * token configured refuses every call; elsewhere a call without a valid token is a 401.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ApiConfig } from '../platform/config';
import { ApiError } from './errors';

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

export type OperatorAuth = (request: FastifyRequest) => string;

export function operatorAuth(
  config: Pick<ApiConfig, 'catalogOperatorTokens' | 'env'>,
): OperatorAuth {
  const tokens = config.catalogOperatorTokens.map(({ name, token }) => ({
    name,
    digest: digest(token),
  }));
  return (request) => {
    if (config.env === 'production' && tokens.length === 0)
      throw new ApiError('OPERATOR_API_LOCKED');
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !header.slice(7).trim())
      throw new ApiError('OPERATOR_TOKEN_REQUIRED', undefined, {
        headers: { 'www-authenticate': 'Bearer realm="crease-operator"' },
      });
    const presented = digest(header.slice(7).trim());
    let actor: string | null = null;
    for (const token of tokens)
      if (crypto.timingSafeEqual(presented, token.digest)) actor = token.name;
    if (!actor)
      throw new ApiError('INVALID_OPERATOR_TOKEN', undefined, {
        headers: { 'www-authenticate': 'Bearer realm="crease-operator", error="invalid_token"' },
      });
    return actor;
  };
}
