/**
 * Ending every stream an account has open at once (account deletion, decision 302): each is
 * closed now, so its screen is free and the origin refuses its tokens within the standing's
 * few seconds (decision 151). Trial time is not settled: the account is going away.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { streams } from './tables';

export async function endAccountStreams(
  tx: Pick<Db, 'update'>,
  userId: string,
  now: Date,
): Promise<number> {
  const ended = await tx
    .update(streams)
    .set({ endedAt: now })
    .where(and(eq(streams.userId, userId), isNull(streams.endedAt)))
    .returning({ id: streams.id });
  return ended.length;
}
