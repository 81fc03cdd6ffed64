/**
 * Screens at a time (issue 23 §2, decision 265): the plan's maxDevices counts SCREENS PLAYING at
 * once, not devices registered. A screen is one playing client as the server sees it (decision
 * 400): the device id it names, the sign-in session (refresh family) that asked, and the network
 * block it plays from (playback-network.ts). Two tabs of one browser share all three and are one
 * screen; a copied device id signed in elsewhere (another session), or used from another
 * network, is another screen. A screen plays while it has a stream that is open (not closed)
 * and whose lease (its current token, renewed at half-life) has not lapsed: a player that stops
 * renewing frees its screen within one token lifetime (120 s by default). A refusal names the
 * devices playing now, and "stop playback there" closes a device's streams from another device.
 * Every function here runs in the caller's transaction holding the account's subscription row
 * lock, so two devices pressing Watch at once see each other: exactly one takes the last screen.
 */
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { deviceName, screensText } from '@crease/contract';
import type { RegisteredDevice, WatchingNow } from '@crease/contract';
import { deviceToWire, devices, maxDevicesFor } from '../billing';
import type { Executor, SubscriptionRow } from '../billing';
import type { BillingConfig } from '../platform/billing-config';
import { ApiError } from './errors';
import { settleAccount } from './metering';
import type { OpenStream, StreamRow } from './metering';
import { streams } from './tables';

type DeviceRow = typeof devices.$inferSelect;

/** What makes a screen: the device id, the session that asked, the network it plays from. */
export type Screen = Pick<StreamRow, 'vidictId' | 'sessionId' | 'network'>;

const screenKey = (s: Screen) => JSON.stringify([s.vidictId, s.sessionId, s.network]);

/** One screen, whatever the tabs: same device id, same session, same network block. */
export const sameScreen = (a: Screen, b: Screen) => screenKey(a) === screenKey(b);

/**
 * The account's screens playing at `now` (other than `besides`), each as its device, once per
 * screen however many tabs it plays in, in the order the devices registered. One device id
 * playing from two sessions or two networks is listed twice: it takes two screens.
 */
export async function devicesPlaying(
  tx: Executor,
  userId: string,
  now: Date,
  besides: Screen | null = null,
): Promise<DeviceRow[]> {
  const rows = await tx
    .select({
      device: devices,
      vidictId: streams.vidictId,
      sessionId: streams.sessionId,
      network: streams.network,
    })
    .from(streams)
    .innerJoin(
      devices,
      and(eq(devices.userId, streams.userId), eq(devices.vidictId, streams.vidictId)),
    )
    .where(and(eq(streams.userId, userId), isNull(streams.endedAt), gt(streams.leaseUntil, now)))
    .orderBy(asc(devices.registeredAt), asc(streams.createdAt));
  const seen = new Map<string, DeviceRow>();
  for (const { device, ...screen } of rows)
    if (!besides || !sameScreen(screen, besides)) seen.set(screenKey(screen), device);
  return [...seen.values()];
}

/** "Chrome on Linux", "Chrome on Linux and Safari on iOS", "A, B and C". */
export function namesOf(list: Pick<RegisteredDevice, 'deviceOs' | 'deviceType'>[]): string {
  const names = list.map(deviceName);
  if (names.length <= 1) return names[0] ?? 'another device';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Refuses `screen` a new place when the plan's screens are all playing elsewhere: 409
 * STREAM_LIMIT_REACHED naming the devices playing now, to offer "stop playback there".
 */
export async function assertScreenFree(
  tx: Executor,
  subscription: SubscriptionRow,
  userId: string,
  screen: Screen,
  billing: BillingConfig,
  now: Date,
  /** The account's open streams, read under the same lock: spares the reads when none plays. */
  open: readonly OpenStream[] | null = null,
): Promise<void> {
  // No other screen playing: one is free, since every plan allows at least one
  // (plans_positive_terms) and so does no plan (CREASE_MAX_DEVICES_WITHOUT_PLAN ≥ 1).
  const othersPlaying = (s: OpenStream) =>
    !sameScreen(s, screen) && s.deviceRegistered && s.leaseUntil > now;
  if (open && !open.some(othersPlaying)) return;
  const max = await maxDevicesFor(tx, subscription, billing, now);
  const playing = await devicesPlaying(tx, userId, now, screen);
  if (playing.length < max) return;
  const screens = screensText(max);
  throw new ApiError(
    'STREAM_LIMIT_REACHED',
    `Your plan allows ${screens} at a time, and ${namesOf(playing.map(deviceToWire))} ${playing.length === 1 ? 'is' : 'are'} playing now. Stop playback there to watch here.`,
    { userId, details: { maxDevices: max, devices: playing.map(deviceToWire) } },
  );
}

/** The account's screens playing now (each as its device) and its screens at a time. */
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
