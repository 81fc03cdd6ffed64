/**
 * Viewers watching a channel now (issue 33 §2, decision 448): its open streams whose token lease
 * has not run out, one per player. The producer's ingest health samples it every 2 s.
 */
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { streams } from './tables';

export async function channelViewers(db: Db, channelId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(streams)
    .where(
      and(eq(streams.channelId, channelId), isNull(streams.endedAt), gt(streams.leaseUntil, now)),
    );
  return row?.n ?? 0;
}
