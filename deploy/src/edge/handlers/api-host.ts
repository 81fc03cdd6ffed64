import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../../registry/release-error';

/** Handles a raw request for the API host in the same process (see EdgeServerOptions.apiHandler). */
export type ApiHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** True when the request is for the API host, api.<root domain> (docs/product.md §7). */
export function isApiHost(host: string | undefined): boolean {
  return String(host ?? '').startsWith('api.');
}

/**
 * The API host (api.<root domain>) reaches this server too. Without an API handler (the edge
 * run alone) it answers every call with a clear 503 in the spec's error shape, with CORS.
 */
export function apiNotRunning(request: FastifyRequest, reply: FastifyReply) {
  const origin = request.headers.origin;
  if (origin) {
    reply
      .header('access-control-allow-origin', origin)
      .header('access-control-allow-credentials', 'true')
      .header('vary', 'origin');
  }
  if (request.method === 'OPTIONS') {
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
      .header(
        'access-control-allow-headers',
        String(request.headers['access-control-request-headers'] ?? ''),
      )
      .send();
  }
  return reply
    .code(503)
    .send(errorBody('API_UNAVAILABLE', 'The Crease API is not running on this server.'));
}
