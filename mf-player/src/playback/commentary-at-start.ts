import type Hls from 'hls.js';
import type { Events } from 'hls.js';

/** The two members of hls.js's audio stream controller (`hls.audioStreamController`) used here. */
interface AudioLoop {
  state: string;
  tick(): void;
}

/**
 * The commentary's first part goes out as soon as the video's first part gives hls.js its start
 * time, once per engine, before the first frame (decision 380).
 *
 * hls.js loads no live alternate audio before the main track's init PTS is known; it then waits
 * for its 100 ms poll to leave WAITING_INIT_PTS and for the next one to load (0–200 ms, the
 * longest wait left before `playing`). After the first INIT_PTS_FOUND this runs those two steps
 * of hls.js's own loop on a fresh task (as its tickImmediate does). Only that first start:
 * nothing is changed for seeks, level switches or track switches (decision 366's subclass,
 * which changed every tick, was taken out after a stall after Home).
 */
export function commentaryAtStart(hls: Hls, initPtsFound: Events.INIT_PTS_FOUND): void {
  hls.once(initPtsFound, () => {
    setTimeout(() => {
      const audio = (hls as unknown as { audioStreamController?: AudioLoop }).audioStreamController;
      if (audio?.state === 'WAITING_INIT_PTS') audio.tick();
      if (audio?.state === 'IDLE') audio.tick();
    });
  });
}
