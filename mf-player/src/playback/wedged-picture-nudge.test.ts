import {
  NUDGE_SECONDS,
  WEDGE_CHECK_MS,
  bufferedAhead,
  nudgeWedgedPicture,
  wedgeWatch,
} from './wedged-picture-nudge';

const ranges = (...list: Array<[number, number]>) =>
  ({
    length: list.length,
    start: (i: number) => list[i]![0],
    end: (i: number) => list[i]![1],
  }) as TimeRanges;

/** The element as decision 441's freeze left it: playing, readyState 2, 12 s buffered ahead. */
const wedged = () => ({
  currentTime: 7.87,
  paused: false,
  seeking: false,
  ended: false,
  readyState: HTMLMediaElement.HAVE_CURRENT_DATA,
  buffered: ranges([4.8, 20]),
});

describe('nudging a wedged picture (decision 466)', () => {
  it('reads the media buffered ahead in the range around the playhead', () => {
    expect(bufferedAhead(ranges([0, 4], [4.8, 20]), 7.87)).toBeCloseTo(12.13);
    expect(bufferedAhead(ranges([0, 4], [4.8, 20]), 4.4)).toBe(0);
  });

  it('nudges once the playhead has stood still for 1.5 s with media buffered ahead', () => {
    const look = wedgeWatch();
    const media = wedged();
    // The first look notes the time; three more, 1.5 s, make it wedged.
    expect([look(media), look(media), look(media), look(media)]).toEqual([
      false,
      false,
      false,
      true,
    ]);
    // And again only after another 1.5 s still.
    expect([look(media), look(media), look(media)]).toEqual([false, false, true]);
  });

  it('leaves alone a playhead that moves, a pause, a seek, the live edge and a full buffer', () => {
    const cases = [
      { ...wedged(), paused: true },
      { ...wedged(), seeking: true },
      { ...wedged(), ended: true },
      // Waiting at the edge for the next part: nothing buffered ahead to play.
      { ...wedged(), buffered: ranges([4.8, 8.2]) },
      // Enough data to play: the renderer is not starved.
      { ...wedged(), readyState: HTMLMediaElement.HAVE_ENOUGH_DATA },
    ];
    for (const media of cases) {
      const look = wedgeWatch();
      expect([1, 2, 3, 4, 5, 6].map(() => look(media))).not.toContain(true);
    }
    const look = wedgeWatch();
    const moving = wedged();
    const seen = [1, 2, 3, 4, 5, 6].map(() => {
      moving.currentTime += 0.1;
      return look(moving);
    });
    expect(seen).not.toContain(true);
  });

  it('seeks the element on by a microsecond, and stops watching when told', () => {
    jest.useFakeTimers();
    try {
      const media = { ...wedged() } as unknown as HTMLMediaElement;
      const heard: number[] = [];
      const stop = nudgeWedgedPicture(media, (at) => heard.push(at));
      jest.advanceTimersByTime(WEDGE_CHECK_MS * 4);
      expect(heard).toEqual([7.87]);
      expect(media.currentTime).toBeCloseTo(7.87 + NUDGE_SECONDS, 9);
      stop();
      jest.advanceTimersByTime(WEDGE_CHECK_MS * 20);
      expect(heard).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
