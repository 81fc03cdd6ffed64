/**
 * The billing writes that move money (a checkout, a plan change) refuse to run without an
 * Idempotency-Key (decisions 019 and 091), so a retried or double-clicked payment is made once.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { IDEMPOTENCY_REQUEST_HEADER } from '../../platform/http/idempotency';

/**
 * An onRequest hook: checked before the platform's preHandler claims the key, so a keyless
 * request never runs. 400 IDEMPOTENCY_KEY_REQUIRED.
 */
export async function requireIdempotencyKey(request: FastifyRequest): Promise<void> {
  if (request.headers[IDEMPOTENCY_REQUEST_HEADER] === undefined)
    throw new ApiError('IDEMPOTENCY_KEY_REQUIRED');
}

/** The request's Idempotency-Key, on a route that requires one. */
export function idempotencyKeyOf(request: FastifyRequest): string {
  return String(request.headers[IDEMPOTENCY_REQUEST_HEADER]);
}
