/**
 * Scoring's table (issue 33 §3, decision 443): every action a scorer recorded for a match, in
 * order. `seq` is the match's scoring sequence (1, 2, 3...; the submitter's `expectedSeq` is the
 * seq before its own); `ball_id` is the client's id for one press, unique per match, so a retried
 * POST finds its first answer. An undo is an action too, and marks the one it withdrew.
 */
import type { ScoringAction } from '@crease/contract';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from '../platform/db/columns';
import { catalogEvents } from '../catalog/tables';

export const scoringActions = pgTable(
  'scoring_actions',
  {
    eventId: text('event_id')
      .notNull()
      .references(() => catalogEvents.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    ballId: text('ball_id').notNull(),
    action: jsonb('action').$type<ScoringAction>().notNull(),
    /** The picture's program-date-time when the scorer pressed: the timeline entry's `at`. */
    pictureTime: ts('picture_time').notNull(),
    recordedAt: ts('recorded_at').notNull(),
    /** `staff:<id>`. */
    actor: text('actor').notNull(),
    /** The catalog timeline entry this action wrote. */
    timelineSeq: integer('timeline_seq').notNull(),
    /** The seq of the undo that withdrew this action; null while it stands. */
    undoneBy: integer('undone_by'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.seq] }),
    uniqueIndex('scoring_actions_ball_idx').on(t.eventId, t.ballId),
    index('scoring_actions_standing_idx').on(t.eventId, t.undoneBy),
  ],
);
