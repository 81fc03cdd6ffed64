/**
 * League logos: public (an <img> sends no bearer token) and immutable (content-versioned names).
 * SVG is served with a CSP that forbids scripts, so a logo opened on its own runs nothing.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { CATALOG_PATHS } from '@crease/contract';
import { ApiError } from '../errors';
import { errorResponses } from '../../platform/http/error-schemas';

export async function catalogLogoRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { logos } = app.services.catalog;

  app.get(
    `/${CATALOG_PATHS.logos}/:logoFilename`,
    {
      schema: {
        tags: ['catalog'],
        summary: "A league's logo (SVG), by the League's logoFilename; cached forever",
        params: Type.Object({ logoFilename: Type.String({ maxLength: 200 }) }),
        response: {
          200: Type.String({ description: 'image/svg+xml' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const logo = logos.byServedName(request.params.logoFilename);
      if (!logo) throw new ApiError('NOT_FOUND', 'There is no such logo.');
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(logo.body.toString('utf8'));
    },
  );
}
