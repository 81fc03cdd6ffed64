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
import { and, asc, eq, isNull } from 'drizzle-orm';
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

/**
 * Settles `stream` up to `until` (the caller holds the subscription row lock). `final`: the
 * stream ends here (close, refused renewal). Returns the whole seconds added to the trial
 * counters, 0 for an unmetered stream or a subscription not in TRIAL.
 */
export async function settle(
  tx: Executor,
  subscription: SubscriptionRow,
  stream: StreamRow,
  until: Date,
  now: Date,
  final = false,
): Promise<{ seconds: number; subscription: SubscriptionRow }> {
  const end = Math.min(until.getTime(), stream.leaseUntil.getTime());
  const from = Math.max(
    stream.lastMeteredAt.getTime(),
    subscription.trialMeteredAt?.getTime() ?? Number.NEGATIVE_INFINITY,
  );
  const metered = stream.metered && subscription.state === 'TRIAL' && end > from;
  const counted = metered ? countPlayed(from, end, until.getTime(), final) : null;
  const settledTo = new Date(
    Math.max(stream.lastMeteredAt.getTime(), counted?.streamMark ?? until.getTime()),
  );
  await tx.update(streams).set({ lastMeteredAt: settledTo }).where(eq(streams.id, stream.id));
  stream.lastMeteredAt = settledTo;
  if (!counted || counted.seconds === 0) return { seconds: 0, subscription };
  const { seconds } = counted;
  const day = utcDay(now);
  const today = subscription.trialDay === day ? subscription.trialTodaySeconds : 0;
  const [updated] = await tx
    .update(subscriptions)
    .set({
      trialUsedSeconds: subscription.trialUsedSeconds + seconds,
      trialTodaySeconds: today + seconds,
      trialDay: day,
      trialMeteredAt: new Date(counted.countedTo),
    })
    .where(and(eq(subscriptions.userId, subscription.userId), eq(subscriptions.state, 'TRIAL')))
    .returning();
  return { seconds, subscription: updated ?? subscription };
}

/**
 * Settles every open stream of the account up to `until` (each within its own lease), oldest
 * mark first, so their play is counted once as a union. `finalId`: the stream that ends here.
 * Returns the seconds added, the subscription after them and the open streams as settled.
 */
export async function settleAccount(
  tx: Executor,
  subscription: SubscriptionRow,
  until: Date,
  now: Date,
  finalId: string | null = null,
): Promise<{ seconds: number; subscription: SubscriptionRow; open: StreamRow[] }> {
  const open = await tx
    .select()
    .from(streams)
    .where(and(eq(streams.userId, subscription.userId), isNull(streams.endedAt)))
    .orderBy(asc(streams.lastMeteredAt), asc(streams.createdAt));
  let current = subscription;
  let seconds = 0;
  // Paid streams have nothing to count (their marks are never read).
  for (const stream of open.filter((s) => s.metered)) {
    const settled = await settle(tx, current, stream, until, now, stream.id === finalId);
    seconds += settled.seconds;
    current = settled.subscription;
  }
  return { seconds, subscription: current, open };
}
