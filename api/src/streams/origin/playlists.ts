/**
 * The origin's playlists, text computed per request from the DVR window (dvr-window.ts) and the
 * loaded media; nothing per viewer (decisions 111, 215–217). Child URIs carry the token as the
 * variable `{$token}` imported from the playlist's own URL (EXT-X-DEFINE QUERYPARAM), so every
 * viewer gets the same bytes and a CDN can cache a playlist once for all of them.
 */
import { STREAM_TOKEN_PARAM } from '@crease/contract';
import { RENDITIONS } from '@crease/contract';
import {
  CAPTIONS,
  COMMENTARY,
  FRAME_RATE,
  PARTS_PER_SEGMENT,
  SEGMENT_SECONDS,
} from '../media/media-recipe';
import { MediaLibrary } from '../media/media-library';
import type { TrackMedia } from '../media/media-library';
import { commentaryFolder } from '../media/render-media';
import { STREAM_EPOCH_MS } from './dvr-window';
import type { WindowState } from './dvr-window';

/** Protocol version 11: EXT-X-DEFINE QUERYPARAM (and 9 for EXT-X-SKIP, 6 for parts). */
const VERSION = 11;
/** Three part targets and a little: the player sits about 1.3 s behind the newest part. */
export const PART_HOLD_BACK_SECONDS = 1.25;
/** Delta updates (`_HLS_skip=YES`) leave out segments older than this (≥ 6 target durations). */
export const CAN_SKIP_UNTIL_SECONDS = 36;
/** Program-date-time on the first segment listed, the newest ones, and every minute between. */
const DATE_EVERY_SEGMENTS = 15;
/** Parts are listed for the segment being recorded and this many before it. */
const SEGMENTS_WITH_PARTS = 2;

export const captionsFolder = (code: string) => `subs-${code}`;
const withToken = (path: string) => `${path}?${STREAM_TOKEN_PARAM}={$${STREAM_TOKEN_PARAM}}`;
const seconds = (value: number) => value.toFixed(5);

const header = (lines: string[]) => [
  '#EXTM3U',
  `#EXT-X-VERSION:${VERSION}`,
  `#EXT-X-DEFINE:QUERYPARAM="${STREAM_TOKEN_PARAM}"`,
  ...lines,
];

export function multivariantPlaylist(library: MediaLibrary): string {
  const audio = [...library.audio.values()];
  const audioPeak = Math.max(...audio.map((a) => a.peakBps));
  const audioAverage = Math.max(...audio.map((a) => a.averageBps));
  const lines = header(['#EXT-X-INDEPENDENT-SEGMENTS']);
  COMMENTARY.forEach((language, i) => {
    if (!library.audio.has(language.code)) return;
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="commentary",LANGUAGE="${language.code}",NAME="${language.name}",` +
        `DEFAULT=${i === 0 ? 'YES' : 'NO'},AUTOSELECT=YES,CHANNELS="2",` +
        `URI="${withToken(`${commentaryFolder(language.code)}/index.m3u8`)}"`,
    );
  });
  for (const captions of CAPTIONS)
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="captions",LANGUAGE="${captions.code}",NAME="${captions.name}",` +
        `DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="${withToken(`${captionsFolder(captions.code)}/index.m3u8`)}"`,
    );
  const audioCodec = audio[0]?.codecs ?? 'mp4a.40.2';
  for (const rendition of RENDITIONS) {
    const m = library.video.get(rendition.name);
    if (!m) continue;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${m.peakBps + audioPeak},AVERAGE-BANDWIDTH=${m.averageBps + audioAverage},` +
        `RESOLUTION=${rendition.width}x${rendition.height},FRAME-RATE=${FRAME_RATE.toFixed(3)},` +
        `CODECS="${m.codecs},${audioCodec}",AUDIO="commentary",SUBTITLES="captions",` +
        `CLOSED-CAPTIONS=NONE,NAME="${rendition.name}"`,
      // Media playlists sit one folder down: `<rendition>/index.m3u8`.
      withToken(`${rendition.name}/index.m3u8`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** What a media playlist lists for one track: its files, times and (LL-HLS) parts. */
export interface PlaylistTrack {
  extension: 'm4s' | 'vtt';
  /** EXT-X-MAP: the fMP4 init segment (none for WebVTT). */
  init: boolean;
  /** Media time (s since STREAM_EPOCH) and duration of a sequence. */
  timing: (sequence: number) => { start: number; duration: number };
  /** LL-HLS parts, or null for a track without them (captions). */
  parts: {
    target: number;
    duration: (sequence: number, part: number) => number;
    /** The part opens on a keyframe: a player may start there (INDEPENDENT=YES). */
    independent: (sequence: number, part: number) => boolean;
  } | null;
}

/** The playlist view of a video or audio track. */
export function mediaTrack(track: TrackMedia): PlaylistTrack {
  return {
    extension: 'm4s',
    init: true,
    timing: (sequence) => MediaLibrary.segmentTiming(track, sequence),
    parts: {
      target: Math.ceil(Math.max(...track.partDurations) * 1000) / 1000,
      duration: (sequence, part) => MediaLibrary.partTiming(track, sequence, part).duration,
      // As the media says: every AAC frame, and a video part with a keyframe at its start (one
      // per part since decision 366).
      independent: (sequence, part) => MediaLibrary.partIndependent(track, sequence, part),
    },
  };
}

/** The captions' view: a WebVTT file per segment, exactly on the video's segments. */
export const CAPTIONS_TRACK: PlaylistTrack = {
  extension: 'vtt',
  init: false,
  timing: (sequence) => ({ start: sequence * SEGMENT_SECONDS, duration: SEGMENT_SECONDS }),
  parts: null,
};

export interface PlaylistOptions {
  /** LL-HLS tags and parts; false: classic HLS (decision 216). */
  lowLatency: boolean;
  /** `_HLS_skip=YES`: a delta update leaving out segments older than CAN-SKIP-UNTIL. */
  skip: boolean;
}

function serverControl(track: PlaylistTrack, window: WindowState, lowLatency: boolean): string[] {
  if (window.ended || !lowLatency) return [];
  const control = [`CAN-BLOCK-RELOAD=YES`, `CAN-SKIP-UNTIL=${CAN_SKIP_UNTIL_SECONDS.toFixed(1)}`];
  if (!track.parts) return [`#EXT-X-SERVER-CONTROL:${control.join(',')}`];
  return [
    `#EXT-X-SERVER-CONTROL:${control.join(',')},PART-HOLD-BACK=${PART_HOLD_BACK_SECONDS.toFixed(3)}`,
    `#EXT-X-PART-INF:PART-TARGET=${track.parts.target.toFixed(3)}`,
  ];
}

function partLines(track: PlaylistTrack, sequence: number, count: number): string[] {
  const parts = track.parts;
  if (!parts) return [];
  const lines: string[] = [];
  for (let part = 0; part < count; part++)
    lines.push(
      `#EXT-X-PART:DURATION=${seconds(parts.duration(sequence, part))},` +
        `URI="${withToken(`${sequence}.${part}.${track.extension}`)}"` +
        (parts.independent(sequence, part) ? ',INDEPENDENT=YES' : ''),
    );
  return lines;
}

/**
 * Lines `[start, to)` of the settled history of a playlist listing from `first`: segments older
 * than the ones listing parts, dated only at `first` and every DATE_EVERY_SEGMENTS. They depend
 * on the track and `first` alone, so PlaylistHistory can extend them instead of rebuilding them.
 */
export function historyLines(
  track: PlaylistTrack,
  first: number,
  start: number,
  to: number,
): string {
  let text = '';
  for (let sequence = start; sequence < to; sequence++) {
    const timing = track.timing(sequence);
    if (sequence === first || sequence % DATE_EVERY_SEGMENTS === 0)
      text += `#EXT-X-PROGRAM-DATE-TIME:${new Date(STREAM_EPOCH_MS + timing.start * 1000).toISOString()}\n`;
    text += `#EXTINF:${seconds(timing.duration)},\n${withToken(`${sequence}.${track.extension}`)}\n`;
  }
  return text;
}

/** A playlist's settled history `[first, to)`: built each time, or a PlaylistHistory's. */
export type HistorySource = (first: number, to: number) => string;

/** Lines `[start, to)` of the history listing from `first` (historyLines for one track). */
export type HistoryLines = (first: number, start: number, to: number) => string;

export function mediaPlaylist(
  track: PlaylistTrack,
  window: WindowState,
  options: PlaylistOptions,
  history: HistorySource = (first, to) => historyLines(track, first, first, to),
): string {
  const live = !window.ended;
  const withParts = live && options.lowLatency && track.parts !== null;
  const lines = header([
    `#EXT-X-TARGETDURATION:${SEGMENT_SECONDS}`,
    ...serverControl(track, window, options.lowLatency),
    `#EXT-X-MEDIA-SEQUENCE:${window.first}`,
    '#EXT-X-DISCONTINUITY-SEQUENCE:0',
    ...(window.ended ? ['#EXT-X-PLAYLIST-TYPE:VOD'] : []),
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ]);
  if (track.init) lines.push(`#EXT-X-MAP:URI="${withToken('init.mp4')}"`);
  let from = window.first;
  if (options.skip && live && options.lowLatency) {
    from = Math.max(window.first, window.last + 1 - CAN_SKIP_UNTIL_SECONDS / SEGMENT_SECONDS);
    if (from > window.first) lines.push(`#EXT-X-SKIP:SKIPPED-SEGMENTS=${from - window.first}`);
  }
  const partsFrom = window.edge - SEGMENTS_WITH_PARTS;
  // Everything before the segments that list parts (and are dated each) is settled history.
  const settledTo = Math.max(from, Math.min(partsFrom, window.last + 1));
  const head = `${lines.join('\n')}\n${history(from, settledTo)}`;
  lines.length = 0;
  for (let sequence = settledTo; sequence <= window.last; sequence++) {
    const timing = track.timing(sequence);
    if (sequence === from || sequence % DATE_EVERY_SEGMENTS === 0 || sequence >= partsFrom)
      lines.push(
        `#EXT-X-PROGRAM-DATE-TIME:${new Date(STREAM_EPOCH_MS + timing.start * 1000).toISOString()}`,
      );
    if (withParts && sequence >= partsFrom)
      lines.push(...partLines(track, sequence, PARTS_PER_SEGMENT));
    lines.push(`#EXTINF:${seconds(timing.duration)},`, withToken(`${sequence}.${track.extension}`));
  }
  if (withParts && window.edge >= window.first) {
    if (window.last < from)
      lines.push(
        `#EXT-X-PROGRAM-DATE-TIME:${new Date(STREAM_EPOCH_MS + track.timing(window.edge).start * 1000).toISOString()}`,
      );
    lines.push(...partLines(track, window.edge, window.edgeParts));
    lines.push(
      `#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${withToken(`${window.edge}.${window.edgeParts}.${track.extension}`)}"`,
    );
  }
  if (window.ended) lines.push('#EXT-X-ENDLIST');
  return lines.length ? `${head}${lines.join('\n')}\n` : head;
}
