/**
 * The CDN edge's token check, answered before the web framework when the answer is a plain yes
 * (decision 368). A CDN edge asks `GET live/:application/:channelId/access?token=…` for every
 * viewer every few seconds: under bench:surge that is 71 % of the API's requests (decision 359),
 * and almost all of its cost was per-request framework work (routing, hooks, security headers,
 * CORS, a child logger, a reply object), not the check itself: an HMAC and a lookup in the
 * polled memory of revocations (decision 355).
 *
 * The lane answers only what it can answer completely from memory: a genuine, unexpired token of
 * this channel, used from the network it was issued to (decision 401), whose stream and device
 * the fresh memory says still stand gets the same `204` and
 * `Cache-Control` as the route. Everything else falls through to the Fastify route unchanged: a
 * refusal (403 in the spec's error shape), a stale memory (the database read), a malformed or
 * unusual request (its 400), another method. The route stays the documented contract
 * (OpenAPI) and the one place a refusal is explained.
 *
 * The answer carries no security headers: its only reader is an edge's auth subrequest, whose
 * headers never reach a browser (nginx's `auth_request` keeps only the status).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STREAM_TOKEN_PARAM } from '@crease/contract';
import type { PlaybackClaims, PlaybackTokens } from '../playback-token';
import type { StreamStanding } from './stream-standing';
import { EDGE_ACCESS_CACHE_SECONDS } from './stream-standing';

/** What the lane needs: the same token check and memory the route uses, and the API's clock. */
export interface EdgeAccessMemory {
  tokens: Pick<PlaybackTokens, 'verify'>;
  /** The polled memory's answer, or null while it is stale (revocations.ts). */
  standingFromMemory(claims: PlaybackClaims, nowMs: number): StreamStanding | null;
  nowMs(): number;
  /**
   * The viewer's network block (playback-network.ts) as the route would see it (request.ip
   * under trustProxy: the edge forwards the viewer's address), or null to let the route judge.
   */
  networkOf(request: IncomingMessage): string | null;
}

export interface AccessAsk {
  channelId: string;
  token: string;
}

/** Route params are at most this long (origin.ts `Segment`). */
const MAX_SEGMENT = 200;
const ACCESS_HEADERS = { 'cache-control': `public, max-age=${EDGE_ACCESS_CACHE_SECONDS}` };

const plainSegment = (segment: string | undefined): segment is string =>
  !!segment && segment.length <= MAX_SEGMENT && !segment.includes('%');

/**
 * The channel and token of `/live/:application/:channelId/access?token=…`, or null for any
 * other URL or an unusual form of this one (percent-encoded path, other or repeated query
 * fields): those are the route's to judge.
 */
export function accessAskOf(url: string): AccessAsk | null {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return null;
  const parts = url.slice(0, queryAt).split('/');
  if (parts.length !== 5 || parts[0] !== '' || parts[1] !== 'live' || parts[4] !== 'access')
    return null;
  if (!plainSegment(parts[2]) || !plainSegment(parts[3])) return null;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  const tokens = query.getAll(STREAM_TOKEN_PARAM);
  if (tokens.length !== 1 || [...query.keys()].length !== 1) return null;
  return { channelId: parts[3], token: tokens[0]! };
}

/** True when the lane answered `request` (204); false when the framework must. */
export function answerAccessFromMemory(
  memory: EdgeAccessMemory,
  request: IncomingMessage,
  response: ServerResponse,
): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  // A body (never sent by an edge) is the route's to refuse.
  const length = request.headers['content-length'];
  if ((length !== undefined && length !== '0') || request.headers['transfer-encoding'])
    return false;
  const ask = accessAskOf(request.url ?? '');
  if (!ask) return false;
  const network = memory.networkOf(request);
  if (network === null) return false;
  const nowMs = memory.nowMs();
  const checked = memory.tokens.verify(ask.token, ask.channelId, nowMs, network);
  if (!checked.ok || memory.standingFromMemory(checked.claims, nowMs) !== 'open') return false;
  response.writeHead(204, ACCESS_HEADERS);
  response.end();
  return true;
}
