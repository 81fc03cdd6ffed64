/**
 * The embedded live HLS origin (ORIGIN_PATHS, docs/streams.md): the multivariant playlist, each
 * rendition's live media playlist, init segment and media segments. Every request needs a valid
 * playback token for this channel (403 otherwise): its mac, expiry and channel exactly as a CDN
 * edge holding the same key would, then that its stream is still open on a registered device
 * (stream-standing.ts: one shared lookup per stream every few seconds, decision 151). Playlists
 * are cacheable for 1 s, init and media segments forever: a segment's bytes depend only on its
 * URL path.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ORIGIN_PATHS, RENDITIONS, STREAM_TOKEN_PARAM } from '@crease/contract';
import type { RenditionName } from '@crease/contract';
import { ApiError } from '../errors';
import { channelState } from '../origin/channel-states';
import type { ChannelState } from '../origin/channel-states';
import { mediaPlaylist, multivariantPlaylist, windowAt } from '../origin/playlists';
import { STANDING_MESSAGES, STANDING_TTL_MS } from '../origin/stream-standing';
import { TOKEN_PROBLEM_MESSAGES } from '../playback-token';
import type { MediaLibrary } from '../media/media-library';
import { errorResponses } from '../../platform/http/error-schemas';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const LIVE_PLAYLIST_CACHE = 'public, max-age=1';
const ENDED_PLAYLIST_CACHE = 'public, max-age=300';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** How long a CDN edge may keep an access answer (with STANDING_TTL_MS, within 10 s). */
const ACCESS_CACHE_SECONDS = 5;
/** Segments just before the window stay fetchable a while (a player that is a little behind). */
const KEEP_BEHIND_WINDOW = 30;

const Segment = Type.String({ maxLength: 200 });
const ChannelParams = Type.Object({ application: Segment, channelId: Segment });
const RenditionParams = Type.Object({
  application: Segment,
  channelId: Segment,
  rendition: Segment,
  file: Segment,
});
const TokenQuery = Type.Object({
  [STREAM_TOKEN_PARAM]: Type.Optional(Type.String({ maxLength: 1024 })),
});

const RENDITION_NAMES = new Set<string>(RENDITIONS.map((r) => r.name));

/** The services Fastify hands every route (`app.services`, declared in app.ts). */
type ApiServices = FastifyInstance['services'];

/** `live/:application/:channelId/master.m3u8` → Fastify's `/live/:application/:channelId/master.m3u8`. */
const route = (path: string) => `/${path}`;
const RENDITION_ROUTE = route(ORIGIN_PATHS.media.replace('index.m3u8', ':file'));

/** The token is genuine, unexpired, for this channel, and its stream and device still stand. */
async function checkToken(services: ApiServices, channelId: string, token: string | undefined) {
  const nowMs = services.clock.now().getTime();
  const checked = services.streams.tokens.verify(token, channelId, nowMs);
  if (!checked.ok)
    throw new ApiError('STREAM_TOKEN_INVALID', TOKEN_PROBLEM_MESSAGES[checked.problem]);
  // A genuine token dies with its stream or its device (decision 151), within a few seconds.
  const standing = await services.streams.standings.standing(checked.claims, nowMs);
  if (standing !== 'open') throw new ApiError('STREAM_TOKEN_INVALID', STANDING_MESSAGES[standing]);
}

async function authorize(
  services: ApiServices,
  params: { application: string; channelId: string },
  token: string | undefined,
): Promise<{ channel: ChannelState; token: string }> {
  await checkToken(services, params.channelId, token);
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

function media(services: ApiServices): MediaLibrary {
  const library = services.streams.media.get();
  if (!library) throw new ApiError('STREAM_MEDIA_UNAVAILABLE');
  return library;
}

function sendPlaylist(reply: FastifyReply, body: string, ended: boolean) {
  return reply
    .header('content-type', PLAYLIST_TYPE)
    .header('cache-control', ended ? ENDED_PLAYLIST_CACHE : LIVE_PLAYLIST_CACHE)
    .send(body);
}

export async function streamOriginRoutes(app: FastifyInstance): Promise<void> {
  const services = app.services;
  const { windowSegments } = services.config.streams;

  app.get(
    route(ORIGIN_PATHS.access),
    {
      config: { sharedCache: true },
      schema: {
        tags: ['stream origin'],
        summary: "May this playback token play? A CDN edge's cached auth subrequest",
        description: `204 while ?${STREAM_TOKEN_PARAM}= is a genuine, unexpired token of this channel whose stream is open on a registered device; 403 STREAM_TOKEN_INVALID otherwise. Cacheable for ${ACCESS_CACHE_SECONDS} s per token, so an edge that asks before serving cached segments refuses a closed stream or signed-out device within ${ACCESS_CACHE_SECONDS} s + ${STANDING_TTL_MS / 1000} s (docs/streams.md).`,
        params: ChannelParams,
        querystring: TokenQuery,
        response: { 204: Type.Null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const params = request.params as Static<typeof ChannelParams>;
      const query = request.query as Static<typeof TokenQuery>;
      await checkToken(services, params.channelId, query.token);
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
        summary: 'Multivariant playlist: every rendition (BANDWIDTH, RESOLUTION, CODECS)',
        description: `Needs ?${STREAM_TOKEN_PARAM}= (the playback token of a stream of this channel). 403 STREAM_TOKEN_INVALID without a valid one; 409 STREAM_NOT_STARTED before the stream starts.`,
        params: ChannelParams,
        querystring: TokenQuery,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const params = request.params as Static<typeof ChannelParams>;
      const query = request.query as Static<typeof TokenQuery>;
      const { channel, token } = await authorize(services, params, query.token);
      const library = media(services);
      return sendPlaylist(
        reply,
        multivariantPlaylist(library.renditions, token),
        channel.eventStatus === 'ended',
      );
    },
  );

  app.get(
    RENDITION_ROUTE,
    {
      config: { sharedCache: true },
      schema: {
        tags: ['stream origin'],
        summary: "A rendition's live media playlist (index.m3u8), init.mp4 or <sequence>.m4s",
        description:
          'index.m3u8: the sliding window with EXT-X-MEDIA-SEQUENCE and EXT-X-PROGRAM-DATE-TIME (EXT-X-ENDLIST once ended), Cache-Control max-age=1. init.mp4 and <sequence>.m4s: fMP4, immutable. Every request needs the playback token.',
        params: RenditionParams,
        querystring: TokenQuery,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const params = request.params as Static<typeof RenditionParams>;
      const query = request.query as Static<typeof TokenQuery>;
      const { channel, token } = await authorize(services, params, query.token);
      if (!RENDITION_NAMES.has(params.rendition))
        throw new ApiError('NOT_FOUND', `There is no rendition "${params.rendition}".`);
      const rendition = params.rendition as RenditionName;
      const library = media(services);
      const window = windowAt(
        services.clock.now().getTime(),
        windowSegments,
        channel.liveSince,
        channel.endedAt,
      );
      if (params.file === 'index.m3u8')
        return sendPlaylist(reply, mediaPlaylist(window, token), window.ended);
      if (params.file === 'init.mp4') {
        const init = library.renditions.get(rendition)?.init;
        return reply
          .header('content-type', 'video/mp4')
          .header('cache-control', IMMUTABLE)
          .send(init);
      }
      const match = /^(\d{1,12})\.m4s$/.exec(params.file);
      if (!match) throw new ApiError('NOT_FOUND');
      const sequence = Number(match[1]);
      if (sequence > window.last || sequence < window.first - KEEP_BEHIND_WINDOW)
        throw new ApiError(
          'SEGMENT_NOT_FOUND',
          sequence > window.last
            ? 'This segment is not published yet.'
            : 'This segment is no longer in the live window.',
        );
      return reply
        .header('content-type', 'video/iso.segment')
        .header('cache-control', IMMUTABLE)
        .send(library.segment(rendition, sequence));
    },
  );
}
