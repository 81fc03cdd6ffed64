/**
 * Server-side Idempotency-Key (decision 019, draft-ietf-httpapi-idempotency-key-header).
 * Routes opt in with `config: { idempotent: true }`. The first request with a key claims a row
 * (an INSERT that only one request can win); its answer is stored for 24 h and replayed to any
 * retry with the same key and the same request, so a retry after a lost response gets what the
 * first attempt got instead of, say, "email already registered".
 */
import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '@crease/contract';
import { ApiError } from '../errors';
import type { ApiConfig } from '../config';
import type { Database } from '../db/client';
import { isoTimestamp } from '../clock';
import type { Clock } from '../clock';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header on this route (decision 019). */
    idempotent?: boolean;
  }
}

/** The contract's header name as Node hands request headers over: lower-cased. */
export const IDEMPOTENCY_REQUEST_HEADER = IDEMPOTENCY_HEADER.toLowerCase();
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long an answer is kept for retries: the shell retries within seconds; a day is generous. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** A claim older than this whose answer never came (a crashed replica) may be taken over. */
export const IDEMPOTENCY_LOCK_SECONDS = 60;
/** Only these headers are part of the replayed answer (never Set-Cookie, never rate-limit state). */
const REPLAYED_HEADERS = ['content-type', 'cache-control', 'location'] as const;
/** RFC 9110 VCHAR: visible ASCII, no spaces (two headers joined by ", " fail on purpose). */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;

export function isValidIdempotencyKey(key: string): boolean {
  return VALID_KEY.test(key);
}

interface Claim {
  scope: string;
  keyHash: string;
  lockId: string;
}

const claims = new WeakMap<FastifyRequest, Claim>();

/** JSON with sorted keys: the same body always has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

type Row = {
  fingerprint: string;
  status: number | null;
  headers: Record<string, string> | string | null;
  body: string | null;
};

/**
 * What the replay guard needs: its table, the secret keys are hashed with, who a bearer is, and
 * the API clock (a key's 24 h and a claim's lock age are on it, bound into SQL: decision 420).
 */
export interface IdempotencyDeps {
  database: Database;
  clock: Clock;
  config: Pick<ApiConfig, 'xsrfSecret'>;
  accessTokens: { verify(token: string): Promise<{ sub: string } | null> };
}

export function registerIdempotency(app: FastifyInstance, services: IdempotencyDeps): void {
  const { db } = services.database;
  // Keyed hashes: the table never holds a key or a fingerprint (whose input includes passwords)
  // that could be tested offline without the server's secret.
  const secret = createHmac('sha256', services.config.xsrfSecret)
    .update('crease idempotency v1')
    .digest();
  const mac = (...parts: string[]) =>
    createHmac('sha256', secret).update(parts.join('\0')).digest('base64url');

  /** The API clock's now as a timestamptz parameter (both drivers bind an ISO string alike). */
  const now = () => sql`${isoTimestamp(services.clock.now())}::timestamptz`;

  async function claim(scope: string, keyHash: string, fingerprint: string, lockId: string) {
    // The lock: only one request inserts the row. An expired row, or a stale claim for the
    // same request (its replica died mid-request), is taken over by the same statement.
    const at = now();
    const result = (await db.execute(sql`
      INSERT INTO idempotency_keys
        (scope, key_hash, fingerprint, lock_id, locked_at, status, headers, body, expires_at)
      VALUES (${scope}, ${keyHash}, ${fingerprint}, ${lockId}, ${at}, NULL, NULL, NULL,
        ${at} + make_interval(secs => ${IDEMPOTENCY_TTL_SECONDS}))
      ON CONFLICT (scope, key_hash) DO UPDATE SET
        fingerprint = EXCLUDED.fingerprint, lock_id = EXCLUDED.lock_id,
        locked_at = EXCLUDED.locked_at, status = NULL, headers = NULL, body = NULL,
        expires_at = EXCLUDED.expires_at
      WHERE idempotency_keys.expires_at <= ${at}
        OR (idempotency_keys.status IS NULL
          AND idempotency_keys.fingerprint = EXCLUDED.fingerprint
          AND idempotency_keys.locked_at < ${at} - make_interval(secs => ${IDEMPOTENCY_LOCK_SECONDS}))
      RETURNING lock_id`)) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  }

  async function existing(scope: string, keyHash: string): Promise<Row | undefined> {
    const result = (await db.execute(sql`
      SELECT fingerprint, status, headers, body FROM idempotency_keys
      WHERE scope = ${scope} AND key_hash = ${keyHash} AND expires_at > ${now()}`)) as unknown as {
      rows: Row[];
    };
    return result.rows[0];
  }

  async function caller(request: FastifyRequest): Promise<string> {
    // A signed-in caller's keys are theirs alone. Anyone else shares one space per route, where
    // a key is only as secret as its randomness; a replay still needs the identical body.
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const claimsOfToken = token ? await services.accessTokens.verify(token) : null;
    return claimsOfToken ? `user:${claimsOfToken.sub}` : 'anon';
  }

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.routeOptions.config.idempotent) return;
    const raw = request.headers[IDEMPOTENCY_REQUEST_HEADER];
    if (raw === undefined) return; // Non-browser clients may omit it: no replay protection.
    const key = Array.isArray(raw) ? raw.join(', ') : raw;
    if (!isValidIdempotencyKey(key)) throw new ApiError('INVALID_IDEMPOTENCY_KEY');

    const scope = `${request.routeOptions.url ?? request.url}|${await caller(request)}`;
    const keyHash = mac('key', key);
    const fingerprint = mac('request', request.method, request.url, canonical(request.body));
    for (let attempt = 0; attempt < 3; attempt++) {
      const lockId = randomUUID();
      if (await claim(scope, keyHash, fingerprint, lockId)) {
        claims.set(request, { scope, keyHash, lockId });
        return;
      }
      const row = await existing(scope, keyHash);
      if (!row) continue; // Released (a 5xx) or expired between the two statements.
      if (row.fingerprint !== fingerprint) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
      if (row.status === null)
        throw new ApiError('IDEMPOTENCY_KEY_IN_USE', undefined, {
          headers: { 'retry-after': '1' },
        });
      const headers =
        typeof row.headers === 'string'
          ? (JSON.parse(row.headers) as Record<string, string>)
          : (row.headers ?? {});
      for (const [name, value] of Object.entries(headers)) reply.header(name, value);
      reply.header(REPLAYED_HEADER, 'true');
      return reply.code(row.status).send(row.body ?? '');
    }
    throw new ApiError('IDEMPOTENCY_KEY_IN_USE', undefined, { headers: { 'retry-after': '1' } });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const owned = claims.get(request);
    if (!owned) return payload;
    claims.delete(request);
    const { scope, keyHash, lockId } = owned;
    const status = reply.statusCode;
    // A 204 has no payload: its replay is the same empty answer (decision 375).
    const body = status === 204 && payload == null ? '' : payload;
    try {
      // A 5xx or a 429 says "try again": the retry must run again, not get the failure back.
      if (status >= 500 || status === 429 || !(typeof body === 'string')) {
        await db.execute(sql`
          DELETE FROM idempotency_keys
          WHERE scope = ${scope} AND key_hash = ${keyHash} AND lock_id = ${lockId}`);
        return payload;
      }
      const headers: Record<string, string> = {};
      for (const name of REPLAYED_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      await db.execute(sql`
        UPDATE idempotency_keys SET status = ${status}, headers = ${JSON.stringify(headers)}::jsonb,
          body = ${body}, expires_at = ${now()} + make_interval(secs => ${IDEMPOTENCY_TTL_SECONDS})
        WHERE scope = ${scope} AND key_hash = ${keyHash} AND lock_id = ${lockId}`);
    } catch (error) {
      // The answer still goes out; the claim goes stale and a retry after the lock time re-runs.
      request.log.error({ err: error }, 'could not store the idempotent answer');
    }
    return payload;
  });
}
