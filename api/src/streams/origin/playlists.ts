/**
 * The origin's playlists, computed from the clock (decision 111). Nothing is encoded at run time:
 * live sequence N is loop segment N mod n with its timestamps moved on, and it represents the
 * wall-clock interval [STREAM_EPOCH + N·s, STREAM_EPOCH + (N+1)·s). A segment is published once
 * that interval has passed, as a live encoder would publish it; the media playlist lists the last
 * `window` published segments with their EXT-X-PROGRAM-DATE-TIME, so a player maps its playhead
 * to wall time (the no-spoiler score follows it).
 */
import { ORIGIN_PATHS, RENDITIONS, STREAM_TOKEN_PARAM } from '@crease/contract';
import type { RenditionName } from '@crease/contract';
import { FRAME_RATE, SEGMENT_SECONDS } from '../media/media-recipe';
import type { RenditionMedia } from '../media/media-library';

/** Sequence 0 began here. Any fixed past instant works; it only has to be the same everywhere. */
export const STREAM_EPOCH_MS = Date.UTC(2020, 0, 1);
const SEGMENT_MS = SEGMENT_SECONDS * 1000;

/** The sequence being "recorded" at `atMs`: every sequence below it is published. */
export function liveEdge(atMs: number): number {
  return Math.max(0, Math.floor((atMs - STREAM_EPOCH_MS) / SEGMENT_MS));
}

export function programDateTime(sequence: number): string {
  return new Date(STREAM_EPOCH_MS + sequence * SEGMENT_MS).toISOString();
}

export interface WindowState {
  /** live: the window slides with the clock; ended: frozen at the end, with EXT-X-ENDLIST. */
  ended: boolean;
  /** First and last sequence listed (inclusive); last < first when nothing is published yet. */
  first: number;
  last: number;
}

/**
 * The window at `nowMs`. `liveSinceMs` (when the stream went live) keeps segments from before
 * the start out of it; `endedAtMs` freezes it.
 */
export function windowAt(
  nowMs: number,
  size: number,
  liveSinceMs: number | null,
  endedAtMs: number | null,
): WindowState {
  const ended = endedAtMs !== null;
  const edge = liveEdge(ended ? Math.min(nowMs, endedAtMs) : nowMs);
  const last = edge - 1;
  let first = Math.max(0, edge - size);
  if (liveSinceMs !== null) first = Math.max(first, liveEdge(liveSinceMs));
  return { ended, first, last };
}

const withToken = (uri: string, token: string) =>
  `${uri}?${STREAM_TOKEN_PARAM}=${encodeURIComponent(token)}`;

/** The path of one origin resource relative to the channel's folder `live/<app>/<channel>/`. */
function relative(name: keyof typeof ORIGIN_PATHS, rendition: string, sequence = 0): string {
  const full = ORIGIN_PATHS[name];
  return full
    .replace('live/:application/:channelId/', '')
    .replace(':rendition', rendition)
    .replace(':sequence', String(sequence));
}

export function multivariantPlaylist(
  media: ReadonlyMap<RenditionName, RenditionMedia>,
  token: string,
): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rendition of RENDITIONS) {
    const m = media.get(rendition.name);
    if (!m) continue;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${m.peakBps},AVERAGE-BANDWIDTH=${m.averageBps},` +
        `RESOLUTION=${rendition.width}x${rendition.height},FRAME-RATE=${FRAME_RATE.toFixed(3)},` +
        `CODECS="${m.codecs}",NAME="${rendition.name}"`,
      // Media playlists sit one folder down: `<rendition>/index.m3u8`.
      withToken(relative('media', rendition.name), token),
    );
  }
  return `${lines.join('\n')}\n`;
}

export function mediaPlaylist(window: WindowState, token: string): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    `#EXT-X-MEDIA-SEQUENCE:${Math.max(0, window.first)}`,
    '#EXT-X-DISCONTINUITY-SEQUENCE:0',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    `#EXT-X-MAP:URI="${withToken('init.mp4', token)}"`,
  ];
  for (let sequence = window.first; sequence <= window.last; sequence++)
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${programDateTime(sequence)}`,
      `#EXTINF:${SEGMENT_SECONDS.toFixed(3)},`,
      withToken(`${sequence}.m4s`, token),
    );
  if (window.ended) lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}
