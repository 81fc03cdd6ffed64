/**
 * The catalog's side of ball-by-ball scoring (issue 33 §3, decision 442), inside the scorer's
 * transaction: lock the event, append the state a scored action produced to its timeline (with
 * the scorecard, commentary and key moment viewers read), and withdraw an undone action's entry.
 * The event row's state and `stateSeq` move with the timeline, as every catalog writer's do.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { MatchFormat } from '@crease/contract';
import type { Tx } from '../platform/db/client';
import { ApiError } from './errors';
import type { EventRow } from './event-row';
import type { StoredState, TimelineDetail } from './match-state';
import { catalogEventTimeline, catalogEvents } from './tables';
import { timelineColumns } from './timeline-row';

export type { EventRow };
export { storedState, toEvent } from './event-row';
export { withSummary } from './match-state';
export type { StoredState, TimelineDetail };

/** The event, locked until the transaction ends: one scorer's action at a time per match. */
export async function lockEventRow(tx: Tx, eventId: string): Promise<EventRow> {
  const [row] = await tx
    .select()
    .from(catalogEvents)
    .where(eq(catalogEvents.id, eventId))
    .for('update');
  if (!row) throw new ApiError('EVENT_NOT_FOUND', `There is no event "${eventId}".`);
  return row;
}

/** When the event's latest timeline entry became true (null: none). */
export async function latestEntryAt(tx: Tx, eventId: string): Promise<Date | null> {
  const [latest] = await tx
    .select({ at: catalogEventTimeline.at })
    .from(catalogEventTimeline)
    .where(eq(catalogEventTimeline.eventId, eventId))
    .orderBy(desc(catalogEventTimeline.seq))
    .limit(1);
  return latest?.at ?? null;
}

/** Appends `state` (with its detail) at `at`; the event takes it over (no longer demo-driven). */
export async function appendScoredEntry(
  tx: Tx,
  row: EventRow,
  entry: { at: Date; state: StoredState; detail: TimelineDetail; now: Date },
): Promise<number> {
  const seq = row.stateSeq + 1;
  await tx
    .update(catalogEvents)
    .set({ ...entry.state, stateSeq: seq, demoDriven: false, updatedAt: entry.now })
    .where(eq(catalogEvents.id, row.id));
  await tx.insert(catalogEventTimeline).values({
    eventId: row.id,
    seq,
    at: entry.at,
    ...timelineColumns(entry.state, entry.detail, row.format as MatchFormat),
  });
  return seq;
}

/**
 * An undone action's entry leaves the timeline (decision 445): a fresh read never shows the
 * withdrawn ball or its key moment. Its seq is never reused: the correcting entry comes after.
 */
export async function withdrawEntry(tx: Tx, eventId: string, seq: number): Promise<void> {
  await tx
    .delete(catalogEventTimeline)
    .where(and(eq(catalogEventTimeline.eventId, eventId), eq(catalogEventTimeline.seq, seq)));
}
