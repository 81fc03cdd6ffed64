import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { ApiConfig } from '../config';

/**
 * Security headers on every API answer (@fastify/helmet, decision 052). The API answers JSON
 * to the site's fetch calls, so its own policy allows nothing to load, run or frame it; the
 * Swagger UI at /docs sets its own, looser CSP on its routes. HSTS everywhere but development,
 * where the API is plain http on localhost and a pinned HSTS entry would break other local apps.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<ApiConfig, 'env'>,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
      },
    },
    // CORS governs the site's fetch calls; this only stops other sites embedding API answers.
    crossOriginResourcePolicy: { policy: 'same-site' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts:
      config.env === 'development'
        ? false
        : { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true, preload: false },
  });
}
