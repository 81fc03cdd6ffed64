/**
 * Ingest configuration (issue 32, docs/streams.md "Going live"): whether this API process runs
 * the embedded media server and on which RTMP port, the URLs an operator's encoder is given,
 * where live parts are written, and the secret the media server presents to the API.
 */
import path from 'node:path';
import { envInt, envList, envText, readEnv } from './env-schema';
import type { Env } from './env-schema';

export interface IngestConfig {
  /**
   * The embedded media server's RTMP port (`CREASE_INGEST_RTMP_PORT`): `npm start` sets 1935.
   * null: this process runs no media server (tests, and every replica but one in a cluster).
   */
  rtmpPort: number | null;
  /** The `rtmpUrl` handed out with each key (an encoder publishes to `<rtmpUrl>/<streamKey>`). */
  rtmpUrl: string;
  /** The `srtUrl` handed out, only where the production media server takes SRT. */
  srtUrl: string | null;
  /**
   * The bearer secret a media server presents to the API's HTTP ingest routes. null (production
   * without CREASE_INGEST_SECRET): those routes refuse every call; the embedded server asks over
   * IPC and needs none.
   */
  serverSecret: Uint8Array | null;
  /** Where transcoded live parts are written, `<dir>/<channelId>/<rendition>/<N>.<p>.m4s`. */
  liveDir: string;
  /**
   * The video renditions the live transcoder makes (default all three; decision 418). One left
   * out plays the test card on a live channel: a machine that cannot encode the whole ladder
   * in real time (a shared development box) makes fewer rather than all of them late.
   */
  renditions: string[] | null;
  /**
   * The most a publisher may send, in kbit/s over a 2 s window (decision 440): a flood above it
   * is refused and recorded on its key. 20000 by default: four times a 1080p contribution feed.
   */
  maxPublishKbps: number;
  /** How long a publish lease lasts unless the media server renews it (decision 415). */
  publishLeaseSeconds: number;
}

const INGEST_ENV = {
  CREASE_INGEST_RTMP_PORT: envInt(1, 65_535),
  CREASE_INGEST_RTMP_URL: envText(/^rtmps?:\/\/[^\s/]+(\/\S*)?$/, 'an rtmp:// URL'),
  CREASE_INGEST_SRT_URL: envText(/^srt:\/\/\S+$/, 'an srt:// URL'),
  CREASE_INGEST_LIVE_DIR: envText(/^\S+$/, 'a folder'),
  CREASE_INGEST_MAX_KBPS: envInt(100, 1_000_000),
  CREASE_INGEST_RENDITIONS: envList(/^(1080p|720p|480p)$/, '1080p, 720p or 480p'),
} as const;

export function loadIngestConfig(
  env: Env,
  problems: string[],
  dataDir: string,
  production: boolean,
  secretFrom: (name: 'CREASE_INGEST_SECRET', file: string) => Uint8Array,
): IngestConfig {
  const vars = readEnv(INGEST_ENV, env, problems);
  const rtmpPort = vars.CREASE_INGEST_RTMP_PORT ?? null;
  const rtmpUrl = (vars.CREASE_INGEST_RTMP_URL ?? `rtmp://localhost:${rtmpPort ?? 1935}/live`)
    // One spelling: the key follows after a single slash.
    .replace(/\/+$/, '');
  return {
    rtmpPort,
    rtmpUrl,
    srtUrl: vars.CREASE_INGEST_SRT_URL ?? null,
    serverSecret:
      production && !env.CREASE_INGEST_SECRET
        ? null
        : secretFrom('CREASE_INGEST_SECRET', 'api-ingest.key'),
    liveDir: path.resolve(dataDir, vars.CREASE_INGEST_LIVE_DIR ?? 'live'),
    renditions: vars.CREASE_INGEST_RENDITIONS ?? null,
    maxPublishKbps: vars.CREASE_INGEST_MAX_KBPS ?? 20_000,
    // Renewed every 2 s; a revoked key is refused at its next renewal (within 10 s, issue 32).
    publishLeaseSeconds: 10,
  };
}
