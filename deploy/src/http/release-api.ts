import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReleaseConfig } from '../config';
import type { ReleaseRegistry } from '../registry/release-registry';
import { ReleaseError, errorBody } from '../registry/release-error';

export const RELEASE_API_PREFIX = '/release-api/v1';

type Auth = { actor: string } | { status: number; code: string; message: string };

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/**
 * Bearer tokens from CREASE_RELEASE_TOKENS, each standing for an actor name. Compared as
 * SHA-256 digests with timingSafeEqual, against every token, so timing says nothing about
 * which token (or how much of one) matched.
 */
export function releaseAuthenticator(config: ReleaseConfig) {
  const tokens = config.tokens.map(({ name, token }) => ({ name, digest: digest(token) }));
  return (authorization: string | undefined, mutating: boolean): Auth => {
    if (config.production && tokens.length === 0) {
      return {
        status: 403,
        code: 'RELEASE_API_LOCKED',
        message:
          'No release tokens are configured (CREASE_RELEASE_TOKENS), and production refuses release API calls without one.',
      };
    }
    const bearer = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (bearer !== undefined) {
      const presented = digest(bearer);
      let actor: string | null = null;
      for (const token of tokens) {
        if (crypto.timingSafeEqual(presented, token.digest)) actor = token.name;
      }
      if (actor) return { actor };
      return {
        status: 401,
        code: 'INVALID_RELEASE_TOKEN',
        message: 'The release token is not valid.',
      };
    }
    if (!config.production && (!mutating || config.allowAnonymous)) return { actor: 'anonymous' };
    return {
      status: 401,
      code: 'RELEASE_TOKEN_REQUIRED',
      message: mutating
        ? 'Releasing needs a token: Authorization: Bearer <token>.'
        : 'Reading the registry in production needs a token: Authorization: Bearer <token>.',
    };
  };
}

function bodyOf(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ReleaseError('INVALID_REQUEST', 'The body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

function optionalString(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string')
    throw new ReleaseError('INVALID_REQUEST', `${name} must be a string.`);
  return value;
}

function optionalRevision(body: Record<string, unknown>): number | undefined {
  const value = body.ifRevision;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new ReleaseError('INVALID_REQUEST', 'ifRevision must be a whole number.');
  }
  return value;
}

/**
 * The release operations over HTTP (same registry, same rules as the CLI):
 * GET status, GET history?app=&limit=, POST publish {app, version} (records a version already
 * uploaded to the store), POST promote {versions: {app: version}}, POST rollback {app, to?},
 * POST mark-good {app, version, reason}; mutations take reason and ifRevision. Token auth; errors in the spec's shape.
 */
export function registerReleaseApi(
  app: FastifyInstance,
  registry: ReleaseRegistry,
  config: ReleaseConfig,
): void {
  const authenticate = releaseAuthenticator(config);
  const handle =
    (mutating: boolean, run: (request: FastifyRequest, actor: string) => Promise<unknown>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const auth = authenticate(request.headers.authorization, mutating);
      if ('status' in auth) {
        if (auth.status === 401) reply.header('www-authenticate', 'Bearer realm="crease-release"');
        return reply.code(auth.status).send(errorBody(auth.code, auth.message));
      }
      try {
        return reply.send(await run(request, auth.actor));
      } catch (error) {
        if (error instanceof ReleaseError) {
          return reply.code(error.status).send(errorBody(error.code, error.message));
        }
        request.log.error(error);
        return reply.code(500).send(errorBody('RELEASE_FAILED', 'The release operation failed.'));
      }
    };
  const options = { bodyLimit: 16 * 1024 };

  app.get(
    `${RELEASE_API_PREFIX}/status`,
    handle(false, async () => registry.status()),
  );
  app.get(
    `${RELEASE_API_PREFIX}/history`,
    handle(false, async (request) => {
      const query = request.query as Record<string, string | undefined>;
      const limit = query.limit === undefined ? 50 : Number(query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
        throw new ReleaseError('INVALID_REQUEST', 'limit must be 1-1000.');
      }
      return { entries: registry.history(query.app, limit) };
    }),
  );
  app.post(
    `${RELEASE_API_PREFIX}/publish`,
    options,
    handle(true, async (request, actor) => {
      const body = bodyOf(request);
      return registry.register(String(body.app), body.version, {
        actor,
        reason: optionalString(body, 'reason'),
      });
    }),
  );
  app.post(
    `${RELEASE_API_PREFIX}/promote`,
    options,
    handle(true, async (request, actor) => {
      const body = bodyOf(request);
      const versions = body.versions;
      if (typeof versions !== 'object' || versions === null || Array.isArray(versions)) {
        throw new ReleaseError('INVALID_REQUEST', 'versions must be an object {app: version}.');
      }
      for (const value of Object.values(versions)) {
        if (typeof value !== 'string') {
          throw new ReleaseError('INVALID_REQUEST', 'Each version must be a string.');
        }
      }
      return registry.promote(versions as Record<string, string>, {
        actor,
        reason: optionalString(body, 'reason'),
        ifRevision: optionalRevision(body),
      });
    }),
  );
  app.post(
    `${RELEASE_API_PREFIX}/rollback`,
    options,
    handle(true, async (request, actor) => {
      const body = bodyOf(request);
      return registry.rollback(String(body.app), optionalString(body, 'to'), {
        actor,
        reason: optionalString(body, 'reason'),
        ifRevision: optionalRevision(body),
      });
    }),
  );
  app.post(
    `${RELEASE_API_PREFIX}/mark-good`,
    options,
    handle(true, async (request, actor) => {
      const body = bodyOf(request);
      return registry.markGood(String(body.app), body.version, {
        actor,
        reason: optionalString(body, 'reason'),
        ifRevision: optionalRevision(body),
      });
    }),
  );
}
