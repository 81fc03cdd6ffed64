import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CONTENT_TYPES } from '../../artifacts/content-types';
import { errorBody } from '../../registry/release-error';

/** Every artifact lives in a versioned folder that never changes once published. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The file inside one app version's folder, or null for a name we never serve: a path that
 * climbs out of the folder, or a file type outside CONTENT_TYPES.
 */
export function artifactFile(root: string, relativePath: string): string | null {
  const full = path.resolve(root, relativePath);
  if (!full.startsWith(root + path.sep)) return null;
  if (!CONTENT_TYPES[path.extname(full)]) return null;
  return path.relative(root, full);
}

const SAFE_APP = /^[\w.-]+$/;
const SAFE_VERSION = /^[\w.+-]+$/;

/**
 * GET /apps/:app/:version/*: versioned artifacts with @fastify/static, which streams the file,
 * picks the .br or .gz the build wrote next to it (CompressAssetsPlugin) when the client accepts
 * it, and answers If-None-Match / If-Modified-Since with 304 (ETag, Last-Modified). Immutable,
 * with CORS for remotes on another origin. Anything not there is 404 in the error shape.
 */
export function registerArtifacts(app: FastifyInstance, artifactsDir: string): void {
  app.register(fastifyStatic, {
    root: artifactsDir,
    serve: false, // only through the route below, which checks names first
    preCompressed: true,
    cacheControl: false, // set below: immutable
    dotfiles: 'deny',
    index: false,
  });

  // @fastify/static answers "not there" through the not-found handler; every other GET path is
  // the page, so the only requests that end here are artifacts.
  app.setNotFoundHandler((_request, reply) =>
    reply
      .code(404)
      .header('cache-control', 'no-store')
      .send(errorBody('ASSET_NOT_FOUND', 'No such asset.')),
  );

  app.get<{ Params: { app: string; version: string; '*': string } }>(
    '/apps/:app/:version/*',
    {
      // Our types, not the mime table's (which says application/javascript for .js).
      onSend: async (request, reply, payload) => {
        if (reply.statusCode < 300) {
          reply.type(CONTENT_TYPES[path.extname(request.params['*'])]!);
        }
        return payload;
      },
    },
    async (request, reply) => {
      const { app: appName, version, '*': file } = request.params;
      const root = path.join(artifactsDir, appName, version);
      const relative =
        SAFE_APP.test(appName) && SAFE_VERSION.test(version) ? artifactFile(root, file) : null;
      if (relative === null) return reply.callNotFound();
      reply
        .header('cache-control', IMMUTABLE)
        .header('access-control-allow-origin', '*')
        .header('x-content-type-options', 'nosniff');
      return reply.sendFile(relative, root);
    },
  );
}
