import type Hls from 'hls.js';
import type { Events } from 'hls.js';

/** Whether `time` lies inside one of `ranges`. */
function isBuffered(ranges: TimeRanges, time: number): boolean {
  for (let i = 0; i < ranges.length; i++)
    if (ranges.start(i) <= time && time < ranges.end(i)) return true;
  return false;
}

/**
 * A seek to where nothing is buffered makes hls.js look at its video buffer again (decision 382).
 *
 * After Home (the match's start), End (live) and Home again, hls.js's fragment tracker could
 * still hold the start's video fragments as buffered ("OK") although its back-buffer eviction
 * (backBufferLength) had removed them while the viewer watched live. The main loop then skipped
 * them as loaded, the commentary waited for the video, and the picture froze at 4.01 s for good
 * (player-dvr.spec.ts, 1 run in 3). Telling hls.js that the video buffer was flushed, its own
 * BUFFER_FLUSHED, makes it compare the tracker with the buffer (`afterBufferFlushed`) and load
 * what is missing; where the tracker was right it changes nothing. Only the video: the commentary
 * controller reads the same event as the end of a language switch's flush.
 *
 * Returns the listener's removal.
 */
export function recheckBufferOnSeek(
  hls: Pick<Hls, 'trigger'>,
  media: HTMLMediaElement,
  bufferFlushed: Events.BUFFER_FLUSHED,
): () => void {
  const recheck = () => {
    if (!isBuffered(media.buffered, media.currentTime))
      // An empty range: nothing was removed now; hls.js's handler reads only the type.
      hls.trigger(bufferFlushed, { type: 'video', start: 0, end: 0 });
  };
  media.addEventListener('seeking', recheck);
  return () => media.removeEventListener('seeking', recheck);
}
