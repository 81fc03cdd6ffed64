/** @jest-environment node */
/**
 * Held LL-HLS requests (decision 216): a thousand waiters on one process share one timer, are
 * released when the clock reaches their part, in order, and none outlives the hold limit.
 */
import { HeldRequests, MAX_HOLD_MS } from './held-requests';

describe('held requests', () => {
  // The hold's timer and its real-time limit (monotonicMs) run on jest's timers, moved by hand:
  // no real sleep, and nothing here depends on the machine's speed.
  beforeEach(() => jest.useFakeTimers({ now: 0, doNotFake: ['nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('holds a thousand requests on one timer and releases each when its part is published', async () => {
    let now = 1_000_000;
    const held = new HeldRequests({ now: () => new Date(now) });
    const released: number[] = [];
    const waits = Array.from({ length: 1000 }, (_, i) => {
      const readyAt = now + 400 * (1 + (i % 5));
      return held.until(readyAt).then((ready) => {
        expect(ready).toBe(true);
        released.push(readyAt);
      });
    });
    expect(held.size).toBe(1000);
    // One timer for all of them: the event loop is free while they wait.
    expect(jest.getTimerCount()).toBe(1);
    await jest.advanceTimersByTimeAsync(200);
    expect(released).toHaveLength(0);

    now += 800; // the first two parts are published
    await jest.advanceTimersByTimeAsync(100);
    expect(released).toHaveLength(400);
    expect(held.size).toBe(600);
    expect(jest.getTimerCount()).toBe(1);
    now += 1200;
    await jest.advanceTimersByTimeAsync(100);
    await Promise.all(waits);
    expect(held.size).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
    expect([...released].sort((a, b) => a - b)).toEqual(released);
  });

  it('answers at once for a part already published', async () => {
    const held = new HeldRequests({ now: () => new Date(5000) });
    await expect(held.until(4999)).resolves.toBe(true);
    expect(held.size).toBe(0);
  });

  it('lets a hold go after MAX_HOLD_MS of real time when the clock stands still', async () => {
    const held = new HeldRequests({ now: () => new Date(0) });
    const wait = held.until(10_000);
    await jest.advanceTimersByTimeAsync(MAX_HOLD_MS - 100);
    expect(held.size).toBe(1);
    await jest.advanceTimersByTimeAsync(200);
    await expect(wait).resolves.toBe(false);
    expect(held.size).toBe(0);
  });
});
