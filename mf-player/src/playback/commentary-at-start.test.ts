import type Hls from 'hls.js';
import { Events } from 'hls.js';
import { commentaryAtStart } from './commentary-at-start';

/** hls.js's event surface and its audio loop, as far as commentaryAtStart uses them. */
function fakeHls(startState: string) {
  const handlers: Array<{ event: string; run(): void }> = [];
  const steps: string[] = [];
  const audio = {
    state: startState,
    // hls.js's own doTick: WAITING_INIT_PTS with nothing held → IDLE; IDLE → load a part.
    tick() {
      steps.push(audio.state);
      if (audio.state === 'WAITING_INIT_PTS') audio.state = 'IDLE';
      else if (audio.state === 'IDLE') audio.state = 'FRAG_LOADING';
    },
  };
  const hls = {
    audioStreamController: audio,
    once(event: string, run: () => void) {
      handlers.push({ event, run });
    },
  };
  const emit = (event: string) => {
    const due = handlers.filter((h) => h.event === event);
    for (const h of due) handlers.splice(handlers.indexOf(h), 1);
    for (const h of due) h.run();
  };
  return { hls: hls as unknown as Hls, audio, steps, emit };
}

describe('commentaryAtStart', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test("the first INIT_PTS_FOUND loads the commentary on the next task, not at hls.js's next poll", () => {
    const { hls, audio, steps, emit } = fakeHls('WAITING_INIT_PTS');
    commentaryAtStart(hls, Events.INIT_PTS_FOUND);
    emit(Events.INIT_PTS_FOUND);
    // Never inside hls.js's own call.
    expect(steps).toEqual([]);
    jest.advanceTimersByTime(0);
    expect(steps).toEqual(['WAITING_INIT_PTS', 'IDLE']);
    expect(audio.state).toBe('FRAG_LOADING');
  });

  test('only once: a later INIT_PTS_FOUND (a level switch, a seek) is left to hls.js', () => {
    const { hls, audio, steps, emit } = fakeHls('WAITING_INIT_PTS');
    commentaryAtStart(hls, Events.INIT_PTS_FOUND);
    emit(Events.INIT_PTS_FOUND);
    jest.advanceTimersByTime(0);
    audio.state = 'WAITING_INIT_PTS';
    emit(Events.INIT_PTS_FOUND);
    jest.advanceTimersByTime(0);
    expect(steps).toEqual(['WAITING_INIT_PTS', 'IDLE']);
    expect(audio.state).toBe('WAITING_INIT_PTS');
  });

  test('an audio loop busy or stopped (no alternate audio, already loading) is not touched', () => {
    for (const state of ['STOPPED', 'FRAG_LOADING', 'PARSING']) {
      const { hls, steps, emit } = fakeHls(state);
      commentaryAtStart(hls, Events.INIT_PTS_FOUND);
      emit(Events.INIT_PTS_FOUND);
      jest.advanceTimersByTime(0);
      expect(steps).toEqual([]);
    }
  });
});
