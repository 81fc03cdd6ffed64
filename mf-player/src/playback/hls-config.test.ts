import { hlsFromSource } from '../../hls-source.mjs';
import { MAX_FORWARD_BUFFER_SECONDS, hlsConfigFor } from './hls-config';

/**
 * Our hls.js build (decision 330) leaves out parts hls.js uses only when its config asks for
 * them; a config that asked would reach a missing module at run time. Both latency modes must
 * keep to what the build has.
 */
describe('hls.js config against our hls.js build', () => {
  const build = hlsFromSource(`${__dirname}/../..`);
  const omitted = (file: string) => build.omit?.some((path) => path.endsWith(file)) ?? false;

  it.each(['low', 'smooth'] as const)('%s latency asks for nothing the build left out', (mode) => {
    const config = hlsConfigFor(mode);
    if (omitted('utils/cea-608-parser')) expect(config.enableCEA708Captions).toBe(false);
    if (omitted('controller/fps-controller')) expect(config.capLevelOnFPSDrop).not.toBe(true);
    if (omitted('controller/id3-track-controller'))
      expect(config.id3TrackController).toBeUndefined();
    // No fetch loader (decision 380): hls.js swaps it in only for progressive streaming.
    if (omitted('utils/fetch-loader')) {
      expect(config.progressive).not.toBe(true);
      expect(config.loader).toBeUndefined();
    }
    // No worker bundle: a worker would need `worker-src blob:` in the CSP.
    expect(config.enableWorker).toBe(false);
  });

  it('keeps what the player plays: alternate audio, subtitles, the origin’s EXT-X-DEFINE', () => {
    expect(build.constants).toMatchObject({
      __USE_ALT_AUDIO__: true,
      __USE_SUBTITLES__: true,
      __USE_VARIABLE_SUBSTITUTION__: true,
    });
    expect(omitted('demux/mp4demuxer')).toBe(false);
    expect(omitted('remux/passthrough-remuxer')).toBe(false);
  });

  it.each(['low', 'smooth'] as const)(
    '%s latency buffers at most MAX_FORWARD_BUFFER_SECONDS ahead, however small the rendition',
    (mode) => {
      const config = hlsConfigFor(mode);
      // hls.js's own default (600 s) let a replay fetch minutes ahead at once (decision 345).
      expect(config.maxMaxBufferLength).toBe(MAX_FORWARD_BUFFER_SECONDS);
      expect(config.maxBufferLength).toBeLessThanOrEqual(MAX_FORWARD_BUFFER_SECONDS);
    },
  );
});
