import { Type, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { Static, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { RELEASE_VERSION_PATTERN, REMOTE_NAMES } from '@crease/contract';
import { FallbackCounter } from '../registry/fallback-counter';
import type { ReleaseRegistry } from '../registry/release-registry';
import { errorBody } from '../registry/release-error';
import { schemaErrorMessage } from './schema-errors';
import type { SchemaMessages } from './schema-errors';
import { perAddressLimiter } from './per-address-limiter';

export const OPS_FALLBACK_PATH = '/_ops/remote-fallback';
/** Per client address, per minute: a real viewer falls back a handful of times at most. */
const EVENTS_PER_MINUTE = 30;
const MAX_BODY = 2048;

const releaseVersion = Type.String({ pattern: RELEASE_VERSION_PATTERN });

/** Strict: exactly these three fields, a known remote, two release versions. */
export const remoteFallbackEventSchema = Type.Object(
  {
    remote: Type.Union(REMOTE_NAMES.map((name) => Type.Literal(name))),
    failedVersion: releaseVersion,
    fallbackVersion: releaseVersion,
  },
  { additionalProperties: false },
);

export type RemoteFallbackEvent = Static<typeof remoteFallbackEventSchema>;

const EVENT_MESSAGES: SchemaMessages = {
  whole: 'The body must be a JSON object {remote, failedVersion, fallbackVersion}.',
  unknownFields: (names) => `Unknown field(s): ${names.join(', ').slice(0, 100)}.`,
  fields: {
    remote: 'remote must be the name of a remote.',
    failedVersion: 'failedVersion must be a release version.',
    fallbackVersion: 'fallbackVersion must be a release version.',
  },
};

/** sendBeacon sends text/plain: its body is the same JSON. */
function parseJsonText(
  _request: unknown,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
) {
  try {
    done(null, JSON.parse(body));
  } catch {
    done(Object.assign(new Error('The body must be JSON.'), { statusCode: 400 }));
  }
}

/**
 * `POST /_ops/remote-fallback` on the site's own origin: the shell reports (with sendBeacon,
 * so text/plain or application/json, at most 2 KB) that it fell back to a remote's
 * last-known-good. Counted per remote + failed version in the registry; `status` shows it.
 */
export function registerOpsEvents(
  app: FastifyInstance,
  registry: Pick<ReleaseRegistry, 'options' | 'syncLiveMap'>,
): FallbackCounter {
  // A version reported as failing may be some remote's last-known-good in the live map: rewrite
  // the map so viewers stop falling back to it (decision 060). A failed rewrite is retried by
  // the next report or commit; it must never break the counting.
  const counter = new FallbackCounter(registry.options.registryDir, 500, () => {
    try {
      registry.syncLiveMap();
    } catch (error) {
      app.log.warn({ err: error }, 'could not refresh the live map after fallback reports');
    }
  });
  const allow = perAddressLimiter(EVENTS_PER_MINUTE);
  app.addHook('onClose', async () => counter.flush());
  const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.code(status).header('cache-control', 'no-store').send(errorBody(code, message));
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.setValidatorCompiler(TypeBoxValidatorCompiler);
    scope.removeContentTypeParser(['text/plain', 'application/json']);
    scope.addContentTypeParser(
      ['text/plain', 'application/json'],
      { parseAs: 'string' },
      parseJsonText,
    );
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.validation)
        return fail(
          reply,
          400,
          'INVALID_OPS_EVENT',
          schemaErrorMessage(error.validation, EVENT_MESSAGES),
        );
      if (error.statusCode === 413)
        return fail(reply, 413, 'INVALID_OPS_EVENT', 'An ops event is at most 2 KB.');
      return fail(reply, 400, 'INVALID_OPS_EVENT', 'The body must be JSON.');
    });
    scope.post(
      OPS_FALLBACK_PATH,
      {
        bodyLimit: MAX_BODY,
        schema: { body: remoteFallbackEventSchema, hide: true },
        // Before the body is read or checked: a flood of bad events is refused as a flood.
        onRequest: async (request, reply) => {
          if (!allow(request.ip)) {
            return fail(
              reply,
              429,
              'TOO_MANY_OPS_EVENTS',
              'Too many ops events from this address.',
            );
          }
        },
      },
      async (request, reply) => {
        const event = request.body;
        if (event.failedVersion === event.fallbackVersion) {
          return fail(
            reply,
            400,
            'INVALID_OPS_EVENT',
            'failedVersion and fallbackVersion must differ.',
          );
        }
        if (!counter.record(event.remote, event.failedVersion, event.fallbackVersion)) {
          return fail(reply, 429, 'TOO_MANY_OPS_EVENTS', 'Too many distinct ops events.');
        }
        return reply.code(204).header('cache-control', 'no-store').send();
      },
    );
  });
  return counter;
}
