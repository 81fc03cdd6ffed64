import type { FastifyInstance, FastifyReply } from 'fastify';
import { isReleaseVersion, isRemoteName } from '@crease/contract';
import { FallbackCounter } from '../registry/fallback-counter';
import type { ReleaseRegistry } from '../registry/release-registry';
import { errorBody } from '../registry/release-error';

export const OPS_FALLBACK_PATH = '/_ops/remote-fallback';
/** Per client address, per minute: a real viewer falls back a handful of times at most. */
const EVENTS_PER_MINUTE = 30;
const MAX_BODY = 2048;

export interface RemoteFallbackEvent {
  remote: string;
  failedVersion: string;
  fallbackVersion: string;
}

/** Strict: exactly these three fields, a known remote, two different release versions. */
export function parseRemoteFallbackEvent(raw: unknown): RemoteFallbackEvent | string {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return 'The body must be JSON.';
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'The body must be a JSON object {remote, failedVersion, fallbackVersion}.';
  }
  const event = value as Record<string, unknown>;
  const extra = Object.keys(event).filter(
    (key) => !['remote', 'failedVersion', 'fallbackVersion'].includes(key),
  );
  if (extra.length) return `Unknown field(s): ${extra.join(', ').slice(0, 100)}.`;
  if (!isRemoteName(event.remote)) return 'remote must be the name of a remote.';
  if (!isReleaseVersion(event.failedVersion)) return 'failedVersion must be a release version.';
  if (!isReleaseVersion(event.fallbackVersion)) return 'fallbackVersion must be a release version.';
  if (event.failedVersion === event.fallbackVersion) {
    return 'failedVersion and fallbackVersion must differ.';
  }
  return {
    remote: event.remote,
    failedVersion: event.failedVersion,
    fallbackVersion: event.fallbackVersion,
  };
}

/** A fixed one-minute window per address: cheap, and enough to keep one client from flooding. */
function limiter(perMinute: number) {
  let windowStart = Date.now();
  let seen = new Map<string, number>();
  return (address: string): boolean => {
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      seen = new Map();
    }
    const n = (seen.get(address) ?? 0) + 1;
    seen.set(address, n);
    return n <= perMinute;
  };
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
  const allow = limiter(EVENTS_PER_MINUTE);
  app.addHook('onClose', async () => counter.flush());
  const fail = (reply: FastifyReply, status: number, code: string, message: string) =>
    reply.code(status).header('cache-control', 'no-store').send(errorBody(code, message));
  app.post(OPS_FALLBACK_PATH, { bodyLimit: MAX_BODY }, async (request, reply) => {
    if (!allow(request.ip)) {
      return fail(reply, 429, 'TOO_MANY_OPS_EVENTS', 'Too many ops events from this address.');
    }
    const event = parseRemoteFallbackEvent(request.body);
    if (typeof event === 'string') return fail(reply, 400, 'INVALID_OPS_EVENT', event);
    if (!counter.record(event.remote, event.failedVersion, event.fallbackVersion)) {
      return fail(reply, 429, 'TOO_MANY_OPS_EVENTS', 'Too many distinct ops events.');
    }
    return reply.code(204).header('cache-control', 'no-store').send();
  });
  return counter;
}
