import type { StreamHeartbeat } from '@crease/contract';
import { HeartbeatScheduler } from './heartbeat-scheduler';

describe('trial heartbeats', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: Date.parse('2026-11-23T14:00:00.000Z') });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  function scheduler(intervalSeconds = 30) {
    const sent: StreamHeartbeat[] = [];
    const beats = new HeartbeatScheduler(intervalSeconds, (beat) => sent.push(beat));
    return { beats, sent };
  }

  it('sends one every interval while watching, with increasing sequence and sentAt = now', () => {
    const { beats, sent } = scheduler();
    beats.setWatching(true);
    jest.advanceTimersByTime(29_999);
    expect(sent).toHaveLength(0);
    jest.advanceTimersByTime(1);
    jest.advanceTimersByTime(30_000);
    expect(sent).toEqual([
      { sequence: 1, sentAt: '2026-11-23T14:00:30.000Z' },
      { sequence: 2, sentAt: '2026-11-23T14:01:00.000Z' },
    ]);
  });

  it('sends none while paused or hidden, and one for the part played when watching stops', () => {
    const { beats, sent } = scheduler();
    beats.setWatching(true);
    jest.advanceTimersByTime(10_000);
    beats.setWatching(false);
    expect(sent).toEqual([{ sequence: 1, sentAt: '2026-11-23T14:00:10.000Z' }]);
    jest.advanceTimersByTime(10 * 60_000);
    expect(sent).toHaveLength(1);
  });

  it('counts watching time, not wall time, towards the next heartbeat', () => {
    const { beats, sent } = scheduler();
    beats.setWatching(true);
    jest.advanceTimersByTime(500); // a stall within a second: not worth a heartbeat
    beats.setWatching(false);
    expect(sent).toHaveLength(0);
    jest.advanceTimersByTime(60_000);
    beats.setWatching(true);
    jest.advanceTimersByTime(29_499);
    expect(sent).toHaveLength(0);
    jest.advanceTimersByTime(1);
    expect(sent.map((b) => b.sequence)).toEqual([1]);
  });

  it('repeated "watching" signals do not restart the count, and stop() ends it', () => {
    const { beats, sent } = scheduler(5);
    beats.setWatching(true);
    jest.advanceTimersByTime(3000);
    beats.setWatching(true);
    jest.advanceTimersByTime(2000);
    expect(sent).toHaveLength(1);
    beats.stop();
    jest.advanceTimersByTime(60_000);
    beats.setWatching(false);
    expect(sent).toHaveLength(1);
  });
});
