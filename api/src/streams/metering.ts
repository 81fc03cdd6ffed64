/**
 * Trial time, metered by the server (decision 113). A trial stream's play is "settled" into the
 * account's counters up to a moment: the wall time since the stream's last settled moment, never
 * past the moment its token expired (the origin served nothing after that), and never wall time
 * the account already counted (subscriptions.trial_metered_at), so two tabs or two streams of
 * one account count once. Heartbeats settle while playing; renewal, close and a new grant settle
 * whatever no heartbeat did, so a missing heartbeat is not free time.
 */
import { and, eq } from 'drizzle-orm';
import { streams, subscriptions } from '../db/schema';
import type { Executor, SubscriptionRow } from '../billing/subscription-machine';

export type StreamRow = typeof streams.$inferSelect;

/** The UTC day the daily allowance counts (decision 113: resets at UTC midnight). */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Settles `stream` up to `until` (the caller holds the subscription row lock). Returns the whole
 * seconds added to the trial counters, 0 for an unmetered stream or a subscription not in TRIAL.
 */
export async function settle(
  tx: Executor,
  subscription: SubscriptionRow,
  stream: StreamRow,
  until: Date,
  now: Date,
): Promise<{ seconds: number; subscription: SubscriptionRow }> {
  const end = Math.min(until.getTime(), stream.leaseUntil.getTime());
  const from = Math.max(
    stream.lastMeteredAt.getTime(),
    subscription.trialMeteredAt?.getTime() ?? Number.NEGATIVE_INFINITY,
  );
  const settledTo = new Date(Math.max(stream.lastMeteredAt.getTime(), until.getTime()));
  await tx.update(streams).set({ lastMeteredAt: settledTo }).where(eq(streams.id, stream.id));
  stream.lastMeteredAt = settledTo;
  if (!stream.metered || subscription.state !== 'TRIAL' || end <= from)
    return { seconds: 0, subscription };
  const seconds = Math.round((end - from) / 1000);
  const day = utcDay(now);
  const today = subscription.trialDay === day ? subscription.trialTodaySeconds : 0;
  const [updated] = await tx
    .update(subscriptions)
    .set({
      trialUsedSeconds: subscription.trialUsedSeconds + seconds,
      trialTodaySeconds: today + seconds,
      trialDay: day,
      trialMeteredAt: new Date(end),
    })
    .where(and(eq(subscriptions.userId, subscription.userId), eq(subscriptions.state, 'TRIAL')))
    .returning();
  return { seconds, subscription: updated ?? subscription };
}
