/**
 * Screens at a time (issue 23 §2, decision 265): the plan's maxDevices counts devices PLAYING at
 * once, not devices registered. A device plays while it has a stream that is open (not closed)
 * and whose lease (its current token, renewed at half-life) has not lapsed: a player that stops
 * renewing frees its screen within one token lifetime (120 s by default). A refusal names the
 * devices playing now, and "stop playback there" closes a device's streams from another device.
 * Every function here runs in the caller's transaction holding the account's subscription row
 * lock, so two devices pressing Watch at once see each other: exactly one takes the last screen.
 */
import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import { deviceName } from '@crease/contract';
import type { RegisteredDevice, WatchingNow } from '@crease/contract';
import { deviceToWire, devices, maxDevicesFor } from '../billing';
import type { Executor, SubscriptionRow } from '../billing';
import type { BillingConfig } from '../platform/billing-config';
import { ApiError } from './errors';
import { settleAccount } from './metering';
import type { OpenStream } from './metering';
import { streams } from './tables';

type DeviceRow = typeof devices.$inferSelect;

/**
 * The account's devices playing at `now` (other than `besides`), each once however many tabs
 * it plays in, in the order they registered.
 */
export async function devicesPlaying(
  tx: Executor,
  userId: string,
  now: Date,
  besides: string | null = null,
): Promise<DeviceRow[]> {
  const rows = await tx
    .select({ device: devices })
    .from(streams)
    .innerJoin(
      devices,
      and(eq(devices.userId, streams.userId), eq(devices.vidictId, streams.vidictId)),
    )
    .where(
      and(
        eq(streams.userId, userId),
        isNull(streams.endedAt),
        gt(streams.leaseUntil, now),
        besides === null ? undefined : ne(streams.vidictId, besides),
      ),
    )
    .orderBy(asc(devices.registeredAt));
  const seen = new Map<string, DeviceRow>();
  for (const { device } of rows) seen.set(device.vidictId, device);
  return [...seen.values()];
}

/** "Chrome on Linux", "Chrome on Linux and Safari on iOS", "A, B and C". */
export function namesOf(list: Pick<RegisteredDevice, 'deviceOs' | 'deviceType'>[]): string {
  const names = list.map(deviceName);
  if (names.length <= 1) return names[0] ?? 'another device';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Refuses `vidictId` a new screen when the plan's screens are all playing elsewhere: 409
 * STREAM_LIMIT_REACHED naming the devices playing now, to offer "stop playback there".
 */
export async function assertScreenFree(
  tx: Executor,
  subscription: SubscriptionRow,
  userId: string,
  vidictId: string,
  billing: BillingConfig,
  now: Date,
  /** The account's open streams, read under the same lock: spares the reads when none plays. */
  open: readonly OpenStream[] | null = null,
): Promise<void> {
  // No other device playing: a screen is free, since every plan allows at least one
  // (plans_positive_terms) and so does no plan (CREASE_MAX_DEVICES_WITHOUT_PLAN ≥ 1).
  const othersPlaying = (s: OpenStream) =>
    s.vidictId !== vidictId && s.deviceRegistered && s.leaseUntil > now;
  if (open && !open.some(othersPlaying)) return;
  const max = await maxDevicesFor(tx, subscription, billing, now);
  const playing = await devicesPlaying(tx, userId, now, vidictId);
  if (playing.length < max) return;
  const screens = `${max} screen${max === 1 ? '' : 's'}`;
  throw new ApiError(
    'STREAM_LIMIT_REACHED',
    `Your plan allows ${screens} at a time, and ${namesOf(playing.map(deviceToWire))} ${playing.length === 1 ? 'is' : 'are'} playing now. Stop playback there to watch here.`,
    { userId, details: { maxDevices: max, devices: playing.map(deviceToWire) } },
  );
}

/** The account's devices playing now and its screens at a time (GET watching). */
export async function watchingNow(
  tx: Executor,
  subscription: SubscriptionRow | null,
  userId: string,
  billing: BillingConfig,
  now: Date,
): Promise<WatchingNow> {
  return {
    maxDevices: await maxDevicesFor(tx, subscription, billing, now),
    devices: (await devicesPlaying(tx, userId, now)).map(deviceToWire),
  };
}

/**
 * "Stop playback there": closes every open stream of `vidictId`, settling trial play to now
 * first (each stream as a close, decision 150), and records `stoppedBy` (the device that asked)
 * so that device's player is told why. The origin refuses the closed streams' tokens within
 * 3 s (decision 151). Stopping a device that plays nothing is done already: no error.
 */
export async function stopPlaybackOn(
  tx: Executor,
  subscription: SubscriptionRow,
  vidictId: string,
  stoppedBy: string | null,
  now: Date,
): Promise<number> {
  const open = await tx
    .select({ id: streams.id })
    .from(streams)
    .where(
      and(
        eq(streams.userId, subscription.userId),
        eq(streams.vidictId, vidictId),
        isNull(streams.endedAt),
      ),
    );
  let current = subscription;
  for (const { id } of open) {
    // Settled as a close, and closed in the same UPDATE as its mark.
    const also = { streamId: id, set: { endedAt: now, stoppedBy } };
    current = (await settleAccount(tx, current, now, now, id, also)).subscription;
  }
  return open.length;
}

/**
 * STREAM_NOT_FOUND for a stream that is not open. When another device stopped it, the message
 * says so and names that device, so the viewer here knows nothing is broken.
 */
export async function streamGone(
  tx: Executor,
  userId: string,
  streamId: string,
): Promise<ApiError> {
  const [stopped] = await tx
    .select({ stoppedBy: streams.stoppedBy, device: devices })
    .from(streams)
    .leftJoin(
      devices,
      and(eq(devices.userId, streams.userId), eq(devices.vidictId, streams.stoppedBy)),
    )
    .where(and(eq(streams.id, streamId), eq(streams.userId, userId)));
  if (!stopped?.stoppedBy) return new ApiError('STREAM_NOT_FOUND', undefined, { userId });
  const from = stopped.device
    ? `from ${deviceName(stopped.device)}, another of your devices`
    : 'from another of your devices';
  return new ApiError(
    'STREAM_NOT_FOUND',
    `Playback here was stopped ${from}. Try again to play here.`,
    { userId },
  );
}
