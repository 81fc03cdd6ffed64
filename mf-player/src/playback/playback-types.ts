/** The playback engine's types: what the screen and both engines (hls.js, native) share. */
import type { VideoQuality } from '@crease/contract';
import type { LatencyMode } from '../preferences/device-preferences';

/** Why playback stopped on its own: the screen decides what to do (renew, reconnect, give up). */
export type PlaybackFault = 'token' | 'network' | 'media';

/** An audio or subtitles rendition of the stream (EXT-X-MEDIA). */
export interface MediaTrack {
  /** Its language as the playlist says it ("en", "hi"). */
  language: string;
  /** Its NAME ("English", "Hindi"). */
  name: string;
}

/** The tracks the stream offers now and which are on. */
export interface StreamTracks {
  audio: MediaTrack[];
  subtitles: MediaTrack[];
  /** The language of the audio playing ('' when the stream has one audio). */
  audioLanguage: string;
  /**
   * The language asked for while it is not heard yet (its first fragment is loading), else null
   * or absent: the controls say "switching" rather than name a language that is not playing.
   */
  audioSwitchingTo?: string | null;
  /** The captions' language, or 'off'. */
  captions: string;
}

export interface PlaybackCallbacks {
  /** The rendition now on screen changed (its height; 0 when unknown). */
  onRendition(height: number): void;
  /** Playback cannot continue without help (decision 116 says who helps how). */
  onFault(fault: PlaybackFault): void;
  /** The stream's audio or subtitle renditions, or the chosen ones, changed. */
  onTracks(tracks: StreamTracks): void;
}

/** What the viewer's device asked for, applied as the stream starts. */
export interface PlaybackChoices {
  quality: VideoQuality;
  latency: LatencyMode;
  audioLanguage?: string | undefined;
  captions?: string | undefined;
}

export interface PlaybackStats {
  /** Bits per second of the rendition playing (0 when unknown). */
  bitrate: number;
  /** Estimated download bandwidth, bits per second (0 when unknown). */
  bandwidth: number;
  /** Seconds from live edge to playhead (null when unknown). */
  latency: number | null;
}

/** The seekable part of the stream in media seconds: its first moment and the live point. */
export interface SeekWindow {
  start: number;
  /** Where "live" plays (hls.js liveSyncPosition): a little behind the newest media. */
  live: number;
}

export interface PlaybackEngine {
  readonly kind: 'hls.js' | 'native';
  /**
   * The wall time (ms) of media time 0, from EXT-X-PROGRAM-DATE-TIME: a picture at media time t
   * was taken at epochOffset + t × 1000. Null before the first playlist.
   */
  epochOffset(): number | null;
  /** The seekable window, or null before the first playlist. */
  seekWindow(): SeekWindow | null;
  setQuality(quality: VideoQuality): void;
  setAudioLanguage(language: string): void;
  /** A subtitles language, or 'off'. */
  setCaptions(language: string): void;
  /** Later playlist and segment requests carry this token. */
  setToken(token: string): void;
  /**
   * Stop fetching, keeping the buffer: a paused trial stream is closed, and the origin refuses
   * a closed stream's token within seconds (decision 151). resumeLoading fetches on from the
   * playhead once the resumed stream's token is in.
   */
  pauseLoading(): void;
  resumeLoading(): void;
  stats(): PlaybackStats;
  destroy(): void;
}
