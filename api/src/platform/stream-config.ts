/**
 * Streams configuration (docs/streams.md), validated at start with the rest of ApiConfig: where
 * players fetch video (the embedded origin on the API host, or a CDN / real origin), the key that
 * signs playback tokens, and the timings of tokens, heartbeats, the DVR window and LL-HLS or classic HLS.
 */
import path from 'node:path';
import { envAnyText, envBool, envInt, envText, readEnv } from './env-schema';
import type { Env } from './env-schema';

export interface StreamConfig {
  /**
   * ChannelStream.edge, ending in `/`. null: this API's own origin as the request reached it
   * (the embedded origin, `http://api.localhost:8080/` under `npm start`).
   */
  edgeUrl: string | null;
  /** HMAC-SHA256 key of playback tokens; the edge (CDN) that validates tokens holds it too. */
  tokenSecret: Uint8Array;
  /** Playback token lifetime; the player renews 30 s before it ends, at most half way (StreamToken.renewAt, decision 370). */
  tokenSeconds: number;
  /** Seconds between trial heartbeats while playing (StreamGrant.heartbeatSeconds). */
  heartbeatSeconds: number;
  /**
   * The DVR window's longest reach back from the live edge, in seconds: a match is served from
   * its start up to this far back (decision 215). Default 8 h: a whole T20 or one-day match.
   */
  dvrSeconds: number;
  /**
   * LL-HLS (parts, preload hints, blocking playlist reload) or classic HLS for a CDN that cannot
   * hold requests (decision 216).
   */
  lowLatency: boolean;
  /** Where the build step caches the rendered test card (`<dir>/<recipe hash>/`). */
  mediaCacheDir: string;
}

/** The streams' variables (the playback token key is read with the API's other keys). */
const STREAM_ENV = {
  CREASE_STREAM_EDGE_URL: envText(
    /^https?:\/\/[^\s/]+(\/\S*)?$/,
    'an http(s) URL like https://video.crease.tv/',
  ),
  CREASE_STREAM_TOKEN_SECONDS: envInt(20, 900),
  CREASE_STREAM_HEARTBEAT_SECONDS: envInt(5, 300),
  CREASE_STREAM_DVR_SECONDS: envInt(60, 24 * 3600),
  CREASE_STREAM_LOW_LATENCY: envBool(),
  CREASE_STREAM_MEDIA_DIR: envAnyText(),
} as const;

export function loadStreamConfig(
  env: Env,
  problems: string[],
  root: string,
  secretFrom: (name: 'CREASE_STREAM_TOKEN_SECRET', file: string) => Uint8Array,
): StreamConfig {
  const vars = readEnv(STREAM_ENV, env, problems);
  const edge = vars.CREASE_STREAM_EDGE_URL;
  const edgeUrl = edge === undefined ? null : edge.endsWith('/') ? edge : `${edge}/`;
  const tokenSeconds = vars.CREASE_STREAM_TOKEN_SECONDS ?? 120;
  const heartbeatSeconds = vars.CREASE_STREAM_HEARTBEAT_SECONDS ?? 30;
  if (heartbeatSeconds >= tokenSeconds)
    problems.push(
      'CREASE_STREAM_HEARTBEAT_SECONDS must be shorter than CREASE_STREAM_TOKEN_SECONDS',
    );
  return {
    edgeUrl,
    tokenSecret: secretFrom('CREASE_STREAM_TOKEN_SECRET', 'api-stream-token.key'),
    tokenSeconds,
    heartbeatSeconds,
    // The whole match by default (decision 383): an ODI's stream runs 8 h of play and half an
    // hour around it, so its replay from the start needs more than 8 h.
    dvrSeconds: vars.CREASE_STREAM_DVR_SECONDS ?? 12 * 3600,
    lowLatency: vars.CREASE_STREAM_LOW_LATENCY ?? true,
    mediaCacheDir: path.resolve(root, vars.CREASE_STREAM_MEDIA_DIR ?? '.cache/stream-media'),
  };
}
