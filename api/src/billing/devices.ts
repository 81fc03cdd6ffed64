/**
 * Registered devices (docs/product.md §3 device registration): every browser the account signs in on is
 * registered, never refused for the plan's limit. The plan's maxDevices counts screens playing at
 * once (streams, decision 265); a device unseen for UNSEEN_DEVICE_DAYS drops off the list.
 */
import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { DEVICE_NAME_MAX } from '@crease/contract';
import type { DeviceRegistration, RegisteredDevice } from '@crease/contract';
import type { Db } from '../platform/db/client';
import { devices } from './tables';
import { refreshFamilies } from '../accounts';
import { ApiError } from './errors';
import type { BillingConfig } from '../platform/billing-config';
import { findPlan } from './plans';
import { isEntitled } from './subscription-machine';
import type { Executor, SubscriptionRow } from './subscription-machine';

type DeviceRow = typeof devices.$inferSelect;

export function deviceToWire(row: DeviceRow): RegisteredDevice {
  return {
    vidictId: row.vidictId,
    deviceOs: row.deviceOs as RegisteredDevice['deviceOs'],
    deviceType: row.deviceType as RegisteredDevice['deviceType'],
    appVersion: row.appVersion,
    userAgent: row.userAgent,
    registered: row.registeredAt.toISOString(),
    lastSeen: row.lastSeenAt.toISOString(),
    name: row.name,
    lastNetwork: row.lastNetwork,
  };
}

/**
 * A device's own name, as the viewer typed it: trimmed, spaces collapsed, at most
 * DEVICE_NAME_MAX characters, no control characters (it is shown in pages and mails). Empty
 * gives the browser's name back (null). A name that does not fit is refused, not cut.
 */
export function cleanDeviceName(typed: string | null): string | null {
  if (typed === null) return null;
  const name = typed.replace(/\s+/g, ' ').trim();
  if (name === '') return null;
  // eslint-disable-next-line no-control-regex -- the point is to find them
  if (name.length > DEVICE_NAME_MAX || /[\u0000-\u001f\u007f-\u009f]/.test(name))
    throw new ApiError('DEVICE_NAME_INVALID');
  return name;
}

/** Names one of the account's devices; the row as it is now, or DEVICE_NOT_FOUND. */
export async function renameDevice(
  db: Pick<Db, 'update'>,
  userId: string,
  vidictId: string,
  name: string | null,
): Promise<DeviceRow> {
  const [renamed] = await db
    .update(devices)
    .set({ name })
    .where(and(eq(devices.userId, userId), eq(devices.vidictId, vidictId)))
    .returning();
  if (!renamed) throw new ApiError('DEVICE_NOT_FOUND');
  return renamed;
}

export async function listDevices(db: Pick<Db, 'select'>, userId: string): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(asc(devices.registeredAt));
}

/** Screens at a time: the plan's maxDevices while it gives access; a small allowance without one. */
export async function maxDevicesFor(
  db: Pick<Db, 'select'>,
  subscription: SubscriptionRow | null,
  billing: BillingConfig,
  now: Date,
): Promise<number> {
  if (!subscription?.planId || !isEntitled(subscription, now)) return billing.maxDevicesWithoutPlan;
  const plan = await findPlan(db, subscription.planId);
  return plan?.maxDevices ?? billing.maxDevicesWithoutPlan;
}

/**
 * Registers (201, `created`) or refreshes (200) a device. Never refused for the plan's limit:
 * a registration is a name for the list, and a screen is taken only by playing (decision 265).
 * The caller's transaction holds the account's subscription row lock, so a registration racing
 * with that device's sign-out lands wholly before or after it.
 */
export async function registerDevice(
  tx: Executor,
  userId: string,
  device: DeviceRegistration,
  now: Date,
  /** Where it is, approximately ("203.0.113.x"), if known. */
  network: string | null = null,
): Promise<{ created: boolean; device: DeviceRow }> {
  const [known] = await tx
    .update(devices)
    .set({
      deviceOs: device.deviceOs,
      deviceType: device.deviceType,
      appVersion: device.appVersion,
      userAgent: device.userAgent,
      lastSeenAt: now,
      ...(network ? { lastNetwork: network } : {}),
    })
    .where(and(eq(devices.userId, userId), eq(devices.vidictId, device.vidictId)))
    .returning();
  if (known) return { created: false, device: known };
  const [created] = await tx
    .insert(devices)
    .values({ userId, ...device, registeredAt: now, lastSeenAt: now, lastNetwork: network })
    .returning();
  if (!created) throw new Error('device insert returned nothing');
  return { created: true, device: created };
}

/**
 * Binds the caller's sign-in session (its refresh family, the access token's `sid`) to the device
 * it registered as, so signing that device out can end the session too (decision 104). Run in
 * the registration's transaction: a session revoked meanwhile (that device signed out while it
 * was registering again) is refused, and the registration with it.
 */
export async function bindSessionToDevice(
  tx: Executor,
  userId: string,
  familyId: string,
  vidictId: string,
): Promise<void> {
  const bound = await tx
    .update(refreshFamilies)
    .set({ vidictId })
    .where(
      and(
        eq(refreshFamilies.id, familyId),
        eq(refreshFamilies.userId, userId),
        isNull(refreshFamilies.revokedAt),
      ),
    )
    .returning({ id: refreshFamilies.id });
  if (bound.length === 0) throw new ApiError('UNAUTHORIZED');
}

/**
 * "Sign out that device": removes its registration and ends every sign-in session bound to it
 * (decision 104). Its refresh tokens are refused from now on, and so are its access tokens, since
 * every authenticated call checks that the token's session is live. Run in the transaction that
 * holds the account's subscription row lock, like registrations, so a registration racing with
 * the sign-out lands wholly before or wholly after it.
 */
export async function signOutDevice(
  tx: Pick<Db, 'delete' | 'update'>,
  userId: string,
  vidictId: string,
  now: Date,
): Promise<void> {
  const removed = await tx
    .delete(devices)
    .where(and(eq(devices.userId, userId), eq(devices.vidictId, vidictId)))
    .returning({ vidictId: devices.vidictId });
  if (removed.length === 0) throw new ApiError('DEVICE_NOT_FOUND');
  await tx
    .update(refreshFamilies)
    .set({ revokedAt: now, revokedReason: 'device-sign-out' })
    .where(
      and(
        eq(refreshFamilies.userId, userId),
        eq(refreshFamilies.vidictId, vidictId),
        isNull(refreshFamilies.revokedAt),
      ),
    );
}

export async function isRegistered(
  db: Pick<Db, 'select'>,
  userId: string,
  vidictId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ vidictId: devices.vidictId })
    .from(devices)
    .where(and(eq(devices.userId, userId), eq(devices.vidictId, vidictId)));
  return !!row;
}

/** A device nobody has signed in or played on for this long drops off the account's list. */
export const UNSEEN_DEVICE_DAYS = 90;

/**
 * Marks the device seen now (a stream grant): the devices in use never drop off the list. Answers
 * whether the account has the device, so a grant learns both in one statement (decision 374).
 */
export async function markDeviceSeen(
  tx: Pick<Db, 'update'>,
  userId: string,
  vidictId: string,
  now: Date,
): Promise<boolean> {
  const touched = await tx
    .update(devices)
    .set({ lastSeenAt: now })
    .where(and(eq(devices.userId, userId), eq(devices.vidictId, vidictId)))
    .returning({ vidictId: devices.vidictId });
  return touched.length > 0;
}

/**
 * Housekeeping on the API's injectable clock: forgets devices unseen for UNSEEN_DEVICE_DAYS
 * before `now`, `batchSize` at a time (at most `maxBatches` batches a pass), and answers how
 * many. Safe with several replicas at once: each DELETE re-checks `last_seen_at` on the row it
 * deletes, so a device seen meanwhile (a registration or a grant that locked the row first)
 * stays, and a row two replicas both pick is deleted once. Its sessions are left alone: a
 * browser back after months registers again on its next page, as any browser does.
 */
export async function forgetUnseenDevices(
  db: Pick<Db, 'select' | 'delete'>,
  now: Date,
  { batchSize = 500, maxBatches = 20 } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNSEEN_DEVICE_DAYS * 86_400_000);
  let forgotten = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const stale = await db
      .select({ userId: devices.userId, vidictId: devices.vidictId })
      .from(devices)
      .where(lt(devices.lastSeenAt, cutoff))
      .limit(batchSize);
    if (stale.length === 0) break;
    for (const [userId, ids] of groupByUser(stale)) {
      const removed = await db
        .delete(devices)
        .where(
          and(
            eq(devices.userId, userId),
            inArray(devices.vidictId, ids),
            lt(devices.lastSeenAt, cutoff),
          ),
        )
        .returning({ vidictId: devices.vidictId });
      forgotten += removed.length;
    }
    if (stale.length < batchSize) break;
  }
  return forgotten;
}

function groupByUser(rows: { userId: string; vidictId: string }[]): Map<string, string[]> {
  const byUser = new Map<string, string[]>();
  for (const { userId, vidictId } of rows)
    byUser.set(userId, [...(byUser.get(userId) ?? []), vidictId]);
  return byUser;
}
