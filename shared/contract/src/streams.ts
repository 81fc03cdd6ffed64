/**
 * Streams as both sides see them (issue 12): the API that turns the product contract's Edge stream request
 * into a Channel stream with a signed playback URL, token renewal, trial heartbeats, and the stream
 * origin's URL layout. The API registers exactly these paths; mf-player calls exactly these.
 *
 * The docs/product.md §3 entities EdgeStreamRequest and ChannelStream are spelled in wire.ts; the
 * shapes here narrow their string fields to our enums and add what the spec leaves "not shown",
 * each written once as a schema in streams-schemas.ts.
 */
import type { Static } from 'typebox';
import type { VideoQuality } from './billing';
import type {
  HeartbeatResultSchema,
  NotEntitledErrorSchema,
  StreamGrantSchema,
  StreamHeartbeatSchema,
  StreamLimitErrorSchema,
  StreamRequestSchema,
  StreamTokenSchema,
  WatchingNowSchema,
} from './streams-schemas';

/** API paths, relative to the API origin, with `:name` parameters (fill them with `streamPath`). */
export const STREAM_PATHS = {
  /** POST StreamRequest: 201 StreamGrant (403/402 NOT_ENTITLED, 409 STREAM_LIMIT_REACHED). */
  streams: 'api/v1/streams',
  /** POST: a fresh playback token for this stream (refused once the viewer may no longer watch). */
  token: 'api/v1/streams/:streamId/token',
  /** POST StreamHeartbeat: 200 HeartbeatResult. Only while actually playing (trial metering). */
  heartbeat: 'api/v1/streams/:streamId/heartbeat',
  /** DELETE: the player closed; the stream no longer counts against maxDevices. */
  stream: 'api/v1/streams/:streamId',
  /** GET: WatchingNow, the account's devices playing now (each takes one of maxDevices screens). */
  watching: 'api/v1/streams/watching',
  /**
   * DELETE: "stop playback there": closes every stream of that device of the account (204), so
   * its screen is free at once; its player is told playback was stopped from another device.
   */
  watchingDevice: 'api/v1/streams/watching/:vidictId',
} as const;
export type StreamPathName = keyof typeof STREAM_PATHS;

/** Fills a path's `:name` parameters (URL-encoded): `streamPath('token', { streamId })`. */
export function streamPath(name: StreamPathName, params: Record<string, string> = {}): string {
  return STREAM_PATHS[name].replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`streamPath(${name}) needs "${key}"`);
    return encodeURIComponent(value);
  });
}

/**
 * The origin's URL layout, relative to ChannelStream.edge (which ends in `/`). Every playlist and
 * segment URL carries the playback token in the STREAM_TOKEN_PARAM query parameter; the origin
 * writes the same token into the URLs of the playlists it serves, and answers 403 without it.
 */
export const ORIGIN_PATHS = {
  multivariant: 'live/:application/:channelId/master.m3u8',
  media: 'live/:application/:channelId/:rendition/index.m3u8',
  init: 'live/:application/:channelId/:rendition/init.mp4',
  segment: 'live/:application/:channelId/:rendition/:sequence.m4s',
  /** 204 while the token may play, 403 otherwise: a CDN edge's auth subrequest (decision 151). */
  access: 'live/:application/:channelId/access',
} as const;
export const STREAM_TOKEN_PARAM = 'token';

/** The renditions every channel has, best first (ChannelStream.bitrateName is one `name`). */
export const RENDITIONS = [
  { name: '1080p', quality: 'FULL_HD', width: 1920, height: 1080 },
  { name: '720p', quality: 'HD', width: 1280, height: 720 },
  { name: '480p', quality: 'SD', width: 854, height: 480 },
] as const satisfies readonly {
  name: string;
  quality: Exclude<VideoQuality, 'AUTO'>;
  width: number;
  height: number;
}[];
export type RenditionName = (typeof RENDITIONS)[number]['name'];
/** ChannelStream.bitrateName when the player adapts between renditions (VideoQuality AUTO). */
export const AUTO_BITRATE_NAME = 'auto';

/**
 * The product contract's Edge stream request. `pk` is the event the viewer pressed Watch on (its eventId);
 * `edgeAddress` is the edge the player last played from, or '' to let the API choose;
 * `vidictId` must be a device registered to this account; `videoQuality` one of VIDEO_QUALITIES.
 */
export type StreamRequest = Static<typeof StreamRequestSchema>;

/** A short-lived playback token: HMAC-signed, bound to account, device, channel and stream. */
export type StreamToken = Static<typeof StreamTokenSchema>;

/** The product contract's Channel stream, narrowed, plus what the player needs to play and keep playing. */
export type StreamGrant = Static<typeof StreamGrantSchema>;

/** POST heartbeat: sent about every heartbeatSeconds while the video is playing and visible. */
export type StreamHeartbeat = Static<typeof StreamHeartbeatSchema>;

export type HeartbeatResult = Static<typeof HeartbeatResultSchema>;

/**
 * A trial stream's heartbeat brings its next token (HeartbeatResult.playback), about when a
 * renewal would be due: the player renews by itself this much after renewAt, only when no
 * heartbeat answered in time, and still leaves the token's last seconds for its own retries.
 */
export const HEARTBEAT_RENEWAL_GRACE_MS = 10_000;

/** 403 NOT_ENTITLED body: the error shape plus the entitlement reason the screen turns into words. */
export type NotEntitledError = Static<typeof NotEntitledErrorSchema>;

/**
 * 409 STREAM_LIMIT_REACHED: maxDevices screens already play; `devices` are the devices playing
 * now (never this one), to name them and offer "stop playback there" (STREAM_PATHS.watchingDevice).
 */
export type StreamLimitError = Static<typeof StreamLimitErrorSchema>;

/**
 * The plan's screens at a time: `maxDevices` is how many devices may play at once, `devices` the
 * devices playing now (a stream open whose lease has not lapsed; two tabs of one device are one).
 */
export type WatchingNow = Static<typeof WatchingNowSchema>;

/** Stable error codes of the streams API and the origin (the `code` of the spec's error shape). */
export const STREAM_ERROR_CODES = [
  /** The account may not watch now (reason in the body): no plan, trial used up, expired... */
  'NOT_ENTITLED',
  /** maxDevices streams already play on other devices. */
  'STREAM_LIMIT_REACHED',
  /** No such stream of this account (token renewal, heartbeat, close). */
  'STREAM_NOT_FOUND',
  /** A missing, expired, tampered, other-account or other-channel playback token. */
  'STREAM_TOKEN_INVALID',
  /** The origin: the channel's stream has not started (eventStatus not_started), no media yet. */
  'STREAM_NOT_STARTED',
  /** The origin: no such segment (before the window, or not yet published). */
  'SEGMENT_NOT_FOUND',
  /** The origin has no rendered media (the build step `npm run media -w api` has not run). */
  'STREAM_MEDIA_UNAVAILABLE',
] as const;
// An unknown event is the catalog's EVENT_NOT_FOUND (404); a vidictId that is not a device of this
// account is billing's DEVICE_NOT_REGISTERED (400 on a stream request: the request is malformed).
export type StreamErrorCode = (typeof STREAM_ERROR_CODES)[number];
