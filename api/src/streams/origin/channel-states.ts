/**
 * What the origin needs to know about a channel: its event, league application and stream
 * state (catalog `eventStatus`), when the stream went live and ended (from the event's
 * timeline), and when the match was scheduled to start. Read through the catalog's read cache, so the many playlist requests of many
 * viewers cost one query per channel until the next catalog write (decision 071).
 */
import { sql } from 'drizzle-orm';
import type { StreamEventStatus } from '@crease/contract';
import type { Db } from '../../platform/db/client';
import type { CatalogReadCache } from '../../catalog';

export interface ChannelState {
  channelId: string;
  eventId: string;
  application: string;
  eventStatus: StreamEventStatus;
  /** Epoch ms, or null. */
  liveSince: number | null;
  endedAt: number | null;
  /** The event's scheduled start (epoch ms): a replay of a match never streamed starts here. */
  scheduledStart: number | null;
}

const epochMs = (value: unknown): number | null =>
  value === null || value === undefined
    ? null
    : (value instanceof Date ? value : new Date(String(value))).getTime();

async function loadChannel(db: Db, channelId: string): Promise<ChannelState | null> {
  const result = (await db.execute(sql`
    SELECT e.id, e.event_status, l.application,
      (SELECT min(t.at) FROM catalog_event_timeline t
        WHERE t.event_id = e.id AND t.state->>'eventStatus' = 'live') AS live_since,
      (SELECT min(t.at) FROM catalog_event_timeline t
        WHERE t.event_id = e.id AND t.state->>'eventStatus' = 'ended') AS ended_at,
      e.updated_at, e.start_time
    FROM catalog_events e JOIN catalog_leagues l ON l.id = e.league_id
    WHERE e.channel_id = ${channelId} AND l.active = true
    ORDER BY e.id LIMIT 1`)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0];
  if (!row) return null;
  const eventStatus = String(row.event_status) as StreamEventStatus;
  return {
    channelId,
    eventId: String(row.id),
    application: String(row.application),
    eventStatus,
    liveSince: epochMs(row.live_since),
    // An ended stream whose timeline lacks the moment (an operator import) ends at its last change.
    endedAt: eventStatus === 'ended' ? (epochMs(row.ended_at) ?? epochMs(row.updated_at)) : null,
    scheduledStart: epochMs(row.start_time),
  };
}

export async function channelState(
  db: Db,
  reads: CatalogReadCache,
  channelId: string,
): Promise<ChannelState | null> {
  const cached = await reads.get(`stream-channel:${channelId}`, () => loadChannel(db, channelId));
  return JSON.parse(cached.body) as ChannelState | null;
}
