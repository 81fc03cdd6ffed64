/**
 * Closing an unmetered (paid) stream in one statement (decision 375). The locked path
 * (streams-service.ts `closeStream`) spends five round trips on a close: BEGIN, the
 * subscription's row lock, the account's open streams, the close, COMMIT. The lock is there to
 * settle trial play, and an unmetered stream has none: it is not part of the trial's union of
 * play, so the account's metered streams (if any) are counted the same whether it ends now or
 * later. So the stream ends in one UPDATE on the locked path's own conditions: this account's,
 * open, and not metered.
 *
 * False, with nothing written, for anything else: a metered stream, which the locked path
 * settles, or a closed or unknown one, which it refuses with STREAM_NOT_FOUND, exactly as before.
 * A renewal racing the close is serialised by the stream's row: whichever UPDATE comes second
 * sees the first's result (decision 369's race test covers both orders).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { streams } from './tables';
import type { StreamContext } from './stream-lease';

export async function closeUnmeteredAtOnce(
  ctx: Pick<StreamContext, 'db' | 'now'>,
  userId: string,
  streamId: string,
): Promise<boolean> {
  const closed = await ctx.db
    .update(streams)
    .set({ endedAt: ctx.now })
    .where(
      and(
        eq(streams.id, streamId),
        eq(streams.userId, userId),
        isNull(streams.endedAt),
        eq(streams.metered, false),
      ),
    )
    .returning({ id: streams.id });
  return closed.length > 0;
}
