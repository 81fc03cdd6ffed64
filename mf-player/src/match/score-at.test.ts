import type { MatchState, TimelineEntry } from '@crease/contract';
import { entryAt, lastSeq, mergeTimeline } from './score-at';

const T0 = Date.parse('2026-11-23T14:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

function entry(seq: number, seconds: number, scoreSummary: string): TimelineEntry {
  const state: MatchState = {
    status: 'live',
    playState: 'in_play',
    toss: null,
    innings: [],
    scoreSummary,
    result: null,
    eventStatus: 'live',
  };
  return { seq, at: at(seconds), state };
}

const timeline = mergeTimeline(
  [],
  [entry(1, 0, 'MUM 0/0 (0)'), entry(2, 30, 'MUM 4/0 (0.1)'), entry(3, 60, 'MUM 4/1 (0.2)')],
);
const scoreAt = (seconds: number) => entryAt(timeline, T0 + seconds * 1000)?.state.scoreSummary;

describe('the score at the picture’s time (no spoilers)', () => {
  it('shows each entry only once the picture reaches its time', () => {
    expect(scoreAt(-5)).toBeUndefined();
    expect(scoreAt(0)).toBe('MUM 0/0 (0)');
    expect(scoreAt(29.999)).toBe('MUM 0/0 (0)');
    expect(scoreAt(30)).toBe('MUM 4/0 (0.1)');
    expect(scoreAt(3600)).toBe('MUM 4/1 (0.2)');
  });

  it('a viewer 20 s behind live does not see a wicket that the wall clock already has', () => {
    const wallClock = 65;
    expect(scoreAt(wallClock)).toBe('MUM 4/1 (0.2)');
    expect(scoreAt(wallClock - 20)).toBe('MUM 4/0 (0.1)');
  });

  it('moving the playhead back moves the score back', () => {
    expect(scoreAt(61)).toBe('MUM 4/1 (0.2)');
    expect(scoreAt(45)).toBe('MUM 4/0 (0.1)');
    expect(scoreAt(10)).toBe('MUM 0/0 (0)');
    expect(scoreAt(61)).toBe('MUM 4/1 (0.2)');
  });

  it('merges later reads by seq and orders backdated entries by their time', () => {
    const merged = mergeTimeline(timeline, [
      entry(3, 60, 'MUM 4/1 (0.2)'),
      // Recorded later (seq 4) but backdated to before seq 3.
      entry(4, 45, 'MUM 4/0 (0.1) review'),
    ]);
    expect(merged.map((e) => e.seq)).toEqual([1, 2, 4, 3]);
    expect(entryAt(merged, T0 + 50_000)?.state.scoreSummary).toBe('MUM 4/0 (0.1) review');
    expect(lastSeq(merged)).toBe(4);
    expect(lastSeq([])).toBeNull();
  });
});
