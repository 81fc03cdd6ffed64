import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { livePosition } from '../playback/live-position';
import type { LivePosition } from '../playback/live-position';
import type { PlaybackEngine, SeekWindow } from '../playback/playback-engine';
import { wallTimeOf } from '../playback/seek-window';
import type { StatsReading } from './stats-panel';

export interface PlayerReading {
  /** Wall time (ms) of the picture on screen, from EXT-X-PROGRAM-DATE-TIME. */
  pictureTime: number | null;
  /** The playhead, media seconds. */
  currentTime: number;
  /** The seekable window (null before the first playlist). */
  window: SeekWindow | null;
  /** Wall ms of media time 0 (EXT-X-PROGRAM-DATE-TIME), null when unknown. */
  epochOffset: number | null;
  position: LivePosition;
  stats: Omit<StatsReading, 'rendition'> | null;
  pipAvailable: boolean;
}

const NO_READING: PlayerReading = {
  pictureTime: null,
  currentTime: 0,
  window: null,
  epochOffset: null,
  position: { behindSeconds: 0, atLive: true },
  stats: null,
  pipAvailable: false,
};

/** How often the playhead is read: the score and the live readout follow it. */
const READ_EVERY_MS = 500;

function bufferedAhead(video: HTMLVideoElement): number {
  for (let i = 0; i < video.buffered.length; i++) {
    if (
      video.buffered.start(i) <= video.currentTime + 0.1 &&
      video.buffered.end(i) >= video.currentTime
    ) {
      return video.buffered.end(i) - video.currentTime;
    }
  }
  return 0;
}

function readPlayer(
  video: HTMLVideoElement | null,
  engine: PlaybackEngine | null,
  withStats: boolean,
): PlayerReading {
  if (!video || !engine) return NO_READING;
  const frames = video.getVideoPlaybackQuality?.();
  const playback = withStats ? engine.stats() : null;
  const window = engine.seekWindow();
  const epochOffset = engine.epochOffset();
  return {
    pictureTime: wallTimeOf(video.currentTime, epochOffset),
    currentTime: video.currentTime,
    window,
    epochOffset,
    position: livePosition(video.currentTime, window?.live ?? null),
    stats: playback
      ? {
          bitrate: playback.bitrate,
          bandwidth: playback.bandwidth,
          bufferSeconds: bufferedAhead(video),
          latency: playback.latency,
          droppedFrames: frames?.droppedVideoFrames ?? 0,
          totalFrames: frames?.totalVideoFrames ?? 0,
          engine: engine.kind,
        }
      : null,
    pipAvailable: document.pictureInPictureEnabled === true,
  };
}

/** The playhead's wall time, the live readout and (when open) the stats, moving with the picture. */
export function usePlayerReading(
  videoRef: RefObject<HTMLVideoElement | null>,
  engineRef: RefObject<PlaybackEngine | null>,
  withStats: boolean,
): PlayerReading {
  const [reading, setReading] = useState<PlayerReading>(NO_READING);
  useEffect(() => {
    const read = () => setReading(readPlayer(videoRef.current, engineRef.current, withStats));
    read();
    const timer = setInterval(read, READ_EVERY_MS);
    // A seek shows at once on the bar and the card, not at the next tick.
    const video = videoRef.current;
    video?.addEventListener('seeking', read);
    return () => {
      clearInterval(timer);
      video?.removeEventListener('seeking', read);
    };
  }, [videoRef, engineRef, withStats]);
  return reading;
}
