/**
 * Stream access (issue 12, docs/streams.md): the product contract's Edge stream request becomes a Channel
 * stream with a signed playback URL, only when the one entitlement answer says this account may
 * watch now on this registered device, within its plan's maxDevices screens playing at once
 * (screens.ts). Tokens
 * are renewed on the same rule; trial streams are metered (metering.ts). Each operation runs in
 * one transaction holding the account's subscription row lock, so two tabs asking at once cannot
 * both take the last place or count the same seconds twice.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { AUTO_BITRATE_NAME, ORIGIN_PATHS, RENDITIONS, STREAM_TOKEN_PARAM } from '@crease/contract';
import type {
  Entitlement,
  HeartbeatResult,
  StreamGrant,
  StreamHeartbeat,
  StreamRequest,
  StreamToken,
  VideoQuality,
  WatchingNow,
} from '@crease/contract';
import { markDeviceSeen } from '../billing';
import { entitlementFor } from '../billing';
import { lockSubscription, readSubscription } from '../billing';
import type { Executor, SubscriptionRow } from '../billing';
import { getEventWithApplication } from '../catalog';
import type { Db } from '../platform/db/client';
import { streams } from './tables';
import { ApiError } from './errors';
import { openStreamsOf, settleOpenStreams, writeSettlement } from './metering';
import { assertScreenFree, stopPlaybackOn, streamGone, watchingNow } from './screens';
import type { OpenStream } from './metering';
import { renewPaidLeaseAtOnce } from './paid-renewal';
import { closeUnmeteredAtOnce } from './unmetered-close';
import { issue } from './stream-lease';
import type { StreamContext } from './stream-lease';

export type { StreamContext } from './stream-lease';

/** A heartbeat "sent" later than this beyond the server's now is from the future: it counts zero. */
export const HEARTBEAT_FUTURE_SKEW_MS = 5_000;
/** The application folder the origin serves channels under (ChannelStream.streamApp). */
export const STREAM_APP = 'live';

interface Account {
  id: string;
  active: boolean;
  /** The sign-in session (refresh family) of the access token: part of a screen (decision 400). */
  sid: string;
}

type Tx = Executor & Pick<Db, 'delete'>;

function bitrateNameFor(quality: VideoQuality): string {
  return RENDITIONS.find((r) => r.quality === quality)?.name ?? AUTO_BITRATE_NAME;
}

function notEntitled(entitlement: Entitlement, userId: string): ApiError {
  const messages: Partial<Record<Entitlement['reason'], string>> = {
    NO_PLAN: 'Choose a plan or start your free trial to watch.',
    TRIAL_TIME_USED: 'Your free trial time is used up. Choose a plan to keep watching.',
    TRIAL_DAILY_TIME_USED:
      "You have watched today's free trial time. Come back tomorrow or choose a plan.",
    TRIAL_EXPIRED: 'Your free trial has ended. Choose a plan to keep watching.',
    PLAN_EXPIRED: 'Your plan has ended. Renew it to keep watching.',
    DEVICE_NOT_REGISTERED: 'This device is signed out of your account. Sign in again to watch.',
    ACCOUNT_INACTIVE: 'This account is not active.',
  };
  return new ApiError('NOT_ENTITLED', messages[entitlement.reason], {
    userId,
    details: { reason: entitlement.reason },
  });
}

function playlistUrl(ctx: StreamContext, application: string, channelId: string, token: string) {
  const path = ORIGIN_PATHS.multivariant
    .replace(':application', encodeURIComponent(application))
    .replace(':channelId', encodeURIComponent(channelId));
  return `${ctx.edge}${path}?${STREAM_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/** Settles the account's open streams and closes those whose lease has passed. */
async function settleAndCloseLapsed(
  tx: Tx,
  subscription: SubscriptionRow,
  open: OpenStream[],
  now: Date,
) {
  const settlement = settleOpenStreams(subscription, open, now, now);
  await writeSettlement(tx, settlement);
  const lapsed = open.filter((stream) => stream.leaseUntil <= now);
  if (lapsed.length > 0)
    await tx
      .update(streams)
      .set({ endedAt: now })
      .where(
        inArray(
          streams.id,
          lapsed.map((s) => s.id),
        ),
      );
  return settlement.subscription;
}

/**
 * A device that is not registered to the account (signed out, or forgotten after months unseen):
 * without a plan or trial time that is the answer; otherwise the request is malformed (the shell
 * registers the browser on its next page, and registration is never refused for the limit).
 */
function unregistered(entitlement: Entitlement, userId: string): ApiError {
  if (entitlement.reason !== 'DEVICE_NOT_REGISTERED') return notEntitled(entitlement, userId);
  return new ApiError(
    'DEVICE_NOT_REGISTERED',
    'Field "vidictId" is not a device registered to this account. Register this device first.',
    { userId, status: 400 },
  );
}

/** The entitlement on the subscription row this transaction holds (no second read of it). */
async function entitlementNow(
  tx: Tx,
  user: Account,
  vidictId: string,
  ctx: StreamContext,
  held: SubscriptionRow,
  knownRegistered: boolean | undefined,
  /** The match played: a pass for it counts (decision 453). */
  event: { eventId: string; leagueId?: string },
) {
  const db = tx as unknown as Db;
  return entitlementFor(db, user, vidictId, ctx.billing, ctx.now, held, knownRegistered, event);
}

/**
 * A stream grant: the event and its league's application, then under the account's lock the open
 * streams (settled, lapsed ones closed), the device (touched and known in one statement), the
 * entitlement and a free screen, and the new stream. A refusal thrown inside rolls it all back.
 * In the usual case (no other device playing) that is 8 statements (decision 374).
 */
export async function grantStream(
  ctx: StreamContext,
  user: Account,
  request: StreamRequest,
): Promise<StreamGrant> {
  const { event, application } = await getEventWithApplication(ctx.db, request.pk);

  return ctx.db.transaction(async (tx) => {
    let subscription = await lockSubscription(tx, user.id, ctx.now);
    const open = await openStreamsOf(tx, user.id);
    subscription = await settleAndCloseLapsed(tx, subscription, open, ctx.now);
    // A device that plays is in use: it never drops off the list as unseen.
    const registered = await markDeviceSeen(tx, user.id, request.vidictId, ctx.now);
    const entitlement = await entitlementNow(
      tx,
      user,
      request.vidictId,
      ctx,
      subscription,
      registered,
      event,
    );
    if (!registered) throw unregistered(entitlement, user.id);
    if (!entitlement.entitled) throw notEntitled(entitlement, user.id);
    const stillOpen = open.filter((stream) => stream.leaseUntil > ctx.now);
    // A screen is this device id, this session and this network (decision 400).
    const screen = { vidictId: request.vidictId, sessionId: user.sid, network: ctx.network };
    await assertScreenFree(tx, subscription, user.id, screen, ctx.billing, ctx.now, stillOpen);
    // The request's quality picks this stream's rendition only: the account's preferred quality
    // changes on /account alone (issue 21 §6, decision 365), so a device's choice stays its own.
    const stream = {
      id: randomUUID(),
      userId: user.id,
      vidictId: request.vidictId,
      eventId: event.eventId,
      channelId: event.channelId,
      bitrateName: bitrateNameFor(request.videoQuality),
      metered: entitlement.reason === 'TRIAL',
      sessionId: user.sid,
      network: ctx.network,
      moves: 0,
    };
    const playback = issue(ctx, stream);
    await tx.insert(streams).values({
      ...stream,
      createdAt: ctx.now,
      leaseUntil: new Date(playback.expiresAt),
      lastMeteredAt: ctx.now,
    });
    return {
      userId: user.id,
      edge: ctx.edge,
      application,
      streamApp: STREAM_APP,
      channelName: event.title,
      channelId: event.channelId,
      eventStatus: event.eventStatus,
      bitrateName: stream.bitrateName,
      streamId: stream.id,
      eventId: event.eventId,
      playlistUrl: playlistUrl(ctx, application, event.channelId, playback.token),
      playback,
      heartbeatSeconds: stream.metered ? ctx.streams.heartbeatSeconds : null,
      trialSecondsLeft: entitlement.trialSecondsLeft,
      trialTodaySecondsLeft: entitlement.trialTodaySecondsLeft,
    };
  });
}

/**
 * The account's open stream `streamId` among `open`, or STREAM_NOT_FOUND. Only the session that
 * opened a stream renews it or beats for it (decision 400): another sign-in of the account,
 * even with the same device id, is another screen and asks for its own stream.
 */
async function streamAmong(
  tx: Tx,
  open: OpenStream[],
  user: Account,
  streamId: string,
): Promise<OpenStream> {
  const stream = open.find((s) => s.id === streamId);
  if (!stream) throw await streamGone(tx, user.id, streamId);
  if (stream.sessionId !== null && stream.sessionId !== user.sid)
    throw new ApiError('STREAM_NOT_FOUND', undefined, { userId: user.id });
  return stream;
}

/**
 * A renewal from another network block than the stream's is a hand-over (Wi-Fi to mobile
 * data): the stream moves there, its screen with it (no second screen), and its move count goes
 * up so the tokens issued before the move stop playing (decision 401). A stream from before
 * migration 0019 takes this session on the way. Null: nothing to change.
 */
function moveOf(ctx: StreamContext, stream: OpenStream, user: Account) {
  const set: Partial<Pick<OpenStream, 'network' | 'moves' | 'sessionId'>> = {};
  if (stream.network !== ctx.network) {
    set.network = ctx.network;
    set.moves = stream.moves + 1;
  }
  if (stream.sessionId === null) set.sessionId = user.sid;
  return set;
}

/**
 * Trial play settled in memory, only while the account is on the trial: paid play is never
 * counted, and a subscription never returns to TRIAL (decision 311).
 */
function trialSettlement(subscription: SubscriptionRow, open: OpenStream[], now: Date) {
  return subscription.state === 'TRIAL' ? settleOpenStreams(subscription, open, now, now) : null;
}

/** A fresh token before the old one expires; refused (and the stream closed) once not entitled. */
export async function renewToken(
  ctx: StreamContext,
  user: Account,
  streamId: string,
): Promise<StreamToken> {
  // A paid stream whose lease runs: one statement (decision 369); anything else is locked.
  const atOnce = await renewPaidLeaseAtOnce(ctx, user, streamId);
  if (atOnce) return atOnce;
  const outcome = await ctx.db.transaction(
    async (tx): Promise<{ refused: Entitlement } | { playback: StreamToken }> => {
      const subscription = await lockSubscription(tx, user.id, ctx.now);
      const open = await openStreamsOf(tx, user.id);
      const stream = await streamAmong(tx, open, user, streamId);
      const settlement = trialSettlement(subscription, open, ctx.now);
      const entitlement = await entitlementNow(
        tx,
        user,
        stream.vidictId,
        ctx,
        settlement?.subscription ?? subscription,
        stream.deviceRegistered,
        { eventId: stream.eventId },
      );
      if (!entitlement.entitled) {
        await writeSettlement(tx, settlement, { streamId, set: { endedAt: ctx.now } });
        return { refused: entitlement };
      }
      const moved = { ...stream, ...moveOf(ctx, stream, user) };
      // A stream whose lease lapsed (a long pause) takes a place again, if there is one.
      if (stream.leaseUntil <= ctx.now)
        await assertScreenFree(
          tx,
          subscription,
          user.id,
          moved,
          ctx.billing,
          ctx.now,
          open.filter((s) => s.leaseUntil > ctx.now),
        );
      const playback = issue(ctx, moved);
      await writeSettlement(tx, settlement, {
        streamId,
        set: { leaseUntil: new Date(playback.expiresAt), ...moveOf(ctx, stream, user) },
      });
      return { playback };
    },
  );
  // Thrown after the transaction, so closing the refused stream is kept.
  if ('refused' in outcome) throw notEntitled(outcome.refused, user.id);
  return outcome.playback;
}

/**
 * A trial heartbeat: counts the play since the last one and, for a stream still entitled whose
 * lease runs, renews its token in the same transaction and the same UPDATE (decision 373): a
 * trial viewer's heartbeat every 30 s then replaces its renewal every 30 s, and the player
 * renews by itself only when no heartbeat answered. A replayed or future heartbeat counts
 * nothing and renews nothing.
 */
export async function heartbeat(
  ctx: StreamContext,
  user: Account,
  streamId: string,
  beat: StreamHeartbeat,
): Promise<HeartbeatResult> {
  const sentAt = Date.parse(beat.sentAt);
  return ctx.db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, user.id, ctx.now);
    const open = await openStreamsOf(tx, user.id);
    const stream = await streamAmong(tx, open, user, streamId);
    const replayed = beat.sequence <= stream.lastSequence;
    const future = sentAt > ctx.now.getTime() + HEARTBEAT_FUTURE_SKEW_MS;
    const counts = !replayed && !future;
    const settlement = counts ? trialSettlement(subscription, open, ctx.now) : null;
    const entitlement = await entitlementNow(
      tx,
      user,
      stream.vidictId,
      ctx,
      settlement?.subscription ?? subscription,
      stream.deviceRegistered,
      { eventId: stream.eventId },
    );
    // A lapsed lease takes a screen again first, and a hand-over moves the stream: the
    // renewal's path does both (assertScreenFree, moveOf).
    const renews =
      counts &&
      entitlement.entitled &&
      stream.leaseUntil > ctx.now &&
      stream.network === ctx.network;
    const playback = renews ? issue(ctx, stream) : null;
    if (counts)
      await writeSettlement(tx, settlement, {
        streamId,
        set: {
          lastSequence: beat.sequence,
          ...(playback ? { leaseUntil: new Date(playback.expiresAt) } : {}),
        },
      });
    return {
      countedSeconds: settlement?.seconds ?? 0,
      entitled: entitlement.entitled,
      reason: entitlement.reason,
      trialSecondsLeft: entitlement.trialSecondsLeft,
      trialTodaySecondsLeft: entitlement.trialTodaySecondsLeft,
      ...(playback ? { playback } : {}),
    };
  });
}

/** The player closed: the stream stops counting against maxDevices; unsettled play is settled. */
export async function closeStream(ctx: StreamContext, user: Account, streamId: string) {
  // An unmetered stream ends in one statement (decision 375); anything else is locked.
  if (await closeUnmeteredAtOnce(ctx, user.id, streamId)) return;
  await ctx.db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, user.id, ctx.now);
    const open = await openStreamsOf(tx, user.id);
    if (!open.some((s) => s.id === streamId)) throw await streamGone(tx, user.id, streamId);
    const settlement = settleOpenStreams(subscription, open, ctx.now, ctx.now, streamId);
    await writeSettlement(tx, settlement, { streamId, set: { endedAt: ctx.now } });
  });
}

/** GET watching: the devices playing now and the plan's screens at a time. */
export async function readWatching(ctx: StreamContext, user: Account): Promise<WatchingNow> {
  const subscription = await readSubscription(ctx.db, user.id, ctx.now);
  return watchingNow(ctx.db, subscription, user.id, ctx.billing, ctx.now);
}

/**
 * "Stop playback there" from the device `callerVidictId` (null: not named): closes the streams
 * of `vidictId`, so its screen is free for the next grant at once.
 */
export async function stopPlaybackThere(
  ctx: StreamContext,
  user: Account,
  vidictId: string,
  callerVidictId: string | null,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const subscription = await lockSubscription(tx, user.id, ctx.now);
    await stopPlaybackOn(tx, subscription, vidictId, callerVidictId, ctx.now);
  });
}
