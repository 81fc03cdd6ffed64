import { and, eq, gt, sql } from 'drizzle-orm';
import { isoTimestamp } from '../platform/clock';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { rateCounters } from './tables';

export interface CounterState {
  count: number;
  /** When the window ends and the counter starts again from zero. */
  resetAt: Date;
  /** Whole seconds from the store's "now" to `resetAt` (at least 1): the Retry-After. */
  secondsLeft: number;
}

/**
 * Fixed-window attempt counters shared by every API replica (decisions 014, 055). The interface
 * is small so a Redis adapter can replace the database one without touching the routes.
 * Callers count first and check the count `hit` returns: a read-then-write would let parallel
 * guesses all pass the check before any of them was counted.
 */
export interface AttemptStore {
  /** Counts one more attempt in the key's window (starting one if needed), atomically. */
  hit(key: string, windowSeconds: number): Promise<CounterState>;
  /** Gives back one counted attempt (it turned out not to be a failure); never below zero. */
  undo(key: string): Promise<void>;
  clear(key: string): Promise<void>;
  /**
   * The key's count in its current window (0 when none). Only for soft decisions that do not
   * gate an attempt by themselves (bot-check difficulty, known networks, decision 170): a limit
   * must count with `hit` first (decision 055).
   */
  count(key: string): Promise<number>;
}

export class DbAttemptStore implements AttemptStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async hit(key: string, windowSeconds: number): Promise<CounterState> {
    const now = this.clock.now();
    const end = new Date(now.getTime() + windowSeconds * 1000);
    // One atomic upsert: concurrent failures on two replicas both count.
    // ISO strings with a cast: both drivers bind them the same way.
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const endSql = sql`${end.toISOString()}::timestamptz`;
    const expired = sql`${rateCounters.expiresAt} <= ${nowSql}`;
    const [row] = await this.db
      .insert(rateCounters)
      .values({ key, count: 1, windowStart: now, expiresAt: end })
      .onConflictDoUpdate({
        target: rateCounters.key,
        set: {
          count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateCounters.count} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN ${nowSql} ELSE ${rateCounters.windowStart} END`,
          expiresAt: sql`CASE WHEN ${expired} THEN ${endSql} ELSE ${rateCounters.expiresAt} END`,
        },
      })
      .returning({ count: rateCounters.count, expiresAt: rateCounters.expiresAt });
    const resetAt = row?.expiresAt ?? end;
    const secondsLeft = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
    return { count: row?.count ?? 1, resetAt, secondsLeft };
  }

  async undo(key: string): Promise<void> {
    await this.db
      .update(rateCounters)
      .set({ count: sql`${rateCounters.count} - 1` })
      .where(and(eq(rateCounters.key, key), gt(rateCounters.count, 0)));
  }

  async count(key: string): Promise<number> {
    const [row] = await this.db
      .select({ count: rateCounters.count })
      .from(rateCounters)
      .where(
        and(
          eq(rateCounters.key, key),
          gt(rateCounters.expiresAt, sql`${isoTimestamp(this.clock.now())}::timestamptz`),
        ),
      );
    return row?.count ?? 0;
  }

  async clear(key: string): Promise<void> {
    await this.db.delete(rateCounters).where(eq(rateCounters.key, key));
  }
}
