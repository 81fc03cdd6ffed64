/**
 * The subscription state machine (contract SUBSCRIPTION_STATES, decision 093). Every change of
 * state goes through `transition`, which refuses a move the table does not allow and writes a
 * row to subscription_transitions. Expiry is lazy and exact: whoever reads a subscription whose
 * period has ended on the injectable clock moves it to EXPIRED first.
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { RENEWAL_RETRY_DAYS } from '@crease/contract';
import type { PlanEndReason, SubscriptionState } from '@crease/contract';
import type { Executor } from '../platform/db/client';
import { subscriptionTransitions, subscriptions } from './tables';
import { recordBillingEvent } from './billing-events';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
/** The database or an open transaction. */
export type { Executor } from '../platform/db/client';

/** The only moves there are. */
export const TRANSITIONS: Readonly<Record<SubscriptionState, readonly SubscriptionState[]>> = {
  NONE: ['TRIAL', 'ACTIVE'],
  TRIAL: ['ACTIVE', 'EXPIRED'],
  ACTIVE: ['ACTIVE', 'CANCELLED', 'EXPIRED'],
  CANCELLED: ['ACTIVE', 'CANCELLED', 'EXPIRED'],
  EXPIRED: ['ACTIVE'],
};

/** States that still give access until periodEnd. */
const RUNNING: readonly SubscriptionState[] = ['TRIAL', 'ACTIVE', 'CANCELLED'];

export class IllegalTransitionError extends Error {
  override readonly name = 'IllegalTransitionError';
}

export function canTransition(from: SubscriptionState, to: SubscriptionState): boolean {
  return TRANSITIONS[from].includes(to);
}

export function stateOf(row: SubscriptionRow | null | undefined): SubscriptionState {
  return (row?.state as SubscriptionState | undefined) ?? 'NONE';
}

type Patch = Partial<Omit<SubscriptionRow, 'userId' | 'state' | 'createdAt' | 'updatedAt'>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A renewing subscription whose renewal job has not settled it yet keeps access this long after
 * the period end: the last retry's day plus one (decision 245). The job normally ends it sooner,
 * at the last failed try; this only bounds a job that never ran.
 */
export const RENEWAL_GRACE_DAYS = (RENEWAL_RETRY_DAYS.at(-1) ?? 0) + 1;

/** When access ends: the period end, or later for a renewal that is still being tried. */
export function accessEndsAt(row: SubscriptionRow): Date | null {
  if (!row.periodEnd) return null;
  if (row.renewing && stateOf(row) === 'ACTIVE')
    return new Date(row.periodEnd.getTime() + RENEWAL_GRACE_DAYS * DAY_MS);
  return row.periodEnd;
}

/** Why a running plan that lapsed on its own ended. */
function lapseReason(row: SubscriptionRow): PlanEndReason {
  if (stateOf(row) === 'CANCELLED') return 'CANCELLED';
  return row.renewing ? 'RENEWAL_FAILED' : 'PERIOD_ENDED';
}

/**
 * Moves `row` to `to`. The UPDATE matches the state it read, so a concurrent change makes this
 * one fail instead of silently overwriting it (callers hold the row lock anyway).
 */
export async function transition(
  db: Executor,
  row: SubscriptionRow,
  to: SubscriptionState,
  patch: Patch,
  cause: string,
  now: Date,
): Promise<SubscriptionRow> {
  const from = stateOf(row);
  if (!canTransition(from, to))
    throw new IllegalTransitionError(`subscription ${from} -> ${to} is not allowed (${cause})`);
  const [updated] = await db
    .update(subscriptions)
    .set({ ...patch, state: to, updatedAt: now })
    .where(and(eq(subscriptions.userId, row.userId), eq(subscriptions.state, from)))
    .returning();
  if (!updated) throw new IllegalTransitionError(`subscription changed concurrently (${cause})`);
  await db
    .insert(subscriptionTransitions)
    .values({ userId: row.userId, fromState: from, toState: to, cause, at: now });
  return updated;
}

/** EXPIRED if the period ended on `now`; otherwise the row as it is. */
async function lapseIfEnded(
  db: Executor,
  row: SubscriptionRow,
  now: Date,
): Promise<SubscriptionRow> {
  const state = stateOf(row);
  const end = accessEndsAt(row);
  if (RUNNING.includes(state) && end && row.periodEnd && end <= now) {
    // Conditional on the state it read: two readers lapsing at once write one transition.
    const [lapsed] = await db
      .update(subscriptions)
      .set({
        state: 'EXPIRED',
        endedReason: lapseReason(row),
        renewing: false,
        nextRenewalAt: null,
        updatedAt: now,
      })
      .where(and(eq(subscriptions.userId, row.userId), eq(subscriptions.state, state)))
      .returning();
    if (!lapsed) return (await readSubscription(db, row.userId, now)) ?? row;
    await recordBillingEvent(db, {
      userId: row.userId,
      type: 'plan.ended',
      dedupeKey: `${row.userId}:${row.periodEnd.toISOString()}`,
      payload: { planId: row.planId, reason: lapsed.endedReason, periodEnd: row.periodEnd },
      at: now,
    });
    await db.insert(subscriptionTransitions).values({
      userId: row.userId,
      fromState: state,
      toState: 'EXPIRED',
      cause: 'expiry',
      at: now,
    });
    return lapsed;
  }
  return row;
}

/** The account's subscription on `now` (null: never had one, state NONE). No lock. */
export async function readSubscription(
  db: Executor,
  userId: string,
  now: Date,
): Promise<SubscriptionRow | null> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ? lapseIfEnded(db, row, now) : null;
}

/**
 * The subscription row (lapsed as `readSubscription` does) and whether `vidictId` is a device of
 * the account, in one round trip: the entitlement a player reads before every grant (decision
 * 375). `registered` is null when the account has no row yet; the caller then asks the devices.
 */
export async function readSubscriptionAndDevice(
  db: Executor,
  userId: string,
  vidictId: string,
  now: Date,
): Promise<{ row: SubscriptionRow | null; registered: boolean | null }> {
  const [found] = await db
    .select({
      ...getTableColumns(subscriptions),
      // Spelled out and qualified: inside the subquery "user_id" would name the device's column.
      registered: sql<boolean>`EXISTS (SELECT 1 FROM devices d
        WHERE d.user_id = subscriptions.user_id AND d.vidict_id = ${vidictId})`,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (!found) return { row: null, registered: null };
  const { registered, ...row } = found;
  return { row: await lapseIfEnded(db, row, now), registered: registered === true };
}

/**
 * The subscription row, created in NONE if missing, locked for the rest of the caller's
 * transaction (FOR UPDATE), with an ended period lapsed first. The row nearly always exists
 * (every renewal and heartbeat of a watching account), so it is locked first and created only
 * when missing: one round trip instead of two on the hottest calls (decision 359). Two callers
 * that both find it missing both insert with ON CONFLICT DO NOTHING; the second waits for the
 * first to commit and then locks the row it made, as before.
 */
export async function lockSubscription(
  tx: Executor,
  userId: string,
  now: Date,
): Promise<SubscriptionRow> {
  const existing = await selectForUpdate(tx, userId);
  if (existing) return lapseIfEnded(tx, existing, now);
  await tx.execute(sql`
    INSERT INTO subscriptions (user_id, state, created_at, updated_at)
    VALUES (${userId}, 'NONE', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    ON CONFLICT (user_id) DO NOTHING`);
  const row = await selectForUpdate(tx, userId);
  if (!row) throw new Error(`subscription row for ${userId} vanished`);
  return lapseIfEnded(tx, row, now);
}

async function selectForUpdate(tx: Executor, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for('update');
  return row;
}

/** Entitled now: a running state whose period has not ended. */
export function isEntitled(row: SubscriptionRow | null, now: Date): boolean {
  if (!row || !RUNNING.includes(stateOf(row))) return false;
  const end = accessEndsAt(row);
  return !!end && end > now;
}
