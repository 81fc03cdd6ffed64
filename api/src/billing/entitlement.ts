/**
 * The one entitlement answer (docs/architecture.md §8): may this account watch now, on this device, and
 * if not, why. Screens poll it; the stream origin asks it. Nothing in the browser decides.
 */
import type { Entitlement, EntitlementReason } from '@crease/contract';
import type { Db } from '../platform/db/client';
import type { BillingConfig } from '../platform/billing-config';
import { isRegistered } from './devices';
import { findPlan } from './plans';
import { readSubscription, readSubscriptionAndDevice, stateOf } from './subscription-machine';
import type { SubscriptionRow } from './subscription-machine';
import { trialSecondsLeft } from './subscriptions';
import { passPlaying } from './passes/pass-ownership';
import { getEvent } from '../catalog';

/** The pass that plays `event` for `userId`, if any (a match hidden from viewers: none). */
async function passFor(db: Db, userId: string, event: { eventId: string; leagueId?: string }) {
  const leagueId =
    event.leagueId ?? (await getEvent(db, event.eventId).catch(() => null))?.leagueId ?? null;
  return leagueId === null ? null : passPlaying(db, userId, event.eventId, leagueId);
}

export async function entitlementFor(
  db: Db,
  user: { id: string; active: boolean },
  vidictId: string | null,
  billing: BillingConfig,
  now: Date,
  /**
   * The account's subscription row as the caller's transaction holds it (locked and lapsed by
   * `lockSubscription`): the stream calls pass it rather than read the row a second time.
   */
  held?: SubscriptionRow,
  /**
   * Whether `vidictId` is a device of the account, when the caller read it already in the same
   * transaction (a renewal reads it with its stream: one round trip fewer, decision 359).
   */
  knownRegistered?: boolean,
  /**
   * The match asked about (a stream of it): a pass for it, or for its league's season, lets an
   * account play it that no plan lets play (issue 34 §3, decision 453). The league is read from
   * the catalog when the caller does not know it.
   */
  event?: { eventId: string; leagueId?: string },
): Promise<Entitlement> {
  let row: SubscriptionRow | null | undefined = held;
  let registered = knownRegistered;
  if (row === undefined && vidictId !== null && registered === undefined) {
    // The row and the device in one round trip (decision 375).
    const read = await readSubscriptionAndDevice(db, user.id, vidictId, now);
    row = read.row;
    registered = read.registered ?? undefined;
  } else if (row === undefined) row = await readSubscription(db, user.id, now);
  const state = stateOf(row);
  let reason: EntitlementReason;
  let trial: { overall: number; today: number } | null = null;
  if (!user.active) reason = 'ACCOUNT_INACTIVE';
  else if (state === 'NONE') reason = 'NO_PLAN';
  else if (state === 'EXPIRED') {
    const plan = row?.planId ? await findPlan(db, row.planId) : undefined;
    reason = plan?.trial ? 'TRIAL_EXPIRED' : 'PLAN_EXPIRED';
  } else if (state === 'TRIAL') {
    trial = trialSecondsLeft(row, billing, now);
    reason =
      trial.overall <= 0 ? 'TRIAL_TIME_USED' : trial.today <= 0 ? 'TRIAL_DAILY_TIME_USED' : 'TRIAL';
  } else reason = state === 'CANCELLED' ? 'CANCELLED_UNTIL_PERIOD_END' : 'ACTIVE_PLAN';

  let entitled =
    reason === 'ACTIVE_PLAN' || reason === 'TRIAL' || reason === 'CANCELLED_UNTIL_PERIOD_END';
  // A pass plays its match with no plan, and in place of trial time (never metered).
  if (event && user.active && (!entitled || reason === 'TRIAL')) {
    const pass = await passFor(db, user.id, event);
    if (pass) {
      entitled = true;
      reason = pass === 'MATCH' ? 'MATCH_PASS' : 'SEASON_PASS';
      trial = null;
    }
  }
  let deviceRegistered: boolean | null = null;
  if (vidictId !== null) {
    deviceRegistered = registered ?? (await isRegistered(db, user.id, vidictId));
    if (entitled && !deviceRegistered) {
      entitled = false;
      reason = 'DEVICE_NOT_REGISTERED';
    }
  }
  return {
    entitled,
    reason,
    state,
    planId: row?.planId ?? null,
    periodEnd: row?.periodEnd?.toISOString() ?? null,
    trialSecondsLeft: trial?.overall ?? null,
    trialTodaySecondsLeft: trial?.today ?? null,
    vidictId,
    deviceRegistered,
    checkedAt: now.toISOString(),
  };
}
