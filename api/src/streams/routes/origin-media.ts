/**
 * One rendition of the embedded origin (docs/streams.md): `<rendition>/index.m3u8`, `init.mp4`,
 * `<N>.m4s`, LL-HLS parts `<N>.<p>.m4s`, and for captions `<N>.vtt`. A rendition is a video
 * quality (`720p`), a commentary language (`audio-hi`) or captions (`subs-en`); an unknown one is
 * a 404. The media playlist is the DVR window at this instant (decision 215); with LL-HLS on
 * (decision 216) it lists parts and a preload hint, and `_HLS_msn`/`_HLS_part` hold the request
 * until that part is published (HeldRequests: one timer for them all), malformed or too far
 * ahead a 400. A hinted part not yet published is held the same way.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { Static } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { ORIGIN_PATHS, STREAM_TOKEN_PARAM } from '@crease/contract';
import type { RenditionName } from '@crease/contract';
import { ApiError } from '../errors';
import { CAPTIONS, PARTS_PER_SEGMENT, SEGMENT_SECONDS } from '../media/media-recipe';
import type { MediaLibrary, TrackMedia } from '../media/media-library';
import { captionEntries, captionsSegment } from '../origin/captions';
import type { ChannelState } from '../origin/channel-states';
import {
  SEGMENT_MS,
  STREAM_EPOCH_MS,
  partPublished,
  partPublishedAtMs,
  windowAt,
  windowStartMs,
} from '../origin/dvr-window';
import type { WindowState } from '../origin/dvr-window';
import { CAPTIONS_TRACK, historyLines, mediaPlaylist, mediaTrack } from '../origin/playlists';
import { PlaylistHistory } from '../origin/playlist-history';
import { PlaylistMemo } from '../origin/playlist-memo';
import { errorResponses } from '../../platform/http/error-schemas';
import { Segment, authorize, media, route, sendPlaylist } from './origin';
import type { ApiServices } from './origin';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Captions follow the timeline, which an operator may correct after the fact. */
const CAPTIONS_CACHE = 'public, max-age=30';
/** Segments just before the window stay fetchable a while (a player that is a little behind). */
const KEEP_BEHIND_WINDOW = 30;
/** A blocking reload may ask for at most this many segments past the one being recorded. */
const ADVANCE_SEGMENT_LIMIT = 2;

const RenditionParams = Type.Object({
  application: Segment,
  channelId: Segment,
  rendition: Segment,
  file: Segment,
});
const HlsQuery = Type.Object({
  [STREAM_TOKEN_PARAM]: Type.Optional(Type.String({ maxLength: 1024 })),
  _HLS_msn: Type.Optional(Type.String({ pattern: '^[0-9]{1,12}$' })),
  _HLS_part: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
  _HLS_skip: Type.Optional(Type.Union([Type.Literal('YES'), Type.Literal('v2')])),
});
type HlsQueryValue = Static<typeof HlsQuery>;

const RENDITION_ROUTE = route(ORIGIN_PATHS.media.replace('index.m3u8', ':file'));

type Rendition = { kind: 'media'; track: TrackMedia } | { kind: 'captions'; code: string };

function rendition(library: MediaLibrary, name: string): Rendition {
  const video = library.video.get(name as RenditionName);
  if (video) return { kind: 'media', track: video };
  const audio = /^audio-(.+)$/.exec(name);
  if (audio) {
    const track = library.audio.get(audio[1] as string);
    if (!track) throw new ApiError('NOT_FOUND', `There is no commentary in "${audio[1]}".`);
    return { kind: 'media', track };
  }
  const subs = /^subs-(.+)$/.exec(name);
  if (subs) {
    if (!CAPTIONS.some((c) => c.code === subs[1]))
      throw new ApiError('NOT_FOUND', `There are no captions in "${subs[1]}".`);
    return { kind: 'captions', code: subs[1] as string };
  }
  throw new ApiError('NOT_FOUND', `There is no rendition "${name}".`);
}

const badQuery = (field: string, problem: string) =>
  new ApiError('VALIDATION_FAILED', `Field "${field}" ${problem}`);

/** The blocking reload's target: when the playlist holding `_HLS_msn` (and `_HLS_part`) is due. */
function blockingTarget(query: HlsQueryValue, window: WindowState, hasParts: boolean) {
  if (query._HLS_part !== undefined && query._HLS_msn === undefined)
    throw badQuery('_HLS_part', 'needs _HLS_msn.');
  if (query._HLS_msn === undefined) return null;
  const msn = Number(query._HLS_msn);
  if (msn > window.edge + ADVANCE_SEGMENT_LIMIT)
    throw badQuery(
      '_HLS_msn',
      `is more than ${ADVANCE_SEGMENT_LIMIT} segments past the live edge (${window.edge}).`,
    );
  if (query._HLS_part === undefined || !hasParts) return STREAM_EPOCH_MS + (msn + 1) * SEGMENT_MS;
  const part = Number(query._HLS_part);
  if (part >= PARTS_PER_SEGMENT)
    throw badQuery('_HLS_part', `must be below ${PARTS_PER_SEGMENT} (parts per segment).`);
  return partPublishedAtMs(msn, part);
}

const segmentGone = (sequence: number, window: WindowState) =>
  new ApiError(
    'SEGMENT_NOT_FOUND',
    sequence > window.last
      ? 'This segment is not published yet.'
      : 'This segment is before the start of the window.',
  );

export async function streamOriginMediaRoutes(app: FastifyInstance): Promise<void> {
  const services: ApiServices = app.services;
  const { dvrSeconds, lowLatency } = services.config.streams;
  const dvrSegments = Math.ceil(dvrSeconds / SEGMENT_SECONDS);
  const playlists = new PlaylistMemo();
  const histories = new PlaylistHistory();
  // A channel's live input where the transcoder wrote it, else the test card (decision 417).
  const partBytes = async (track: TrackMedia, channelId: string, sequence: number, part: number) =>
    (await services.streams.live.part(channelId, track.name, sequence, part)) ??
    media(services).part(track, sequence, part);
  const segmentBytes = async (track: TrackMedia, channelId: string, sequence: number) =>
    Buffer.concat(
      await Promise.all(
        Array.from({ length: PARTS_PER_SEGMENT }, (_, p) =>
          partBytes(track, channelId, sequence, p),
        ),
      ),
    );
  const windowOf = (channel: ChannelState) =>
    windowAt(services.clock.now().getTime(), dvrSegments, windowStartMs(channel), channel.endedAt);

  app.get(
    RENDITION_ROUTE,
    {
      config: { sharedCache: true },
      schema: {
        tags: ['stream origin'],
        summary:
          "A rendition's media playlist (index.m3u8), init.mp4, <N>.m4s, LL-HLS part <N>.<p>.m4s, or captions <N>.vtt",
        description:
          'Renditions: 1080p, 720p, 480p; commentary audio-en, audio-hi; captions subs-en (unknown: 404 NOT_FOUND). index.m3u8: the DVR window from the start of the match (EXT-X-PROGRAM-DATE-TIME; a replay with EXT-X-ENDLIST once ended), with LL-HLS parts and EXT-X-PRELOAD-HINT unless the origin runs classic HLS; _HLS_msn/_HLS_part block until that part is published (400 VALIDATION_FAILED when malformed or more than two segments ahead), _HLS_skip=YES gives a delta update. Segments and parts: fMP4, immutable; outside the window 404 SEGMENT_NOT_FOUND. Every request needs the playback token.',
        params: RenditionParams,
        querystring: HlsQuery,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const params = request.params as Static<typeof RenditionParams>;
      const query = request.query as HlsQueryValue;
      const { channel } = await authorize(services, request, params, query.token);
      const library = media(services);
      const target = rendition(library, params.rendition);
      let window = windowOf(channel);

      if (params.file === 'index.m3u8') {
        const track = target.kind === 'media' ? mediaTrack(target.track) : CAPTIONS_TRACK;
        const readyAt = blockingTarget(query, window, track.parts !== null);
        if (readyAt !== null && lowLatency && !window.ended) {
          await services.streams.held.until(readyAt);
          window = windowOf(channel);
        }
        const options = { lowLatency, skip: query._HLS_skip !== undefined };
        const { first, last, edge, edgeParts, ended } = window;
        const key = [channel.channelId, params.rendition, first, last, edge, edgeParts, ended];
        const playlist = playlists.get(`${key.join('|')}|${options.skip}`, () =>
          mediaPlaylist(
            track,
            window,
            options,
            histories.source(params.rendition, (first, start, to) =>
              historyLines(track, first, start, to),
            ),
          ),
        );
        return sendPlaylist(request, reply, playlist, window.ended);
      }

      if (target.kind === 'captions') {
        const match = /^(\d{1,12})\.vtt$/.exec(params.file);
        if (!match) throw new ApiError('NOT_FOUND');
        const sequence = Number(match[1]);
        if (sequence > window.last || sequence < window.first - KEEP_BEHIND_WINDOW)
          throw segmentGone(sequence, window);
        const entries = await captionEntries(
          services.database.db,
          services.catalog.reads,
          channel.eventId,
          sequence,
        );
        return reply
          .header('content-type', 'text/vtt; charset=utf-8')
          .header('cache-control', CAPTIONS_CACHE)
          .send(captionsSegment(sequence, entries));
      }

      const { track } = target;
      if (params.file === 'init.mp4')
        return reply
          .header('content-type', 'video/mp4')
          .header('cache-control', IMMUTABLE)
          .send(track.init);
      const match = /^(\d{1,12})(?:\.(\d))?\.m4s$/.exec(params.file);
      if (!match) throw new ApiError('NOT_FOUND');
      const sequence = Number(match[1]);
      if (sequence < window.first - KEEP_BEHIND_WINDOW) throw segmentGone(sequence, window);
      if (match[2] === undefined) {
        if (sequence > window.last) throw segmentGone(sequence, window);
        return reply
          .header('content-type', 'video/iso.segment')
          .header('cache-control', IMMUTABLE)
          .send(await segmentBytes(track, channel.channelId, sequence));
      }
      const part = Number(match[2]);
      if (!lowLatency) throw new ApiError('NOT_FOUND', 'This origin serves classic HLS: no parts.');
      if (part >= PARTS_PER_SEGMENT) throw new ApiError('NOT_FOUND');
      if (!partPublished(window, sequence, part)) {
        // The preload hint names the next part before it exists: hold it until it does (up to
        // one segment ahead), as the hint promises.
        const readyAt = partPublishedAtMs(sequence, part);
        const ahead = readyAt - services.clock.now().getTime();
        if (window.ended || ahead > SEGMENT_MS || !(await services.streams.held.until(readyAt)))
          throw segmentGone(sequence, window);
      }
      return reply
        .header('content-type', 'video/iso.segment')
        .header('cache-control', IMMUTABLE)
        .send(await partBytes(track, channel.channelId, sequence, part));
    },
  );
}
