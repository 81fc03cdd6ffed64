import { IDEMPOTENCY_HEADER } from '@crease/contract';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Gives a mutating request an Idempotency-Key unless the caller chose one (a form that wants
 * a double-click to be one payment passes its own key for the whole submission).
 * Set once on the request, so ky's retries send the same key.
 */
export function ensureIdempotencyKey(request: Request): void {
  if (!MUTATING.has(request.method.toUpperCase())) return;
  if (request.headers.has(IDEMPOTENCY_HEADER)) return;
  request.headers.set(IDEMPOTENCY_HEADER, crypto.randomUUID());
}
