import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../registry/release-error';
import { apiNotRunning, isApiHost } from './api-host';

/** The site only serves GET: any other method is 405 (or the API host's 503 without an API). */
export function registerOnlyGet(app: FastifyInstance): void {
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/*',
    handler: (request, reply) => {
      if (isApiHost(request.headers.host)) return apiNotRunning(request, reply);
      return reply
        .code(405)
        .send(errorBody('METHOD_NOT_ALLOWED', 'The site only serves GET requests.'));
    },
  });
}
