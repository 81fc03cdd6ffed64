/**
 * The embedded live HLS origin (ORIGIN_PATHS, docs/streams.md): the CDN's access check and the
 * multivariant playlist here; each rendition's media playlist, init segment, segments and parts
 * in origin-media.ts, with the checks both share. Every request needs a valid
 * playback token for this channel (403 otherwise): its mac, expiry and channel exactly as a CDN
 * edge holding the same key would, then that its stream is still open on a registered device
 * (stream-standing.ts: one shared lookup per stream every few seconds, decision 151). Playlists
 * are cacheable for 1 s, init and media segments forever: a segment's bytes depend only on its
 * URL path. Playlists hold no token: their URIs import it from the playlist's own URL.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ORIGIN_PATHS, STREAM_TOKEN_PARAM } from '@crease/contract';
import { ApiError } from '../errors';
import { channelState } from '../origin/channel-states';
import type { ChannelState } from '../origin/channel-states';
import { multivariantPlaylist } from '../origin/playlists';
import type { PlaylistText } from '../origin/playlist-memo';
import {
  EDGE_ACCESS_CACHE_SECONDS as ACCESS_CACHE_SECONDS,
  STANDING_MESSAGES,
  STANDING_TTL_MS,
} from '../origin/stream-standing';
import { TOKEN_PROBLEM_MESSAGES } from '../playback-token';
import { playbackNetworkOf } from '../playback-network';
import type { MediaLibrary } from '../media/media-library';
import { gzippedOnce } from '../../platform/http/accept-encoding';
import { errorResponses } from '../../platform/http/error-schemas';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const LIVE_PLAYLIST_CACHE = 'public, max-age=1';
const ENDED_PLAYLIST_CACHE = 'public, max-age=300';

export const Segment = Type.String({ maxLength: 200 });
const ChannelParams = Type.Object({ application: Segment, channelId: Segment });
export const TokenQuery = Type.Object({
  [STREAM_TOKEN_PARAM]: Type.Optional(Type.String({ maxLength: 1024 })),
});

/** The services Fastify hands every route (`app.services`, declared in app.ts). */
export type ApiServices = FastifyInstance['services'];

/** `live/:application/:channelId/master.m3u8` → Fastify's `/live/:application/:channelId/master.m3u8`. */
export const route = (path: string) => `/${path}`;

/**
 * The token is genuine, unexpired, for this channel, used from the network block it was issued
 * to (decision 401: behind a CDN the edge forwards the viewer's address), and its stream and
 * device still stand.
 */
async function checkToken(
  services: ApiServices,
  request: FastifyRequest,
  channelId: string,
  token: string | undefined,
) {
  const nowMs = services.clock.now().getTime();
  const network = playbackNetworkOf(request.ip);
  const checked = services.streams.tokens.verify(token, channelId, nowMs, network);
  if (!checked.ok)
    throw new ApiError('STREAM_TOKEN_INVALID', TOKEN_PROBLEM_MESSAGES[checked.problem]);
  // A genuine token dies with its stream or its device (decision 151), within a few seconds:
  // from the replica's polled memory of revocations, or the database while that is stale (355).
  const standing =
    services.streams.revocations.standing(checked.claims, nowMs) ??
    (await services.streams.standings.standing(checked.claims, nowMs));
  if (standing !== 'open') throw new ApiError('STREAM_TOKEN_INVALID', STANDING_MESSAGES[standing]);
}

export async function authorize(
  services: ApiServices,
  request: FastifyRequest,
  params: { application: string; channelId: string },
  token: string | undefined,
): Promise<{ channel: ChannelState; token: string }> {
  await checkToken(services, request, params.channelId, token);
  const channel = await channelState(
    services.database.db,
    services.catalog.reads,
    params.channelId,
  );
  if (!channel || channel.application !== params.application)
    throw new ApiError('EVENT_NOT_FOUND', 'There is no such channel.');
  if (channel.eventStatus === 'not_started') throw new ApiError('STREAM_NOT_STARTED');
  return { channel, token: token as string };
}

export function media(services: ApiServices): MediaLibrary {
  const library = services.streams.media.get();
  if (!library) throw new ApiError('STREAM_MEDIA_UNAVAILABLE');
  return library;
}

/** A playlist, gzipped (once per memo entry) for a client that takes it and a long text. */
export function sendPlaylist(
  request: FastifyRequest,
  reply: FastifyReply,
  playlist: PlaylistText,
  ended: boolean,
) {
  reply
    .header('content-type', PLAYLIST_TYPE)
    .header('cache-control', ended ? ENDED_PLAYLIST_CACHE : LIVE_PLAYLIST_CACHE)
    .header('vary', 'Accept-Encoding');
  const gzipped = gzippedOnce(request, playlist, playlist.text);
  if (gzipped) return reply.header('content-encoding', 'gzip').send(gzipped);
  return reply.send(playlist.text);
}

export async function streamOriginRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;

  app.get(
    route(ORIGIN_PATHS.access),
    {
      config: { sharedCache: true },
      // The CDN asks this every few seconds for every viewer and logs each ask itself: a
      // request line here would be most of the API's log and an eighth of its CPU (bench:surge,
      // decision 311). Warnings and errors are still logged.
      logLevel: 'warn',
      schema: {
        tags: ['stream origin'],
        summary: "May this playback token play? A CDN edge's cached auth subrequest",
        description: `204 while ?${STREAM_TOKEN_PARAM}= is a genuine, unexpired token of this channel whose stream is open on a registered device; 403 STREAM_TOKEN_INVALID otherwise. Cacheable for ${ACCESS_CACHE_SECONDS} s per token, so an edge that asks before serving cached segments refuses a closed stream or signed-out device within ${ACCESS_CACHE_SECONDS} s (up to a second more where the cache counts whole seconds) + ${STANDING_TTL_MS / 1000} s (docs/streams.md, decision 356).`,
        params: ChannelParams,
        querystring: TokenQuery,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const params = request.params as Static<typeof ChannelParams>;
      const query = request.query as Static<typeof TokenQuery>;
      await checkToken(services, request, params.channelId, query.token);
      return reply
        .code(204)
        .header('cache-control', `public, max-age=${ACCESS_CACHE_SECONDS}`)
        .send();
    },
  );

  app.get(
    route(ORIGIN_PATHS.multivariant),
    {
      // Shared by every viewer behind a CDN: never a per-viewer cookie.
      config: { sharedCache: true },
      schema: {
        tags: ['stream origin'],
        summary:
          'Multivariant playlist: every video rendition (BANDWIDTH, RESOLUTION, CODECS), the commentary languages (EXT-X-MEDIA TYPE=AUDIO) and captions (TYPE=SUBTITLES)',
        description: `Needs ?${STREAM_TOKEN_PARAM}= (the playback token of a stream of this channel). 403 STREAM_TOKEN_INVALID without a valid one; 409 STREAM_NOT_STARTED before the stream starts.`,
        params: ChannelParams,
        querystring: TokenQuery,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const params = request.params as Static<typeof ChannelParams>;
      const query = request.query as Static<typeof TokenQuery>;
      const { channel } = await authorize(services, request, params, query.token);
      return sendPlaylist(
        request,
        reply,
        { text: multivariantPlaylist(media(services)) },
        channel.eventStatus === 'ended',
      );
    },
  );
}
