/**
 * Blocking playlist reloads and preload-hinted parts (LL-HLS, decision 216): a request for
 * something the clock has not published yet waits for it. One timer per process serves every
 * held request, whatever their number: each waiter is a promise in a list ordered by when it
 * becomes ready, and the timer wakes at the earliest ready time (checked against the service
 * clock, which tests move) or at most every TICK_MS. A held request costs a promise and a socket,
 * no CPU while it waits, so a thousand of them leave the event loop free. No wait outlives
 * MAX_HOLD_MS of real time (monotonicMs: a socket is held in real time, whatever the service clock
 * says): then it resolves as it is (the caller answers with what is published).
 */
import { monotonicMs } from '../../platform/clock';
import type { Clock } from '../../platform/clock';

/** Three target durations, the longest LL-HLS lets a server hold a playlist request. */
export const MAX_HOLD_MS = 6000;
const TICK_MS = 50;

interface Waiter {
  readyAtMs: number;
  /** On monotonicMs. */
  deadline: number;
  resolve: (ready: boolean) => void;
}

export class HeldRequests {
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly clock: Clock) {}

  /** How many requests are held right now (the bench and tests read it). */
  get size(): number {
    return this.waiters.length;
  }

  /** Resolves true once the clock reaches `readyAtMs`, false if MAX_HOLD_MS passes first. */
  until(readyAtMs: number): Promise<boolean> {
    if (this.clock.now().getTime() >= readyAtMs) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = { readyAtMs, deadline: monotonicMs() + MAX_HOLD_MS, resolve };
      // Keep the list ordered by ready time: most waiters join at the end (the next part).
      let at = this.waiters.length;
      while (at > 0 && (this.waiters[at - 1] as Waiter).readyAtMs > readyAtMs) at--;
      this.waiters.splice(at, 0, waiter);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.timer || this.waiters.length === 0) return;
    const first = this.waiters[0] as Waiter;
    const delay = Math.min(TICK_MS, Math.max(1, first.readyAtMs - this.clock.now().getTime()));
    this.timer = setTimeout(() => this.wake(), delay);
    this.timer.unref();
  }

  private wake(): void {
    this.timer = null;
    const now = this.clock.now().getTime();
    let ready = 0;
    while (ready < this.waiters.length && (this.waiters[ready] as Waiter).readyAtMs <= now) ready++;
    const released = this.waiters.splice(0, ready);
    for (const waiter of released) waiter.resolve(true);
    const real = monotonicMs();
    if (this.waiters.some((w) => w.deadline <= real)) {
      const expired = this.waiters.filter((w) => w.deadline <= real);
      this.waiters = this.waiters.filter((w) => w.deadline > real);
      for (const waiter of expired) waiter.resolve(false);
    }
    this.schedule();
  }
}
