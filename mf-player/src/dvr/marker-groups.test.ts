import type { KeyMomentKind } from '@crease/contract';
import type { Moment } from '../match/key-moments';
import type { PlacedMoment } from './marker-groups';
import { groupContents, groupMarkers, leadKind } from './marker-groups';

let seq = 0;
/** A moment drawn at `x` px (its time follows its place, as on the bar). */
function at(x: number, kind: KeyMomentKind = 'four'): PlacedMoment {
  seq += 1;
  return { x, moment: { seq, kind, label: `${kind} ${seq}`, at: 1_000_000 + x * 1000 } };
}
const xs = (placed: readonly PlacedMoment[]) =>
  groupMarkers(placed, 28).map((g) => ({ x: g.x, count: g.moments.length }));

describe('grouping key-moment markers', () => {
  it('keeps markers that have room each on its own place', () => {
    expect(xs([at(0), at(28), at(100), at(300)])).toEqual([
      { x: 0, count: 1 },
      { x: 28, count: 1 },
      { x: 100, count: 1 },
      { x: 300, count: 1 },
    ]);
  });

  it('draws moments that would overlap as one group at the middle of their span', () => {
    const groups = groupMarkers([at(100, 'four'), at(110, 'wicket'), at(120, 'six')], 28);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.x).toBe(110);
    expect(groups[0]!.moments.map((m) => m.kind)).toEqual(['four', 'wicket', 'six']);
  });

  it('orders by place whatever order the moments come in', () => {
    expect(xs([at(300), at(10), at(20), at(200)])).toEqual([
      { x: 15, count: 2 },
      { x: 200, count: 1 },
      { x: 300, count: 1 },
    ]);
  });

  it('splits a long run of close moments into groups along the bar, never one in the middle', () => {
    // A whole innings of boundaries 10 px apart on a phone's bar.
    const run = Array.from({ length: 30 }, (_, i) => at(i * 10));
    const groups = groupMarkers(run, 28);
    expect(groups.length).toBeGreaterThan(4);
    expect(groups.flatMap((g) => g.moments)).toHaveLength(30);
    for (const group of groups) {
      for (const moment of group.moments) {
        const x = run.find((p) => p.moment === moment)!.x;
        expect(Math.abs(x - group.x)).toBeLessThan(28);
      }
    }
  });

  it('never draws two markers closer than the spacing, for any placing', () => {
    // Deterministic pseudo-random placings: dense, sparse, and clumped.
    let state = 7;
    const next = () => (state = (state * 48271) % 2147483647) / 2147483647;
    for (let trial = 0; trial < 200; trial++) {
      const width = 200 + next() * 1000;
      const count = Math.floor(next() * 80);
      const placed = Array.from({ length: count }, () => at(next() ** (1 + (trial % 3)) * width));
      const groups = groupMarkers(placed, 28);
      expect(groups.reduce((n, g) => n + g.moments.length, 0)).toBe(count);
      for (let i = 1; i < groups.length; i++) {
        expect(groups[i]!.x - groups[i - 1]!.x).toBeGreaterThanOrEqual(28);
      }
    }
  });

  it('has nothing to draw for no moments', () => {
    expect(groupMarkers([], 28)).toEqual([]);
  });
});

describe('what a group says it holds', () => {
  const moments = (...kinds: KeyMomentKind[]): Moment[] => kinds.map((kind) => at(0, kind).moment);

  it('is led by the weightiest kind: a wicket over boundaries', () => {
    expect(leadKind(moments('four', 'six', 'wicket'))).toBe('wicket');
    expect(leadKind(moments('four', 'six'))).toBe('six');
  });

  it('counts each kind, weightiest first, in words', () => {
    expect(groupContents(moments('four', 'wicket', 'four', 'six', 'wicket', 'four'))).toBe(
      '2 wickets, a six and 3 fours',
    );
    expect(groupContents(moments('four', 'four'))).toBe('2 fours');
    expect(groupContents(moments('inningsEnd', 'rainDelay'))).toBe(
      'an innings end and a rain delay',
    );
  });
});
