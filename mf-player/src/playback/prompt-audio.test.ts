import Hls from 'hls.js';
import type { AudioStreamController } from 'hls.js';
import { promptAudioController } from './prompt-audio';

/**
 * The commentary does not wait for hls.js's next 100 ms tick once the video's start time is
 * known (decision 366): leaving WAITING_INIT_PTS, the controller asks for its next step at once.
 * The same situation in hls.js's own controller waits for the timer: the test can tell them apart.
 */
/** What the test drives: hls.js's loop step (protected) and the state it reads. */
type Controller = AudioStreamController & { state: string; doTick(): void };

function controllerOf(config: Partial<Hls['config']>): { hls: Hls; controller: Controller } {
  const hls = new Hls({ enableWorker: false, ...config });
  const controller = (hls as unknown as { audioStreamController: Controller })
    .audioStreamController;
  return { hls, controller };
}

describe('promptAudioController', () => {
  it('is a subclass of the build’s own audio stream controller', () => {
    const Prompt = promptAudioController(Hls);
    const Base = Hls.DefaultConfig.audioStreamController;
    expect(Base).toBeDefined();
    expect(Prompt?.prototype).toBeInstanceOf(Base as NonNullable<typeof Base>);
  });

  it.each([
    ['the prompt controller', true],
    ['hls.js’s own controller', false],
  ] as const)('%s, leaving WAITING_INIT_PTS, ticks at once: %s', (_, prompt) => {
    const { hls, controller } = controllerOf(
      prompt ? { audioStreamController: promptAudioController(Hls) } : {},
    );
    try {
      const immediate = jest.spyOn(controller, 'tickImmediate');
      controller.state = 'WAITING_INIT_PTS';
      controller.doTick();
      expect(controller.state).toBe('IDLE');
      expect(immediate).toHaveBeenCalledTimes(prompt ? 1 : 0);
    } finally {
      hls.destroy();
    }
  });
});
