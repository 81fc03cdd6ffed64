/** What streams offers the features beside it (decision 190). */
export { endAccountStreams } from './stream-closure';
// The live transcoder (ingest) writes what the origin serves, with the test card's settings.
export { livePartPath } from './origin/live-parts';
export { STREAM_EPOCH_MS } from './origin/dvr-window';
// Scoring stamps a ball with the picture on air: the live clock minus this hold-back (decision 444).
export { PART_HOLD_BACK_SECONDS } from './origin/playlists';
export {
  COMMENTARY,
  FRAME_RATE,
  PART_SECONDS,
  PARTS_PER_SEGMENT,
  RENDITION_RECIPES,
} from './media/media-recipe';
export type { RenditionRecipe } from './media/media-recipe';
export {
  AUDIO_CODEC_ARGS,
  STREAM_FILE,
  commentaryFolder,
  ffmpegPath,
  mediaDirFor,
  videoCodecArgs,
} from './media/render-media';
// The ingest's slate is drawn as the test card's mark is: no font file.
export { Canvas, textWidth } from './media/bitmap-font';
export { readInitSegment, shiftSegment, splitFragmentedFile } from './media/fmp4';
// The producer's ingest health counts a channel's viewers (decision 448).
export { channelViewers } from './channel-viewers';
