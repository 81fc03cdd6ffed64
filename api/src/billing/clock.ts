/**
 * The API's notion of "now" for billing: subscription periods, expiry, checkout lifetimes and
 * webhook timestamps all read it, so a test can move time forward (ARCHITECTURE §8: expiry on
 * an injectable clock) instead of waiting or faking the database.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs with real time plus an offset the test moves forward. */
export class OffsetClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

/** Whole seconds since the epoch (SPEC §3 paymentDate, webhook timestamps). */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** An ISO timestamp bound as timestamptz, the same on both drivers (see attempt-store.ts). */
export function isoTimestamp(date: Date): string {
  return date.toISOString();
}
