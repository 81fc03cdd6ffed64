/**
 * The scorer's API (issue 33 §3, decision 443) under /api/v1/staff/scoring: the matches that
 * take scoring, one match's scoring state, and recording an action. Staff bearer; scorer and
 * admin only, checked per call by staff's one guard (producer and support: 403; none: 401).
 * Every recorded action writes the staff audit log in its own transaction.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { asc, inArray } from 'drizzle-orm';
import { SCORING_PATHS } from '@crease/contract';
import type { ScoringMatch, StaffRole } from '@crease/contract';
import { catalogEvents, storedState, withSummary } from '../catalog';
import { staffActor, staffGuard } from '../staff';
import { ScoringStore } from './scoring-store';
import { ScoringSubmissionSchema } from './schemas';

/** Who may score: the scorer, and admin who may do anything. */
export const SCORING_ROLES: readonly StaffRole[] = ['scorer', 'admin'];

const EventParams = Type.Object({
  eventId: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 64 }),
});
/** The list's length: a scorer picks today's match from the nearest ones. */
const MATCHES = 50;

export async function scoringRoutes(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { services } = app;
  const { db } = services.database;
  const { clock } = services;
  const guard = staffGuard({ db, clock });
  const store = new ScoringStore(db, clock, () => services.catalog.reads.invalidate());

  app.get(
    `/${SCORING_PATHS.matches}`,
    {
      config: { bearerOnly: true },
      schema: { tags: ['staff scoring'], summary: 'Matches that take scoring (scheduled, live)' },
    },
    async (request, reply) => {
      await guard(request, SCORING_ROLES);
      const rows = await db
        .select()
        .from(catalogEvents)
        .where(inArray(catalogEvents.status, ['live', 'scheduled']))
        .orderBy(asc(catalogEvents.status), asc(catalogEvents.startTime))
        .limit(MATCHES);
      const matches: ScoringMatch[] = rows.map((row) => ({
        eventId: row.id,
        title: row.title,
        status: row.status as ScoringMatch['status'],
        startTime: row.startTime.toISOString(),
        scoreSummary: withSummary(storedState(row), row.format as never).scoreSummary,
      }));
      return reply.header('cache-control', 'no-store').send(matches);
    },
  );

  app.get(
    `/${SCORING_PATHS.actions}`,
    {
      config: { bearerOnly: true },
      schema: {
        tags: ['staff scoring'],
        summary: "A match's scoring state: score, crease, this over, the latest actions, seq",
        params: EventParams,
      },
    },
    async (request, reply) => {
      await guard(request, SCORING_ROLES);
      const state = await store.state(request.params.eventId);
      return reply.header('cache-control', 'no-store').send(state);
    },
  );

  app.post(
    `/${SCORING_PATHS.actions}`,
    {
      config: { bearerOnly: true, accepts: 'json' },
      schema: {
        tags: ['staff scoring'],
        summary: 'Record a ball or another scoring action (idempotent by ballId)',
        description:
          "201 recorded; 200 `replayed: true` when this ballId was recorded before; 409 SCORING_CONFLICT (with `currentSeq`) when expectedSeq is not the match's sequence; 409 SCORING_NOT_NOW when the action does not fit the match now.",
        params: EventParams,
        body: ScoringSubmissionSchema,
      },
    },
    async (request, reply) => {
      const me = await guard(request, SCORING_ROLES);
      const accepted = await store.submit(
        staffActor(me.id),
        request.params.eventId,
        request.body as never,
      );
      return reply
        .code(accepted.replayed ? 200 : 201)
        .header('cache-control', 'no-store')
        .send(accepted);
    },
  );
}
