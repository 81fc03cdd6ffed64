// hls.js ships its light build (no subtitles, DRM, alternate audio or CMCD: mf-player needs none)
// as the `hls.js/light` export without a declaration file; its API is the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
