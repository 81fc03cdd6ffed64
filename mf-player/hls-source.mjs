// @ts-check
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * hls.js built from its TypeScript source with only what the player uses (decision 330): the
 * core (fMP4, LL-HLS parts, preload hints and blocking reloads, ABR, capping to the player's
 * size), alternate audio (commentary languages), subtitles (WebVTT captions) and variable
 * substitution (the origin's EXT-X-DEFINE). Its dist builds
 * are all or nothing: the full one is 182 KB gzipped, the light one lacks audio and subtitles.
 *
 * The flags are hls.js's own (src/define-plugin.d.ts); the omitted modules are the ones its
 * rollup config replaces with src/empty.js when a flag is off, plus the MPEG-TS, AAC and MP3
 * demuxers: the origin serves fragmented MP4 only (decision 216), and hls.js probes its
 * demuxers in turn, skipping an absent one (`demux?.probe`), so a non-MP4 segment is its designed
 * FRAG_PARSING_ERROR. The transmuxer worker goes as in hls.js's own ESM build: the player runs
 * hls.js with enableWorker false (fMP4 needs no transmuxing; no `worker-src blob:` in the CSP),
 * and without a worker bundle hls.js transmuxes inline anyway. Three parts hls.js only uses
 * when configured: the CEA-608 parser (captions inside the video; hls-config.ts turns
 * enableCEA708Captions off, our captions are WebVTT), and the ID3 and FPS controllers, which
 * hls.js creates only when its config names them (no timed ID3 or DATERANGE metadata is read;
 * capLevelOnFPSDrop stays off).
 *
 * @param {string} appDir mf-player's folder
 * @returns {import('../shared/build/src/source-packages.mjs').SourcePackage}
 */
export function hlsFromSource(appDir) {
  const require = createRequire(path.join(appDir, 'package.json'));
  const root = path.dirname(require.resolve('hls.js/package.json'));
  const src = path.join(root, 'src');
  const { version } = require('hls.js/package.json');
  const features = {
    __USE_ALT_AUDIO__: true,
    __USE_SUBTITLES__: true,
    __USE_EME_DRM__: false,
    __USE_CMCD__: false,
    __USE_CONTENT_STEERING__: false,
    // The origin's child URIs carry the token as `{$token}` (EXT-X-DEFINE QUERYPARAM, decision 215).
    __USE_VARIABLE_SUBSTITUTION__: true,
    __USE_M2TS_ADVANCED_CODECS__: false,
    __USE_MEDIA_CAPABILITIES__: false,
    __USE_INTERSTITIALS__: false,
    __USE_IFRAMES__: false,
  };
  const omitted = [
    // __USE_EME_DRM__
    'controller/eme-controller',
    'utils/mediakeys-helper',
    // __USE_CMCD__
    'controller/cmcd-controller',
    // __USE_CONTENT_STEERING__
    'controller/content-steering-controller',
    // __USE_M2TS_ADVANCED_CODECS__
    'demux/audio/ac3-demuxer',
    'demux/video/hevc-video-parser',
    // __USE_MEDIA_CAPABILITIES__
    'utils/mediacapabilities-helper',
    // __USE_INTERSTITIALS__
    'controller/interstitials-controller',
    'controller/interstitial-player',
    'controller/interstitials-schedule',
    'loader/interstitial-event',
    'loader/interstitial-asset-list',
    // __USE_IFRAMES__
    'controller/iframe-controller',
    'controller/iframe-stream-controller',
    'controller/image-iframe-stream-controller',
    // No worker (enableWorker: false)
    'demux/transmuxer-worker',
    // fMP4 only: no MPEG-TS or packed audio segments
    'demux/tsdemuxer',
    'demux/audio/aacdemuxer',
    'demux/audio/mp3demuxer',
    // Used only when configured (see above)
    'utils/cea-608-parser',
    // Only for progressive streaming (config.progressive, off): hls.js loads with XHR (decision 380)
    'utils/fetch-loader',
    'controller/id3-track-controller',
    'controller/fps-controller',
  ];
  return {
    request: 'hls.js',
    entry: path.join(src, 'exports-default.ts'),
    sourceDir: src,
    constants: { __VERSION__: version, __IN_WORKER__: false, ...features },
    omit: omitted.map((file) => path.join(src, file)),
    emptyModule: path.join(src, 'empty.js'),
  };
}
