import {
  clampToWindow,
  fractionOf,
  mediaTimeOf,
  playableStart,
  positionAt,
  resumePosition,
  WINDOW_START_LEAD_SECONDS,
  wallTimeOf,
  windowLength,
} from './seek-window';

const window = { start: 100, live: 4 * 3600 + 100 };

describe('the seek window', () => {
  it('keeps a seek inside the window: before its start is its start, past live is live', () => {
    expect(clampToWindow(50, window)).toBe(100);
    expect(clampToWindow(5000, window)).toBe(5000);
    expect(clampToWindow(99_999, window)).toBe(window.live);
    expect(windowLength(window)).toBe(4 * 3600);
    expect(windowLength(null)).toBe(0);
  });

  it('starts inside the first media of every track: after the latest track start, with a lead', () => {
    // The video's playlist starts at 0, the commentary's audio playlist a little later: Home at
    // 0 loaded video but no audio and never played (decision 333).
    expect(playableStart([0, 0, 0.021], 4300)).toBe(0.021 + WINDOW_START_LEAD_SECONDS);
    expect(playableStart([0, 0], 4300)).toBe(WINDOW_START_LEAD_SECONDS);
    // An audio rendition not loaded yet does not count.
    expect(playableStart([12, undefined, Number.NaN], 4300)).toBe(12 + WINDOW_START_LEAD_SECONDS);
    // A window shorter than the lead starts at live; nothing known is live too.
    expect(playableStart([10], 12)).toBe(12);
    expect(playableStart([undefined], 12)).toBe(12);
  });

  it('resumes a paused playhead where it paused, and only a lost one just inside the window', () => {
    expect(resumePosition(2000, window)).toBe(2000);
    expect(resumePosition(90, window)).toBe(110);
    // A 12 s window has no room for the margin: live.
    expect(resumePosition(1, { start: 10, live: 18 })).toBe(18);
    expect(resumePosition(5, null)).toBe(5);
  });

  it('maps wall time and media time through the program-date-time offset', () => {
    const offset = Date.parse('2026-11-23T14:00:00.000Z');
    expect(mediaTimeOf(offset + 90_500, offset)).toBe(90.5);
    expect(wallTimeOf(90.5, offset)).toBe(offset + 90_500);
    expect(mediaTimeOf(offset, null)).toBeNull();
    expect(wallTimeOf(3, null)).toBeNull();
  });

  it('turns a pointer fraction into a position and back', () => {
    expect(positionAt(0.5, window)).toBe(100 + 2 * 3600);
    expect(positionAt(-1, window)).toBe(100);
    expect(positionAt(2, window)).toBe(window.live);
    expect(fractionOf(100 + 3600, window)).toBe(0.25);
    expect(fractionOf(5, { start: 5, live: 5 })).toBe(1);
  });
});
