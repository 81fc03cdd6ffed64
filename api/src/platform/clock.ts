/**
 * The API's idea of "now" for everything it decides by time: refresh-token lifetimes, bot-check
 * proofs, the catalog's rolling demo, subscription periods, every timestamp written to a row or
 * an answer. Injectable, so tests move time instead of waiting for it. The one module that reads
 * the wall clock (lint forbids `Date.now()` and `new Date()` elsewhere in api/src, decision 420);
 * SQL gets the instant as a bound parameter (`isoTimestamp`), never the database's `now()`.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock a test controls. Without a start it follows the wall clock, moved forward by
 * `advance`; with a start (or after `set`) it stands still at that instant until moved, so the
 * rolling demo and every recorded `at` are deterministic.
 */
export class ControlledClock implements Clock {
  private offsetMs = 0;
  private fixedMs: number | null;

  constructor(start?: Date) {
    this.fixedMs = start ? start.getTime() : null;
  }

  now(): Date {
    return new Date(this.fixedMs ?? Date.now() + this.offsetMs);
  }

  advance(seconds: number): void {
    if (this.fixedMs !== null) this.fixedMs += seconds * 1000;
    else this.offsetMs += seconds * 1000;
  }

  set(to: Date): void {
    this.fixedMs = to.getTime();
  }
}

/** Whole seconds since the epoch (docs/product.md §3 paymentDate, webhook timestamps). */
export function epochSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** An ISO timestamp bound as timestamptz, the same on both drivers (see attempt-store.ts). */
export function isoTimestamp(date: Date): string {
  return date.toISOString();
}

/**
 * Milliseconds on a monotonic clock, with an arbitrary origin: only for how long a real thing
 * took or may take in this process (a memory cache's lifetime, how long a real request is held,
 * a job's duration), never for a date or a rule the product decides (decision 420). It ignores
 * the moved test clock on purpose: moving business time must not expire a replica's memory or
 * release a socket, and it does not jump when the system clock is set.
 */
export function monotonicMs(): number {
  return performance.now();
}
