/**
 * The development outbox and clock answer only callers on this machine (decision 409). Under
 * `npm start` anyone who can reach the port could otherwise read every mail (reset links and
 * sign-in codes included) and move the API's clock; a staging site must not run that way.
 * `request.ip` is the socket address, or the client a trusted proxy vouches for (decision 061),
 * so a caller behind a proxy counts as remote. CREASE_DEV_ROUTES_OPEN=true lifts the guard.
 */
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../platform/errors';

export function isLoopback(ip: string): boolean {
  const address = ip.toLowerCase().replace(/^::ffff:/, '');
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1';
}

export const DEV_ROUTES_REMOTE_MESSAGE =
  'The development routes answer only on this machine (loopback). Set CREASE_DEV_ROUTES_OPEN=true to open them to other addresses.';

/** Adds the guard to `scope` (register the development routes inside it). */
export function guardDevRoutes(scope: FastifyInstance, open: boolean): void {
  if (open) return;
  scope.addHook('onRequest', async (request) => {
    if (!isLoopback(request.ip)) throw new ApiError('NOT_FOUND', DEV_ROUTES_REMOTE_MESSAGE);
  });
}
