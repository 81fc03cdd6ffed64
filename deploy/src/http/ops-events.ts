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
import { WeightCap } from '../signals/quorum';
import type { Reporter } from '../signals/quorum';
import { viewerAccountOf } from '../signals/viewer-token';
import type { ViewerTokenKey } from '../signals/viewer-token';
import { servedOf, verifyReleaseProof } from '../signals/release-proof';
import type { ProofRejection, ReleaseProof } from '../signals/release-proof';

export const OPS_FALLBACK_PATH = '/_ops/remote-fallback';
/** Per client address, per minute: a real viewer falls back a handful of times at most. */
const EVENTS_PER_MINUTE = 30;
/** A proof (≤ 1800) and a viewer's access token (decision 411) fit. */
const MAX_BODY = 4096;

const releaseVersion = Type.String({ pattern: RELEASE_VERSION_PATTERN });

/**
 * Strict: a known remote, two release versions, and the page's release proof (decision 155),
 * which is checked after the shape so a report without one is counted as unsigned.
 */
export const remoteFallbackEventSchema = Type.Object(
  {
    remote: Type.Union(REMOTE_NAMES.map((name) => Type.Literal(name))),
    failedVersion: releaseVersion,
    fallbackVersion: releaseVersion,
    proof: Type.Optional(Type.String({ maxLength: 1800 })),
    /** A signed-in viewer's access token (decision 411): the report then counts as theirs. */
    viewer: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);

export type RemoteFallbackEvent = Static<typeof remoteFallbackEventSchema>;

const EVENT_MESSAGES: SchemaMessages = {
  whole: 'The body must be a JSON object {remote, failedVersion, fallbackVersion, proof}.',
  unknownFields: (names) => `Unknown field(s): ${names.join(', ').slice(0, 100)}.`,
  fields: {
    remote: 'remote must be the name of a remote.',
    failedVersion: 'failedVersion must be a release version.',
    fallbackVersion: 'fallbackVersion must be a release version.',
    proof: 'proof must be the release proof of the page (at most 1800 characters).',
    viewer: 'viewer must be the access token of the signed-in viewer (at most 2048 characters).',
  },
};

/** Why a report was not counted, in words (each reason is also counted, decision 155). */
const DROPPED_MESSAGES = {
  unsigned: 'The report carries no release proof (the boot data releaseProof of the page).',
  forgedProof: 'The release proof was not signed by this site.',
  expiredProof: 'The release proof has expired; the next map check renews it.',
  notServed:
    'The release proof does not say this browser was served that version and that fallback.',
  overweight: 'This browser or network has already reported this version enough.',
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
 * Who proved a report, or why it is dropped: the proof must be valid and say this browser was
 * served `failedVersion` with `fallbackVersion` as its fallback; within one browser's and one
 * network's weight (decision 157).
 */
function judgeReport(
  event: RemoteFallbackEvent,
  proof: ReleaseProof | ProofRejection,
  weight: WeightCap,
  account: string | null,
): Reporter | keyof typeof DROPPED_MESSAGES {
  if (typeof proof === 'string') return proof;
  const served = servedOf(proof, event.remote);
  if (served?.version !== event.failedVersion || served.fallback !== event.fallbackVersion)
    return 'notServed';
  if (!weight.take(`${event.remote}@${event.failedVersion}`, proof.b, proof.n)) return 'overweight';
  return { browser: proof.b, network: proof.n, ...(account ? { account } : {}) };
}

/**
 * `POST /_ops/remote-fallback` on the site's own origin: the shell reports (with sendBeacon,
 * so text/plain or application/json, at most 4 KB) that it fell back to a remote's
 * last-known-good. Counted per remote + failed version in the registry with who reported it;
 * `status` shows it. Only a report whose release proof (signed by one of `proofSecrets`) names
 * that version and that fallback for this browser counts; the others are dropped and counted by
 * reason (decision 155), and a veto needs a quorum of browsers and networks (decision 157).
 */
export function registerOpsEvents(
  app: FastifyInstance,
  registry: Pick<ReleaseRegistry, 'options' | 'syncLiveMap'>,
  proofSecrets: readonly string[],
  options: { now?: () => Date; viewerTokens?: ViewerTokenKey | null } = {},
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
  const now = options.now ?? (() => new Date());
  const weight = new WeightCap(undefined, undefined, now);
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
      counter.drop('invalid');
      if (error.validation)
        return fail(
          reply,
          400,
          'INVALID_OPS_EVENT',
          schemaErrorMessage(error.validation, EVENT_MESSAGES),
        );
      if (error.statusCode === 413)
        return fail(reply, 413, 'INVALID_OPS_EVENT', 'An ops event is at most 4 KB.');
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
          counter.drop('invalid');
          return fail(
            reply,
            400,
            'INVALID_OPS_EVENT',
            'failedVersion and fallbackVersion must differ.',
          );
        }
        const judged = judgeReport(
          event,
          verifyReleaseProof(proofSecrets, event.proof, now()),
          weight,
          viewerAccountOf(options.viewerTokens ?? null, event.viewer, now()),
        );
        if (typeof judged === 'string') {
          counter.drop(judged);
          return fail(reply, 400, 'INVALID_OPS_EVENT', DROPPED_MESSAGES[judged]);
        }
        if (!counter.record(event.remote, event.failedVersion, event.fallbackVersion, judged)) {
          return fail(reply, 429, 'TOO_MANY_OPS_EVENTS', 'Too many distinct ops events.');
        }
        return reply.code(204).header('cache-control', 'no-store').send();
      },
    );
  });
  return counter;
}
