/**
 * A picture wedged behind a hole in the video buffer is moved on by a microsecond (decision 466).
 *
 * Chromium plays past a hole in the video buffer on the audio's clock without rendering video,
 * then stops with the playhead inside buffered media (readyState 2, HAVE_CURRENT_DATA) and never
 * moves on, however much is appended (hls.js issue 5631, Chromium issue 40280613). hls.js nudges
 * the playhead only when the hole lies between two video ranges. A hole it cannot see: an
 * immediate quality switch (the viewer picks 480p) flushes the whole video buffer while the
 * commentary, a track of its own, plays on; the new rendition is appended from its next part,
 * after the last frame shown, and the buffer reads as one range around the playhead. Chromium's
 * media log then says DEMUXER_UNDERFLOW for the video, then for the pipeline, and stays there
 * (the freeze of decision 441). A seek flushes the pipeline, as hls.js's own nudge does.
 */

/** How often the playhead is looked at. */
export const WEDGE_CHECK_MS = 500;
/** Still for this long, playing, with this much buffered ahead: wedged, not waiting for media. */
export const WEDGED_AFTER_MS = 1500;
export const WEDGED_AHEAD_SECONDS = 1;
/** The nudge: small enough to be unseen and unheard, a seek all the same. */
export const NUDGE_SECONDS = 0.000001;

type Media = Pick<
  HTMLMediaElement,
  'currentTime' | 'paused' | 'seeking' | 'ended' | 'readyState' | 'buffered'
>;

/** Seconds buffered ahead of `time` in the range that holds it (0 outside every range). */
export function bufferedAhead(ranges: TimeRanges, time: number): number {
  for (let i = 0; i < ranges.length; i++)
    if (ranges.start(i) <= time && time < ranges.end(i)) return ranges.end(i) - time;
  return 0;
}

/**
 * One look every WEDGE_CHECK_MS: returns whether to nudge now. Pure over its state, so the rule is
 * tested without a browser.
 */
export function wedgeWatch() {
  let lastTime = -1;
  let stillFor = 0;
  return (media: Media): boolean => {
    const playing = !media.paused && !media.seeking && !media.ended;
    const starved = media.readyState <= HTMLMediaElement.HAVE_CURRENT_DATA;
    const ahead = bufferedAhead(media.buffered, media.currentTime) >= WEDGED_AHEAD_SECONDS;
    if (!playing || !starved || !ahead || media.currentTime !== lastTime) {
      lastTime = media.currentTime;
      stillFor = 0;
      return false;
    }
    stillFor += WEDGE_CHECK_MS;
    if (stillFor < WEDGED_AFTER_MS) return false;
    stillFor = 0;
    return true;
  };
}

/** Watches `media` until the returned function is called. `onNudge` hears each nudge. */
export function nudgeWedgedPicture(
  media: HTMLMediaElement,
  onNudge: (at: number) => void = () => {},
): () => void {
  const wedged = wedgeWatch();
  const timer = setInterval(() => {
    if (!wedged(media)) return;
    onNudge(media.currentTime);
    media.currentTime += NUDGE_SECONDS;
  }, WEDGE_CHECK_MS);
  return () => clearInterval(timer);
}
