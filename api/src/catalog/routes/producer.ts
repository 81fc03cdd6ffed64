/**
 * The producer's go live and end (issue 33 §2, decision 449): one button each in the console,
 * through the catalog's one write path (CatalogWrites.changeState, so the moves docs/catalog.md
 * states hold: a postponed match cannot go live, a scheduled one cannot end). Staff bearer,
 * producer and admin only. Both are safe to press twice: a match already where the call asks
 * answers 200 `changed: false` and writes nothing (no timeline entry, no audit row).
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PRODUCER_PATHS } from '@crease/contract';
import type {
  CatalogEvent,
  MatchStateChange,
  ProducerMatchAnswer,
  ProducerSchedule,
} from '@crease/contract';
import { asc, inArray } from 'drizzle-orm';
import { toEvent } from '../event-row';
import { catalogEvents, catalogLeagues } from '../tables';
import { errorResponses } from '../../platform/http/error-schemas';
import { CatalogEventSchema, CatalogId } from '../schemas';
import { picked } from './staff-change';

const staffSecurity = [{ bearer: [] }];
/** The schedule lists this many matches at most, soonest first. */
const SCHEDULE_LIMIT = 200;
const AnswerSchema = Type.Object({ event: CatalogEventSchema, changed: Type.Boolean() });
const EndSchema = Type.Object(
  { result: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) },
  { additionalProperties: false },
);

/** What going live changes: the match to live and its stream to live (what is not yet). */
function goLiveChange(event: CatalogEvent): MatchStateChange {
  return {
    ...(event.status === 'live' ? {} : { status: 'live' }),
    ...(event.eventStatus === 'live' ? {} : { eventStatus: 'live' }),
  };
}

/** What ending changes: the match completed (or left abandoned) and its stream ended. */
function endChange(event: CatalogEvent, result: string | undefined): MatchStateChange {
  const finished = event.status === 'completed' || event.status === 'abandoned';
  return {
    ...(finished ? {} : { status: 'completed', ...(result ? { result } : {}) }),
    ...(event.eventStatus === 'ended' ? {} : { eventStatus: 'ended' }),
  };
}

export interface ProducerMatchOptions {
  /**
   * The staff guard for producer and admin (staff's, given by the composition root: catalog
   * sits below staff): the audit actor `staff:<id>`, or 401 / 403.
   */
  requireProducer: (request: FastifyRequest) => Promise<string>;
}

export async function producerMatchRoutes(
  root: FastifyInstance,
  options: ProducerMatchOptions,
): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { catalog, database } = app.services;

  app.get(
    `/${PRODUCER_PATHS.schedule}`,
    {
      config: { bearerOnly: true },
      schema: {
        tags: ['producer'],
        summary: 'Every league and the live, scheduled and postponed matches',
        security: staffSecurity,
        response: {
          200: Type.Object({
            leagues: Type.Array(
              Type.Object({
                leagueId: Type.String(),
                caption: Type.String(),
                active: Type.Boolean(),
              }),
            ),
            matches: Type.Array(CatalogEventSchema),
          }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      await options.requireProducer(request);
      const leagues = await database.db
        .select({
          leagueId: catalogLeagues.id,
          caption: catalogLeagues.caption,
          active: catalogLeagues.active,
        })
        .from(catalogLeagues)
        .orderBy(asc(catalogLeagues.caption));
      const rows = await database.db
        .select()
        .from(catalogEvents)
        .where(inArray(catalogEvents.status, ['live', 'scheduled', 'postponed']))
        .orderBy(asc(catalogEvents.startTime), asc(catalogEvents.id))
        .limit(SCHEDULE_LIMIT);
      const schedule: ProducerSchedule = { leagues, matches: rows.map(toEvent) };
      return reply.header('cache-control', 'no-store').send(schedule);
    },
  );

  for (const [path, action, summary] of [
    [PRODUCER_PATHS.goLive, 'producer.go-live', 'Take the match live (its stream too)'],
    [PRODUCER_PATHS.end, 'producer.end', 'End the match and its stream'],
  ] as const)
    app.post(
      `/${path}`,
      {
        config: { bearerOnly: true, accepts: 'json' as const, audit: action },
        schema: {
          tags: ['producer'],
          summary,
          security: staffSecurity,
          params: Type.Object({ eventId: CatalogId }),
          ...(path === PRODUCER_PATHS.end ? { body: Type.Optional(EndSchema) } : {}),
          response: { 200: AnswerSchema, ...errorResponses },
        },
      },
      async (request) => {
        const actor = await options.requireProducer(request);
        const { eventId } = request.params;
        const result = (request.body as { result?: string } | undefined)?.result;
        const { before, event, change } = await catalog.writes.moveState(actor, eventId, (now) =>
          path === PRODUCER_PATHS.goLive ? goLiveChange(now) : endChange(now, result),
        );
        const changed = Object.keys(change).length > 0;
        // A press that changed nothing is not an action: no audit entry (bot-audit.ts).
        if (changed) {
          request.staffActor = actor;
          request.auditChange = { subject: `event:${eventId}`, ...picked(before, event, change) };
        }
        const answer: ProducerMatchAnswer = { event, changed };
        return answer;
      },
    );
}
