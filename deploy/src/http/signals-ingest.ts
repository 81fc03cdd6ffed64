import { Type, TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import {
  MAX_SIGNALS_PER_BATCH,
  RELEASE_VERSION_PATTERN,
  SIGNALS_PATH,
  SIGNAL_KINDS,
  VITAL_NAMES,
  isRemoteName,
} from '@crease/contract';
import type { SignalEvent, VitalName } from '@crease/contract';
import { errorBody } from '../registry/release-error';
import type { ReleaseRegistry } from '../registry/release-registry';
import { VITAL_MAX } from '../signals/signal-buckets';
import { SignalStore } from '../signals/signal-store';
import type { DroppedSignals } from '../signals/signal-store';
import { perAddressLimiter } from './per-address-limiter';
import { WeightCap } from '../signals/quorum';
import { servedOf, verifyReleaseProof } from '../signals/release-proof';
import type { ReleaseProof } from '../signals/release-proof';
import { viewerAccountOf } from '../signals/viewer-token';
import type { ViewerTokenKey } from '../signals/viewer-token';

export { SIGNALS_PATH } from '@crease/contract';

/** A batch's body: 50 events of ~80 bytes fit well inside. */
const MAX_BODY = 10 * 1024;
const VERSION = new RegExp(RELEASE_VERSION_PATTERN);
const KINDS = new Set<string>(SIGNAL_KINDS);
const VITALS = new Set<string>(VITAL_NAMES);

/**
 * The batch's shape; each event is then checked on its own, so one bad event loses no others.
 * `proof` is the release proof of the page that saw them (decision 155): checked after the
 * shape, so a batch without one is counted as unsigned rather than malformed.
 */
const batchSchema = Type.Object(
  {
    proof: Type.Optional(Type.String({ maxLength: 2048 })),
    /** A signed-in viewer's access token (decision 411): its failures then count as theirs. */
    viewer: Type.Optional(Type.String({ maxLength: 2048 })),
    events: Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_SIGNALS_PER_BATCH }),
  },
  { additionalProperties: false },
);

type Verdict = SignalEvent | 'invalid' | 'unknownVersion';

/**
 * A forged event is anything the shell never sends: an unknown remote, kind or field, a vital
 * without its name and a finite value in range, a version in no release format.
 */
function checkEvent(
  raw: unknown,
  published: (remote: string, version: string) => boolean,
): Verdict {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'invalid';
  const { remote, version, kind, name, value, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return 'invalid';
  if (typeof remote !== 'string' || !isRemoteName(remote)) return 'invalid';
  if (typeof version !== 'string' || !VERSION.test(version)) return 'invalid';
  if (typeof kind !== 'string' || !KINDS.has(kind)) return 'invalid';
  if (kind === 'vital') {
    if (typeof name !== 'string' || !VITALS.has(name)) return 'invalid';
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return 'invalid';
    if (value > VITAL_MAX[name as VitalName]) return 'invalid';
  } else if (name !== undefined || value !== undefined) return 'invalid';
  if (!published(remote, version)) return 'unknownVersion';
  return {
    remote,
    version,
    kind,
    ...(kind === 'vital' ? { name: name as VitalName, value: value as number } : {}),
  } as SignalEvent;
}

const PROOF_MESSAGES = {
  unsigned: (n: number) =>
    `${n} events were dropped: the batch carries no release proof (the page's boot data releaseProof).`,
  forgedProof: (n: number) =>
    `${n} events were dropped: the release proof was not signed by this site.`,
  expiredProof: (n: number) =>
    `${n} events were dropped: the release proof has expired; the next map check renews it.`,
};

/**
 * A well-formed event counts only for the version its proof says this browser was served, and
 * only within one browser's and one network's weight (decisions 155, 157).
 */
function judgeEvent(
  verdict: Verdict,
  proof: ReleaseProof,
  weight: WeightCap,
): SignalEvent | keyof DroppedSignals {
  if (typeof verdict === 'string') return verdict;
  if (servedOf(proof, verdict.remote)?.version !== verdict.version) return 'notServed';
  const what = `${verdict.remote}@${verdict.version}|${verdict.kind}|${verdict.name ?? ''}`;
  return weight.take(what, proof.b, proof.n) ? verdict : 'overweight';
}

/**
 * The versions the registry has published, per remote, read incrementally: only revisions newer
 * than the last one read (the log is append-only), at most every `everyMs` unless asked about a
 * version not seen yet.
 */
function publishedVersions(registry: Pick<ReleaseRegistry, 'log'>, everyMs = 1000) {
  const known = new Map<string, Set<string>>();
  let revision = 0;
  let checkedAt = 0;
  const refresh = () => {
    checkedAt = Date.now();
    const head = registry.log.head()?.revision ?? 0;
    for (let next = revision + 1; next <= head; next += 1) {
      for (const change of registry.log.read(next).changes) {
        if (change.from) known.get(change.app)?.add(change.from);
        let versions = known.get(change.app);
        if (!versions) known.set(change.app, (versions = new Set()));
        versions.add(change.to);
      }
    }
    revision = head;
  };
  return (remote: string, version: string): boolean => {
    if (Date.now() - checkedAt > everyMs) refresh();
    if (known.get(remote)?.has(version)) return true;
    if (Date.now() - checkedAt > 100) refresh();
    return known.get(remote)?.has(version) ?? false;
  };
}

export interface SignalsOptions {
  /** Keys that sign release proofs (the first signs; all are accepted). */
  proofSecrets: readonly string[];
  flushMs?: number;
  /** Batches per address per minute (CREASE_SIGNALS_PER_MINUTE). */
  perMinute?: number;
  retentionHours?: number;
  onFlush?: () => void;
  /** The clock proofs are checked against (tests). */
  now?: () => Date;
  /** How a signed-in viewer's access token is checked (decision 411); null: all anonymous. */
  viewerTokens?: ViewerTokenKey | null;
}

/**
 * `POST /_ops/signals` on the site's origin: a batch `{events: [...]}` of real-user signals
 * (sendBeacon, so text/plain or application/json, at most 8 KB). Valid events are counted per
 * remote, version and minute (SignalStore); forged ones, unknown versions, oversized bodies and
 * floods are dropped and counted, never stored. 204 when every event was taken, 400
 * INVALID_SIGNALS naming what was dropped, 413, 429 TOO_MANY_SIGNALS.
 */
export function registerSignals(
  app: FastifyInstance,
  registry: Pick<ReleaseRegistry, 'log' | 'options'>,
  options: SignalsOptions,
): SignalStore {
  const store = new SignalStore({
    registryDir: registry.options.registryDir,
    flushMs: options.flushMs,
    retentionHours: options.retentionHours,
    onFlush: options.onFlush,
  });
  const published = publishedVersions(registry);
  const allow = perAddressLimiter(options.perMinute ?? 120);
  const now = options.now ?? (() => new Date());
  const weight = new WeightCap(undefined, undefined, now);
  app.addHook('onClose', async () => store.flush());
  const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.code(status).header('cache-control', 'no-store').send(errorBody(code, message));

  app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.setValidatorCompiler(TypeBoxValidatorCompiler);
    scope.removeContentTypeParser(['text/plain', 'application/json']);
    scope.addContentTypeParser(
      ['text/plain', 'application/json'],
      { parseAs: 'string', bodyLimit: MAX_BODY },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(Object.assign(new Error('The body must be JSON.'), { statusCode: 400 }));
        }
      },
    );
    scope.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.statusCode === 413) {
        store.drop('oversized');
        return fail(reply, 413, 'INVALID_SIGNALS', `A signals batch is at most ${MAX_BODY} bytes.`);
      }
      store.drop('invalid');
      if (error.validation)
        return fail(
          reply,
          400,
          'INVALID_SIGNALS',
          `The body must be {"events": [...]} with 1-${MAX_SIGNALS_PER_BATCH} events.`,
        );
      return fail(reply, 400, 'INVALID_SIGNALS', 'The body must be JSON.');
    });
    scope.post(
      SIGNALS_PATH,
      {
        bodyLimit: MAX_BODY,
        schema: { body: batchSchema, hide: true },
        onRequest: async (request, reply) => {
          if (!allow(request.ip)) {
            store.drop('rateLimited');
            return fail(
              reply,
              429,
              'TOO_MANY_SIGNALS',
              'Too many signal batches from this address.',
            );
          }
        },
      },
      async (request, reply) => {
        const { events } = request.body;
        const proof = verifyReleaseProof(options.proofSecrets, request.body.proof, now());
        if (typeof proof === 'string') {
          // Nothing in a batch without a valid proof is counted, however well-formed.
          store.drop(proof, events.length);
          return fail(reply, 400, 'INVALID_SIGNALS', PROOF_MESSAGES[proof](events.length));
        }
        const account = viewerAccountOf(options.viewerTokens ?? null, request.body.viewer, now());
        const reporter = { browser: proof.b, network: proof.n, ...(account ? { account } : {}) };
        const dropped: Partial<Record<keyof DroppedSignals, number>> = {};
        for (const raw of events) {
          const verdict = judgeEvent(checkEvent(raw, published), proof, weight);
          if (typeof verdict === 'string') dropped[verdict] = (dropped[verdict] ?? 0) + 1;
          else store.record(verdict, reporter);
        }
        const reasons = Object.entries(dropped) as [keyof DroppedSignals, number][];
        for (const [reason, n] of reasons) store.drop(reason, n);
        const total = reasons.reduce((sum, [, n]) => sum + n, 0);
        if (total === 0) return reply.code(204).header('cache-control', 'no-store').send();
        return fail(
          reply,
          400,
          'INVALID_SIGNALS',
          `${total} of ${events.length} events were dropped (${dropped.invalid ?? 0} malformed, ${dropped.unknownVersion ?? 0} of a version never published for that remote, ${dropped.notServed ?? 0} of a version this browser was not served, ${dropped.overweight ?? 0} beyond one browser's share); the others were counted.`,
        );
      },
    );
  });
  return store;
}
