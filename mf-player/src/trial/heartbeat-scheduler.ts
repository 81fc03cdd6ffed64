import type { StreamHeartbeat } from '@crease/contract';

export interface HeartbeatTimers {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: HeartbeatTimers = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Played less than this since the last heartbeat: not worth a request when playback stops. */
const MIN_PARTIAL_MS = 1000;

/**
 * Trial heartbeats (decision 118). The screen says when the viewer is really watching (playing,
 * not stalled, page visible) with setWatching(); this sends a heartbeat after every
 * `intervalSeconds` of watching, and one more when watching stops so the played part counts, but
 * none at all while paused or hidden. Time not watched never accumulates: the server adds at
 * most the wall time between two heartbeats, so the player must not send one after a pause
 * for time it did not play.
 */
export class HeartbeatScheduler {
  private sequence = 0;
  private watchedMs = 0;
  private watchingSince: number | null = null;
  private timer: unknown = null;
  private stopped = false;

  constructor(
    private readonly intervalSeconds: number,
    private readonly send: (heartbeat: StreamHeartbeat) => void,
    private readonly timers: HeartbeatTimers = realTimers,
  ) {}

  setWatching(watching: boolean): void {
    if (this.stopped) return;
    const now = this.timers.now();
    if (watching && this.watchingSince === null) {
      this.watchingSince = now;
      this.schedule(this.intervalSeconds * 1000 - this.watchedMs);
    } else if (!watching && this.watchingSince !== null) {
      this.watchedMs += now - this.watchingSince;
      this.watchingSince = null;
      this.cancel();
      if (this.watchedMs >= MIN_PARTIAL_MS) this.beat(now);
    }
  }

  /** No more heartbeats (the stream closed or was refused). */
  stop(): void {
    this.stopped = true;
    this.cancel();
  }

  private schedule(ms: number) {
    this.cancel();
    this.timer = this.timers.setTimeout(
      () => {
        this.timer = null;
        const now = this.timers.now();
        this.beat(now);
        if (this.watchingSince !== null) {
          this.watchingSince = now;
          this.schedule(this.intervalSeconds * 1000);
        }
      },
      Math.max(0, ms),
    );
  }

  private cancel() {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private beat(now: number) {
    this.watchedMs = 0;
    this.sequence += 1;
    this.send({ sequence: this.sequence, sentAt: new Date(now).toISOString() });
  }
}
