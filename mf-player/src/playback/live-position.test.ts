import { formatBehind, livePosition } from './live-position';

describe('the live readout', () => {
  it('is at live within a segment of the live target, and behind by whole seconds beyond', () => {
    expect(livePosition(100, 102)).toEqual({ behindSeconds: 0, atLive: true });
    expect(livePosition(100, 103)).toEqual({ behindSeconds: 0, atLive: true });
    expect(livePosition(100, 108.4)).toEqual({ behindSeconds: 8, atLive: false });
    expect(livePosition(120, 108)).toEqual({ behindSeconds: 0, atLive: true });
  });

  it('counts as live when nothing is known yet', () => {
    expect(livePosition(0, null)).toEqual({ behindSeconds: 0, atLive: true });
  });

  it('reads minutes past a minute', () => {
    expect(formatBehind(12)).toBe('12 s');
    expect(formatBehind(65)).toBe('1 min 5 s');
    expect(formatBehind(120)).toBe('2 min');
    expect(formatBehind(3600)).toBe('1 h');
    expect(formatBehind(3 * 3600 + 25 * 60 + 9)).toBe('3 h 25 min');
  });
});
