/**
 * Recording a scorer's action (decision 443), in one transaction with the event row locked:
 * 1. the same `ballId` again answers what was recorded then (a retry records nothing new; the
 *    same id with another action is 409 SCORING_BALL_ID_REUSED);
 * 2. `expectedSeq` must be the match's current sequence, else 409 SCORING_CONFLICT naming it
 *    (two scorers: the first wins, the second reloads and sees what the first recorded);
 * 3. the standing actions are replayed, the new one applied (or 409 SCORING_NOT_NOW), and its
 *    state appended to the catalog timeline at the picture's time, with the audit entry.
 * An undo withdraws the latest standing action and its timeline entry (decision 445).
 */
import { and, asc, eq } from 'drizzle-orm';
import type {
  MatchFormat,
  ScoringAccepted,
  ScoringAction,
  ScoringEntry,
  ScoringState,
  ScoringSubmission,
} from '@crease/contract';
import {
  appendScoredEntry,
  latestEntryAt,
  lockEventRow,
  storedState,
  withSummary,
  withdrawEntry,
} from '../catalog';
import type { EventRow, StoredState } from '../catalog';
import type { Clock } from '../platform/clock';
import type { Db, Tx } from '../platform/db/client';
import { recordAudit } from '../staff';
import { ApiError } from './errors';
import { MatchBook } from './match-book';
import type { Applied } from './match-book';
import { PICTURE_DELAY_MS, pictureTimeOf } from './picture-time';
import { scoringActions } from './tables';

type ActionRow = typeof scoringActions.$inferSelect;

/** How many of the latest actions the state lists. */
const RECENT = 12;

const sameAction = (a: ScoringAction, b: ScoringAction) =>
  JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => [k, sortKeys(v)]),
  );
}

const entryOf = (row: ActionRow): ScoringEntry => ({
  seq: row.seq,
  ballId: row.ballId,
  action: row.action,
  pictureTime: row.pictureTime.toISOString(),
  by: row.actor,
  undone: row.undoneBy !== null,
});

export class ScoringStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** The catalog's read cache is cleared after each write (viewers read the new state). */
    private readonly afterWrite: () => void,
  ) {}

  private async rows(tx: Db | Tx, eventId: string) {
    return tx
      .select()
      .from(scoringActions)
      .where(eq(scoringActions.eventId, eventId))
      .orderBy(asc(scoringActions.seq));
  }

  private replay(event: EventRow, rows: readonly ActionRow[]): MatchBook {
    const standing = rows.filter((r) => r.undoneBy === null && r.action.kind !== 'undo');
    return MatchBook.replay(
      event.format as MatchFormat,
      event.teams,
      standing.map((r) => r.action),
    );
  }

  private stateOf(event: EventRow, rows: readonly ActionRow[], match: MatchBook): ScoringState {
    const stored = storedState(event);
    const crease = match.crease();
    return {
      eventId: event.id,
      title: event.title,
      format: event.format as MatchFormat,
      teams: event.teams,
      status: stored.status,
      playState: stored.playState,
      seq: rows.at(-1)?.seq ?? 0,
      needs: match.needs,
      innings: stored.innings,
      scoreSummary: withSummary(stored, event.format as MatchFormat).scoreSummary,
      scorecard: match.scorecard(),
      thisOver: [...match.thisOver],
      striker: crease.striker,
      nonStriker: crease.nonStriker,
      bowler: crease.bowler,
      recent: rows.slice(-RECENT).reverse().map(entryOf),
      pictureDelayMs: PICTURE_DELAY_MS,
      serverTime: this.clock.now().toISOString(),
    };
  }

  /** The match as the console shows it. */
  async state(eventId: string): Promise<ScoringState> {
    return this.db.transaction(async (tx) => {
      const [event, rows] = [await lockEventRow(tx, eventId), await this.rows(tx, eventId)];
      return this.stateOf(event, rows, this.replay(event, rows));
    });
  }

  async submit(
    actor: string,
    eventId: string,
    submission: ScoringSubmission,
  ): Promise<ScoringAccepted> {
    const answer = await this.db.transaction(async (tx) => {
      const event = await lockEventRow(tx, eventId);
      const rows = await this.rows(tx, eventId);
      const earlier = rows.find((r) => r.ballId === submission.ballId);
      if (earlier) {
        if (!sameAction(earlier.action, submission.action))
          throw new ApiError('SCORING_BALL_ID_REUSED');
        const state = this.stateOf(event, rows, this.replay(event, rows));
        return { entry: entryOf(earlier), state, replayed: true };
      }
      const head = rows.at(-1)?.seq ?? 0;
      if (submission.expectedSeq !== head)
        throw new ApiError(
          'SCORING_CONFLICT',
          `The match is at sequence ${head}, not ${submission.expectedSeq}: another scorer recorded since. Reload and score again.`,
          { details: { currentSeq: head } },
        );
      return this.record(tx, actor, event, rows, submission);
    });
    if (!answer.replayed) this.afterWrite();
    return answer;
  }

  private async record(
    tx: Tx,
    actor: string,
    event: EventRow,
    rows: ActionRow[],
    submission: ScoringSubmission,
  ): Promise<ScoringAccepted> {
    const now = this.clock.now();
    const at = pictureTimeOf(submission.pictureTime, now, await latestEntryAt(tx, event.id));
    const seq = (rows.at(-1)?.seq ?? 0) + 1;
    const before = storedState(event);
    if (before.status !== 'scheduled' && before.status !== 'live')
      throw new ApiError('SCORING_NOT_NOW', `The match is ${before.status}: it takes no scoring.`);

    let match: MatchBook;
    let applied: Applied;
    let withdrawn: ActionRow | null = null;
    if (submission.action.kind === 'undo') {
      withdrawn = rows.findLast((r) => r.undoneBy === null && r.action.kind !== 'undo') ?? null;
      if (!withdrawn) throw new ApiError('SCORING_NOT_NOW', 'There is nothing left to undo.');
      const target = withdrawn;
      match = this.replay(
        event,
        rows.filter((r) => r !== target),
      );
      applied = { commentary: 'Correction: the last entry is withdrawn', moment: null };
    } else {
      match = this.replay(event, rows);
      applied = match.apply(submission.action);
    }

    const innings = match.innings();
    const next: StoredState = {
      ...before,
      // Scoring the first innings starts the match (decision 442); an undo never un-starts it.
      status: 'live',
      playState: match.playState ?? before.playState ?? 'in_play',
      innings,
    };
    if (withdrawn) await withdrawEntry(tx, event.id, withdrawn.timelineSeq);
    const timelineSeq = await appendScoredEntry(tx, event, {
      at,
      now,
      state: next,
      detail: { scorecard: match.scorecard(), ...applied },
    });
    if (withdrawn)
      await tx
        .update(scoringActions)
        .set({ undoneBy: seq })
        .where(and(eq(scoringActions.eventId, event.id), eq(scoringActions.seq, withdrawn.seq)));
    const [row] = await tx
      .insert(scoringActions)
      .values({
        eventId: event.id,
        seq,
        ballId: submission.ballId,
        action: submission.action,
        pictureTime: at,
        recordedAt: now,
        actor,
        timelineSeq,
        undoneBy: null,
      })
      .returning();
    await recordAudit(tx, this.clock, {
      actor,
      action: submission.action.kind === 'undo' ? 'scoring.undo' : 'scoring.record',
      subject: `event:${event.id}`,
      before: {
        seq: seq - 1,
        scoreSummary: withSummary(before, event.format as MatchFormat).scoreSummary,
        ...(withdrawn ? { withdrawn: { seq: withdrawn.seq, action: withdrawn.action } } : {}),
      },
      after: {
        seq,
        ballId: submission.ballId,
        action: submission.action,
        pictureTime: at.toISOString(),
        scoreSummary: withSummary(next, event.format as MatchFormat).scoreSummary,
      },
    });
    const after = await lockEventRow(tx, event.id);
    const all = withdrawn
      ? rows.map((r) => (r === withdrawn ? { ...r, undoneBy: seq } : r))
      : [...rows];
    all.push(row!);
    return { entry: entryOf(row!), state: this.stateOf(after, all, match), replayed: false };
  }
}
