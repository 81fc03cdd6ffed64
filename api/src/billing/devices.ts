/**
 * Registered devices (SPEC §3 device registration): an account may have as many as its plan's
 * maxDevices; one more is a 409 that lists them, so the screen can offer "sign out that device".
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
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
  };
}

export async function listDevices(db: Pick<Db, 'select'>, userId: string): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(asc(devices.registeredAt));
}

/** The plan's maxDevices while it gives access; a small allowance without one. */
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
 * Registers (201, `created`) or refreshes (200) a device. The caller's transaction holds the
 * account's subscription row lock, so two devices registering at once cannot both take the last place.
 */
export async function registerDevice(
  tx: Executor,
  userId: string,
  device: DeviceRegistration,
  maxDevices: number,
  now: Date,
): Promise<{ created: boolean; device: DeviceRow }> {
  const [known] = await tx
    .update(devices)
    .set({
      deviceOs: device.deviceOs,
      deviceType: device.deviceType,
      appVersion: device.appVersion,
      userAgent: device.userAgent,
      lastSeenAt: now,
    })
    .where(and(eq(devices.userId, userId), eq(devices.vidictId, device.vidictId)))
    .returning();
  if (known) return { created: false, device: known };
  const current = await listDevices(tx, userId);
  if (current.length >= maxDevices)
    throw new ApiError(
      'DEVICE_LIMIT_REACHED',
      `Your plan allows ${maxDevices} device${maxDevices === 1 ? '' : 's'}. Sign out one of your devices to use this one.`,
      { userId, details: { maxDevices, devices: current.map(deviceToWire) } },
    );
  const [created] = await tx
    .insert(devices)
    .values({ userId, ...device, registeredAt: now, lastSeenAt: now })
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
