/**
 * A paid stream's token renewal in one statement (decision 369). Renewals are the most frequent
 * signed-in call a watching viewer makes (bench:surge: about one a minute each), and the locked
 * path (streams-service.ts `renewToken`) spends five round trips on them: BEGIN, the
 * subscription's row lock, the stream, its lease, COMMIT. For a paid stream whose lease still
 * runs, none of what that lock protects can change: no trial time is settled (paid play is never
 * counted) and no screen is taken (the stream holds its own). So the lease moves in one UPDATE
 * whose conditions are the locked path's own, read in the same statement:
 *
 * - the stream is this account's, open, not metered, and its lease has not lapsed;
 * - it is renewed by the session that opened it, from the network it plays on (decision 401);
 * - its device is still registered to the account;
 * - the account's subscription, returned with it, is judged by the same `entitlementFor`.
 *
 * Anything else (a trial stream, a lapsed lease, an ended or unpaid plan, a closed stream, a
 * signed-out device) returns null and the caller takes the locked path, which refuses, closes
 * and explains exactly as before. A lease moved for a stream the locked path then closes is
 * harmless: a closed stream holds no screen and its token is refused (decision 151).
 */
import { and, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import type { StreamToken } from '@crease/contract';
import { entitlementFor, isEntitled, subscriptions } from '../billing';
import type { SubscriptionRow } from '../billing';
import { streams } from './tables';
import { issue, leaseEndSecond } from './stream-lease';
import type { StreamContext } from './stream-lease';

export async function renewPaidLeaseAtOnce(
  ctx: StreamContext,
  user: { id: string; active: boolean; sid: string },
  streamId: string,
): Promise<StreamToken | null> {
  if (!user.active) return null;
  const leaseUntil = new Date(leaseEndSecond(ctx, false) * 1000);
  const [row] = await ctx.db
    .update(streams)
    .set({ leaseUntil })
    .from(subscriptions)
    .where(
      and(
        eq(streams.id, streamId),
        eq(streams.userId, user.id),
        isNull(streams.endedAt),
        eq(streams.metered, false),
        gt(streams.leaseUntil, ctx.now),
        // Its own session, from its own network: a move or a stranger takes the locked path.
        or(eq(streams.sessionId, user.sid), isNull(streams.sessionId)),
        eq(streams.network, ctx.network),
        eq(subscriptions.userId, streams.userId),
        // Spelled out, as in streams-service.ts openStream: qualified inside the subquery.
        sql`EXISTS (SELECT 1 FROM devices d
          WHERE d.user_id = streams.user_id AND d.vidict_id = streams.vidict_id)`,
      ),
    )
    .returning({
      ...getTableColumns(subscriptions),
      streamVidictId: streams.vidictId,
      streamChannelId: streams.channelId,
      streamMoves: streams.moves,
    });
  if (!row) return null;
  const { streamVidictId, streamChannelId, streamMoves, ...subscription } = row;
  const held: SubscriptionRow = subscription;
  // A period that ended is lapsed (a write) by the locked path, never judged here.
  if (!isEntitled(held, ctx.now)) return null;
  const entitlement = await entitlementFor(
    ctx.db,
    user,
    streamVidictId,
    ctx.billing,
    ctx.now,
    held,
    true,
  );
  if (!entitlement.entitled || entitlement.reason === 'TRIAL') return null;
  return issue(ctx, {
    id: streamId,
    userId: user.id,
    vidictId: streamVidictId,
    channelId: streamChannelId,
    metered: false,
    moves: streamMoves,
  });
}
