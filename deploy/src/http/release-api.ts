import swagger from '@fastify/swagger';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReleaseConfig } from '../config';
import { ReleaseError, errorBody } from '../registry/release-error';
import type { ReleaseRegistry } from '../registry/release-registry';
import { releaseAuthenticator } from './release-auth';
import { registerReleaseConsoleApi } from './release-console-api';
import { RELEASE_SCHEMA_MESSAGES, releaseSchemas } from './release-schemas';
import { RELEASE_API_PREFIX, RELEASE_OPENAPI_PATH } from './release-api-paths';
import { schemaErrorMessage } from './schema-errors';

export { RELEASE_API_PREFIX, RELEASE_OPENAPI_PATH } from './release-api-paths';

const BODY_LIMIT = 16 * 1024;

/** Who the token says is calling, set by the auth hook before the body is even validated. */
const actors = new WeakMap<FastifyRequest, string>();

function actorOf(request: FastifyRequest): string {
  return actors.get(request) ?? 'anonymous';
}

/** Errors in the spec's shape: a refused request is INVALID_REQUEST with a sentence, never a 5xx. */
function sendReleaseError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ReleaseError) {
    return reply.code(error.status).send(errorBody(error.code, error.message));
  }
  if (error.validation) {
    const message = schemaErrorMessage(error.validation, RELEASE_SCHEMA_MESSAGES);
    return reply.code(400).send(errorBody('INVALID_REQUEST', message));
  }
  if (error.statusCode === 413) {
    return reply.code(413).send(errorBody('INVALID_REQUEST', 'The body is too large.'));
  }
  if (error.statusCode && error.statusCode < 500) {
    return reply
      .code(error.statusCode)
      .send(errorBody('INVALID_REQUEST', 'The body must be a JSON object.'));
  }
  request.log.error(error);
  return reply.code(500).send(errorBody('RELEASE_FAILED', 'The release operation failed.'));
}

/**
 * The release operations over HTTP (same registry, same rules as the CLI), with TypeBox schemas
 * that validate each request and describe it in the OpenAPI document at RELEASE_OPENAPI_PATH:
 * GET status, GET history?app=&limit=, POST publish {app, version} (records a version already
 * uploaded to the store), POST promote {versions: {app: version}}, POST rollback {app, to?},
 * POST mark-good {app, version, reason}, POST canary {app, version, percent} (rollback aborts a
 * running canary, promote of its version finishes it); mutations take reason and ifRevision. Token auth
 * (release-auth.ts) before anything else; errors in the spec's shape.
 */
export function registerReleaseApi(
  app: FastifyInstance,
  registry: ReleaseRegistry,
  config: ReleaseConfig,
): void {
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    // TypeBox's own checker: no coercion of bodies, no quiet removal of fields.
    scope.setValidatorCompiler(TypeBoxValidatorCompiler);
    scope.setErrorHandler(sendReleaseError);
    await scope.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Crease release API',
          version: '1.0.0',
          description:
            'Publish, promote, roll back and vouch for app versions; read what is live and the history (docs/releases.md). Bearer tokens from CREASE_RELEASE_TOKENS name the actor. Every error has the shape {code, userId, message, timeStamp}.',
        },
        components: {
          securitySchemes: { releaseToken: { type: 'http', scheme: 'bearer' } },
        },
        security: [{ releaseToken: [] }],
      },
    });

    const authenticate = releaseAuthenticator(config);
    const guard = (mutating: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const auth = authenticate(request.headers.authorization, mutating);
      if ('actor' in auth) {
        actors.set(request, auth.actor);
        return;
      }
      if (auth.status === 401) reply.header('www-authenticate', 'Bearer realm="crease-release"');
      return reply.code(auth.status).send(errorBody(auth.code, auth.message));
    };
    const read = { onRequest: guard(false) };
    const write = { onRequest: guard(true), bodyLimit: BODY_LIMIT };
    const tags = ['release'];

    scope.get(RELEASE_OPENAPI_PATH, { schema: { hide: true } }, async () => scope.swagger());
    scope.get(
      `${RELEASE_API_PREFIX}/status`,
      { ...read, schema: { tags, summary: 'What is live, last-known-good, fallback counts' } },
      async () => registry.status(),
    );
    scope.get(
      `${RELEASE_API_PREFIX}/history`,
      {
        ...read,
        schema: {
          tags,
          summary: 'The release history, newest first',
          querystring: releaseSchemas.history,
        },
      },
      async (request) => ({
        entries: registry.history(request.query.app, request.query.limit ?? 50),
      }),
    );
    // The release console's reads: whoami, health, artifacts (decision 135).
    registerReleaseConsoleApi(scope, registry, config, { read, actorOf });
    scope.post(
      `${RELEASE_API_PREFIX}/publish`,
      {
        ...write,
        schema: {
          tags,
          summary: 'Record a version already uploaded',
          body: releaseSchemas.publish,
        },
      },
      async (request) => {
        const { app: name, version, reason } = request.body;
        return registry.register(name, version, { actor: actorOf(request), reason });
      },
    );
    scope.post(
      `${RELEASE_API_PREFIX}/promote`,
      { ...write, schema: { tags, summary: 'Make versions live', body: releaseSchemas.promote } },
      async (request) => {
        const { versions, reason, ifRevision } = request.body;
        return registry.promote(versions, {
          actor: actorOf(request),
          reason,
          ifRevision: ifRevision ?? undefined,
        });
      },
    );
    scope.post(
      `${RELEASE_API_PREFIX}/rollback`,
      {
        ...write,
        schema: { tags, summary: 'Go back to the last-known-good', body: releaseSchemas.rollback },
      },
      async (request) => {
        const { app: name, to, reason, ifRevision } = request.body;
        return registry.rollback(name, to ?? null, {
          actor: actorOf(request),
          reason,
          ifRevision: ifRevision ?? undefined,
        });
      },
    );
    scope.post(
      `${RELEASE_API_PREFIX}/canary`,
      {
        ...write,
        schema: {
          tags,
          summary: 'Send a share of browsers to a new version of one remote (decision 140)',
          body: releaseSchemas.canary,
        },
      },
      async (request) => {
        const { app: name, version, percent, reason, ifRevision } = request.body;
        return registry.canary(name, version, percent, {
          actor: actorOf(request),
          reason,
          ifRevision: ifRevision ?? undefined,
        });
      },
    );
    scope.post(
      `${RELEASE_API_PREFIX}/mark-good`,
      {
        ...write,
        schema: { tags, summary: 'Vouch for a version', body: releaseSchemas.markGood },
      },
      async (request) => {
        const { app: name, version, reason, ifRevision } = request.body;
        return registry.markGood(name, version, {
          actor: actorOf(request),
          reason,
          ifRevision: ifRevision ?? undefined,
        });
      },
    );
    scope.post(
      `${RELEASE_API_PREFIX}/clear-veto`,
      {
        ...write,
        schema: {
          tags,
          summary: "Clear a version's fallback veto",
          body: releaseSchemas.clearVeto,
        },
      },
      async (request) => {
        const { app: name, version, reason, ifRevision } = request.body;
        return registry.clearVeto(name, version, {
          actor: actorOf(request),
          reason,
          ifRevision: ifRevision ?? undefined,
        });
      },
    );
  });
}
