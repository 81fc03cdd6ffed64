/**
 * The demo clock's writes to an event it drives (decision 225): every step that fell due since
 * the last tick, in one transaction. Ball by ball, a clock that was off for an hour (a restart,
 * a test moving the clock) has a hundred steps per live match to catch up; one transaction per
 * step made that take minutes. Each step is still checked as a legal move and gets its own
 * timeline entry; the audit gets one row for the tick, before and after.
 */
import { eq } from 'drizzle-orm';
import type { MatchFormat } from '@crease/contract';
import type { Db } from '../../platform/db/client';
import type { Catalog } from '../catalog';
import { diff } from '../catalog-writes';
import { storedState } from '../event-row';
import { applyStateChange } from '../match-state';
import { catalogAudit, catalogEventTimeline, catalogEvents } from '../tables';
import { TIMELINE_INSERT_CHUNK, timelineColumns } from '../timeline-row';
import type { DemoStep } from './demo-schedule';

/**
 * Applies `steps` after the event's entry `expectSeq`; returns how many were applied: none when
 * the event is gone, taken over by an operator, or already moved on (another replica did it).
 */
export async function applyDemoSteps(
  catalog: Catalog,
  db: Db,
  actor: string,
  eventId: string,
  expectSeq: number,
  steps: readonly DemoStep[],
): Promise<number> {
  if (steps.length === 0) return 0;
  const now = catalog.clock.now();
  const applied = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(catalogEvents)
      .where(eq(catalogEvents.id, eventId))
      .for('update');
    if (!row || !row.demoDriven || row.stateSeq !== expectSeq) return 0;
    const before = storedState(row);
    let state = before;
    const rows = steps.map((step, i) => {
      state = applyStateChange(state, step.state, row.teams);
      return {
        eventId,
        seq: expectSeq + i + 1,
        at: step.at,
        ...timelineColumns(state, step.detail, row.format as MatchFormat),
      };
    });
    for (let i = 0; i < rows.length; i += TIMELINE_INSERT_CHUNK)
      await tx.insert(catalogEventTimeline).values(rows.slice(i, i + TIMELINE_INSERT_CHUNK));
    await tx
      .update(catalogEvents)
      .set({ ...state, stateSeq: expectSeq + steps.length, updatedAt: now })
      .where(eq(catalogEvents.id, eventId));
    await tx.insert(catalogAudit).values({
      actor,
      at: now,
      action: 'event.state',
      entityId: eventId,
      changes: diff(
        before as unknown as Record<string, unknown>,
        state as unknown as Record<string, unknown>,
      ),
    });
    return steps.length;
  });
  if (applied > 0) catalog.reads.invalidate();
  return applied;
}
