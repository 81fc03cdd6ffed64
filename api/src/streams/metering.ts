/**
 * Trial time, metered by the server (decisions 113 and 150). A trial stream's play is "settled"
 * into the account's counters up to a moment: the wall time since the stream's last settled
 * moment, never past the moment its token expired (the origin served nothing after that), and
 * never wall time the account already counted (subscriptions.trial_metered_at), so two tabs or
 * two streams of one account count once. Heartbeats settle while playing; renewal, close and a
 * new grant settle whatever no heartbeat did, so a missing heartbeat is not free time.
 *
 * Every settlement settles all the account's open streams, oldest mark first: a stream that
 * starts while another plays must not move the account mark past the other's unsettled play.
 *
 * The counters hold whole seconds, but the marks move only as far as the whole seconds counted:
 * the sub-second rest stays behind the marks and is counted by the next settlement, so frequent
 * heartbeats add up to the wall time instead of each rounding to zero.
 */
import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { streams } from './tables';
import { subscriptions } from '../billing';
import type { Executor, SubscriptionRow } from '../billing';

export type StreamRow = typeof streams.$inferSelect;

/** The UTC day the daily allowance counts (decision 113: resets at UTC midnight). */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** What is counted of `playedMs` now, and where the marks move to. */
export function countPlayed(
  from: number,
  end: number,
  until: number,
  final: boolean,
): { seconds: number; countedTo: number; streamMark: number } {
  const playedMs = end - from;
  // Nothing can follow on this stream (it closes, or its token ran out before `until`): the
  // rest has nowhere to be carried, so it is rounded, at most half a second once per stream.
  // The account mark still moves by exactly the seconds counted, so another tab that plays on
  // neither counts a rounded-up part again nor loses a rounded-down one.
  if (final || end < until) {
    const seconds = Math.round(playedMs / 1000);
    return { seconds, countedTo: from + seconds * 1000, streamMark: until };
  }
  const seconds = Math.floor(playedMs / 1000);
  const countedTo = from + seconds * 1000;
  return { seconds, countedTo, streamMark: countedTo };
}

/** What one settlement changes: the streams' marks and the account's trial counters. */
export interface Settlement {
  /** Whole seconds added to the trial counters. */
  seconds: number;
  /** The subscription row after them (the counters moved; unchanged when `seconds` is 0). */
  subscription: SubscriptionRow;
  /** Each metered stream's mark after it, where the mark moves. */
  marks: Map<string, Date>;
}

/**
 * Settles the account's open streams up to `until`, in memory: each within its own lease, oldest
 * mark first (the order `open` is read in), so their play is counted once as a union. `finalId`:
 * the stream that ends here. Nothing is written: `writeSettlement` does that, together with
 * whatever else the caller writes to the stream, so a heartbeat or a renewal is one UPDATE of
 * its stream (decision 373). Paid streams have nothing to count (their marks are never read).
 */
export function settleOpenStreams(
  subscription: SubscriptionRow,
  open: readonly StreamRow[],
  until: Date,
  now: Date,
  finalId: string | null = null,
): Settlement {
  let current = subscription;
  let seconds = 0;
  const marks = new Map<string, Date>();
  for (const stream of open) {
    if (!stream.metered) continue;
    const end = Math.min(until.getTime(), stream.leaseUntil.getTime());
    const from = Math.max(
      stream.lastMeteredAt.getTime(),
      current.trialMeteredAt?.getTime() ?? Number.NEGATIVE_INFINITY,
    );
    const metered = current.state === 'TRIAL' && end > from;
    const counted = metered ? countPlayed(from, end, until.getTime(), stream.id === finalId) : null;
    const mark = Math.max(stream.lastMeteredAt.getTime(), counted?.streamMark ?? until.getTime());
    if (mark !== stream.lastMeteredAt.getTime()) marks.set(stream.id, new Date(mark));
    if (!counted || counted.seconds === 0) continue;
    const day = utcDay(now);
    const today = current.trialDay === day ? current.trialTodaySeconds : 0;
    current = {
      ...current,
      trialUsedSeconds: current.trialUsedSeconds + counted.seconds,
      trialTodaySeconds: today + counted.seconds,
      trialDay: day,
      trialMeteredAt: new Date(counted.countedTo),
    };
    seconds += counted.seconds;
  }
  return { seconds, subscription: current, marks };
}

/** More columns for one stream, written in the same UPDATE as its mark. */
export interface StreamWrite {
  streamId: string;
  set: Partial<Pick<StreamRow, 'leaseUntil' | 'lastSequence' | 'endedAt' | 'stoppedBy'>>;
}

/**
 * Writes a settlement (null: none) and `also` (the caller holds the subscription row lock): one
 * UPDATE per stream that changes, and one of the subscription when seconds were counted.
 */
export async function writeSettlement(
  tx: Executor,
  settlement: Settlement | null,
  also: StreamWrite | null = null,
): Promise<void> {
  const writes = new Map<string, StreamWrite['set'] & { lastMeteredAt?: Date }>();
  for (const [id, mark] of settlement?.marks ?? []) writes.set(id, { lastMeteredAt: mark });
  if (also) writes.set(also.streamId, { ...writes.get(also.streamId), ...also.set });
  const statements: SQL[] = [...writes].map(([id, set]) =>
    tx.update(streams).set(set).where(eq(streams.id, id)).getSQL(),
  );
  if (settlement && settlement.seconds > 0) {
    const { userId, trialUsedSeconds, trialTodaySeconds, trialDay, trialMeteredAt } =
      settlement.subscription;
    // The row is locked and in TRIAL (only a TRIAL row counts seconds): the state guard is a belt.
    const counted = tx
      .update(subscriptions)
      .set({ trialUsedSeconds, trialTodaySeconds, trialDay, trialMeteredAt })
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.state, 'TRIAL')))
      .getSQL();
    // A heartbeat's usual writes, its stream and the seconds, go in one statement: the
    // subscription's UPDATE as a data-modifying CTE, which runs whether or not it is read
    // (decision 375). They touch different rows, so neither needs to see the other's change.
    const last = statements.pop();
    statements.push(last ? sql`WITH counted AS (${counted}) ${last}` : counted);
  }
  for (const statement of statements) await tx.execute(statement);
}

/** An open stream, and whether its device is still registered to the account. */
export type OpenStream = StreamRow & { deviceRegistered: boolean };

/**
 * The account's open streams, oldest mark first (the order settlement needs), each with whether
 * its device is still registered: one round trip serves a heartbeat's or a renewal's stream,
 * its device check (decision 359) and the settlement of all of them (decision 373).
 */
export async function openStreamsOf(tx: Executor, userId: string): Promise<OpenStream[]> {
  return tx
    .select({
      ...getTableColumns(streams),
      // Spelled out: drizzle leaves a column unqualified in a one-table select's fields, and
      // inside the subquery "user_id" would then name the device's own column.
      deviceRegistered: sql<boolean>`EXISTS (SELECT 1 FROM devices d
        WHERE d.user_id = streams.user_id AND d.vidict_id = streams.vidict_id)`,
    })
    .from(streams)
    .where(and(eq(streams.userId, userId), isNull(streams.endedAt)))
    .orderBy(asc(streams.lastMeteredAt), asc(streams.createdAt));
}

/**
 * Settles every open stream of the account up to `until` and writes it, with `also`. Returns
 * the seconds added, the subscription after them and the open streams as read.
 */
export async function settleAccount(
  tx: Executor,
  subscription: SubscriptionRow,
  until: Date,
  now: Date,
  finalId: string | null = null,
  also: StreamWrite | null = null,
): Promise<{ seconds: number; subscription: SubscriptionRow; open: OpenStream[] }> {
  const open = await openStreamsOf(tx, subscription.userId);
  const settlement = settleOpenStreams(subscription, open, until, now, finalId);
  await writeSettlement(tx, settlement, also);
  return { seconds: settlement.seconds, subscription: settlement.subscription, open };
}
