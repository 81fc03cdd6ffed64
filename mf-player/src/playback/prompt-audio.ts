import type Hls from 'hls.js';
import type { AudioStreamController } from 'hls.js';

type AudioControllerClass = typeof AudioStreamController;

/**
 * hls.js's audio stream controller, except that it goes on as soon as the video's start time
 * is known instead of at its next poll (decisions 347, 366).
 *
 * On a live track hls.js loads no commentary audio until the first video part is parsed
 * (INIT_PTS_FOUND), and in low-latency mode it then waits for its 100 ms tick to leave
 * WAITING_INIT_PTS, and for one more tick or a video request to load. The first frame needs
 * audio as well as video, so that wait was on its critical path: in Chromium the commentary's
 * init segment went out 100–160 ms after the video's first part had arrived, and with a
 * keyframe in every part (decision 366) the video is ready long before that. Here the same two
 * steps of hls.js's own loop run at once (each on a fresh task, as hls.js's tickImmediate does,
 * never inside another controller's call).
 *
 * Returns undefined when the build has no alternate audio (the config then has no class).
 */
export function promptAudioController(HlsClass: typeof Hls): AudioControllerClass | undefined {
  const Base = HlsClass.DefaultConfig.audioStreamController;
  if (!Base) return undefined;
  return class PromptAudioStreamController extends Base {
    override onInitPtsFound(...args: Parameters<AudioStreamController['onInitPtsFound']>) {
      super.onInitPtsFound(...args);
      if (this.state === 'WAITING_INIT_PTS') this.tickImmediate();
    }

    override doTick() {
      const waited = this.state === 'WAITING_INIT_PTS';
      super.doTick();
      // hls.js left WAITING_INIT_PTS for IDLE: choose and load the fragment now.
      if (waited && this.state === 'IDLE') this.tickImmediate();
    }
  };
}
