/**
 * Streams configuration (docs/streams.md), validated at start with the rest of ApiConfig: where
 * players fetch video (the embedded origin on the API host, or a CDN / real origin), the key that
 * signs playback tokens, and the timings of tokens, heartbeats, the DVR window and LL-HLS or classic HLS.
 */
import path from 'node:path';

export interface StreamConfig {
  /**
   * ChannelStream.edge, ending in `/`. null: this API's own origin as the request reached it
   * (the embedded origin, `http://api.localhost:8080/` under `npm start`).
   */
  edgeUrl: string | null;
  /** HMAC-SHA256 key of playback tokens; the edge (CDN) that validates tokens holds it too. */
  tokenSecret: Uint8Array;
  /** Playback token lifetime; the player renews at half of it (StreamToken.renewAt). */
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

type Env = Record<string, string | undefined>;
type Int = (name: string, fallback: number, min: number, max: number) => number;

function lowLatencyFrom(raw: string | undefined, problems: string[]): boolean {
  if (raw === undefined || raw === '' || raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  problems.push(`CREASE_STREAM_LOW_LATENCY must be true or false, got "${raw}"`);
  return true;
}

export function loadStreamConfig(
  env: Env,
  int: Int,
  problems: string[],
  root: string,
  secretFrom: (name: string, file: string) => Uint8Array,
): StreamConfig {
  let edgeUrl = env.CREASE_STREAM_EDGE_URL || null;
  if (edgeUrl !== null) {
    if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(edgeUrl))
      problems.push('CREASE_STREAM_EDGE_URL must be an http(s) URL like https://video.crease.tv/');
    else if (!edgeUrl.endsWith('/')) edgeUrl = `${edgeUrl}/`;
  }
  const tokenSeconds = int('CREASE_STREAM_TOKEN_SECONDS', 120, 20, 900);
  const heartbeatSeconds = int('CREASE_STREAM_HEARTBEAT_SECONDS', 30, 5, 300);
  if (heartbeatSeconds >= tokenSeconds)
    problems.push(
      'CREASE_STREAM_HEARTBEAT_SECONDS must be shorter than CREASE_STREAM_TOKEN_SECONDS',
    );
  return {
    edgeUrl,
    tokenSecret: secretFrom('CREASE_STREAM_TOKEN_SECRET', 'api-stream-token.key'),
    tokenSeconds,
    heartbeatSeconds,
    dvrSeconds: int('CREASE_STREAM_DVR_SECONDS', 8 * 3600, 60, 24 * 3600),
    lowLatency: lowLatencyFrom(env.CREASE_STREAM_LOW_LATENCY, problems),
    mediaCacheDir: path.resolve(root, env.CREASE_STREAM_MEDIA_DIR ?? '.cache/stream-media'),
  };
}
