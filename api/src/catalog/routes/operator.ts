/**
 * The catalog operator API (decision 072): create and update leagues and events, change match
 * state, read the audit. Bearer operator tokens (not viewer tokens), so no cookies are involved
 * and the XSRF double submit does not apply (`bearerOnly`). Every change is audited.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CATALOG_PATHS, LEAGUE_STATUSES, MATCH_FORMATS } from '@crease/contract';
import { desc, eq, and, lt } from 'drizzle-orm';
import { catalogAudit } from '../tables';
import { ApiError } from '../errors';
import {
  CatalogEventSchema,
  CatalogId,
  InningsSchema,
  LeagueSchema,
  MatchStatusSchema,
  PlayStateSchema,
  StreamEventStatusSchema,
  StringEnum,
  TeamsSchema,
  TossSchema,
  UtcTime,
  VenueSchema,
} from '../schemas';
import { errorResponses } from '../../platform/http/error-schemas';
import { eventBefore, leagueBefore, picked } from './staff-change';

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

const leagueFields = {
  caption: Text(80),
  description: Type.String({ maxLength: 500 }),
  logo: Type.String({ pattern: '^[a-z0-9-]{1,64}$', description: 'A shipped logo (GET logos)' }),
  logoAltText: Text(200),
  application: Text(64),
  status: StringEnum(LEAGUE_STATUSES),
  active: Type.Boolean(),
};
const LeagueCreateSchema = Type.Object(
  { leagueId: CatalogId, ...leagueFields },
  { additionalProperties: false },
);
const LeagueUpdateSchema = Type.Partial(
  Type.Object(leagueFields, { additionalProperties: false }),
  {
    additionalProperties: false,
    minProperties: 1,
  },
);

const eventFields = {
  leagueId: CatalogId,
  title: Text(160),
  teams: TeamsSchema,
  venue: VenueSchema,
  format: StringEnum(MATCH_FORMATS),
  startTime: UtcTime,
  estimatedEnd: UtcTime,
  channelId: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' }),
};
const EventCreateSchema = Type.Object(
  { eventId: CatalogId, ...eventFields },
  { additionalProperties: false },
);
const EventUpdateSchema = Type.Partial(Type.Object(eventFields, { additionalProperties: false }), {
  additionalProperties: false,
  minProperties: 1,
});

const StateChangeSchema = Type.Object(
  {
    status: Type.Optional(MatchStatusSchema),
    playState: Type.Optional(Type.Union([PlayStateSchema, Type.Null()])),
    toss: Type.Optional(Type.Union([TossSchema, Type.Null()])),
    innings: Type.Optional(Type.Array(InningsSchema, { maxItems: 4 })),
    result: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()])),
    eventStatus: Type.Optional(StreamEventStatusSchema),
    at: Type.Optional(UtcTime),
  },
  { additionalProperties: false, minProperties: 1 },
);

const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  actor: Type.String(),
  at: Type.String({ format: 'date-time' }),
  action: Type.String(),
  entityId: Type.String(),
  changes: Type.Record(
    Type.String(),
    Type.Object({ before: Type.Unknown(), after: Type.Unknown() }),
  ),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The operator token's name (the audit actor), set before anything else on these routes. */
    operator: string;
  }
}

const operatorSecurity = [{ operator: [] }];
const route = { accepts: 'json' as const, bearerOnly: true };

export interface OperatorCatalogOptions {
  /**
   * A producer's (or admin's) staff session (issue 33 §2, decision 447): its audit actor
   * (`staff:<id>`), null when the bearer is no staff session (then the operator token decides),
   * 403 STAFF_FORBIDDEN for a staff role that may not schedule.
   */
  authorizeStaff?: (request: FastifyRequest) => Promise<string | null>;
}

export async function operatorCatalogRoutes(
  root: FastifyInstance,
  options: OperatorCatalogOptions = {},
): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { catalog, database } = app.services;
  const { writes, authorizeOperator } = catalog;
  const db = database.db;
  // Before the body is even parsed: a caller without a valid token learns nothing but 401.
  app.decorateRequest('operator', '');
  app.addHook('onRequest', async (request) => {
    const staff = options.authorizeStaff ? await options.authorizeStaff(request) : null;
    // A staff member is audited as themself (bot-audit.ts), never as a bot.
    if (staff) request.staffActor = staff;
    else request.operator = authorizeOperator(request);
  });
  /** The catalog audit's actor: the operator token's name or `staff:<id>`. */
  const actorOf = (request: FastifyRequest) => request.staffActor ?? request.operator;

  app.get(
    `/${CATALOG_PATHS.operatorLogos}`,
    {
      config: route,
      schema: {
        tags: ['catalog operator'],
        summary: 'The shipped league logos an operator can pick',
        security: operatorSecurity,
        response: {
          200: Type.Object({
            items: Type.Array(Type.Object({ logo: Type.String(), logoFilename: Type.String() })),
          }),
          ...errorResponses,
        },
      },
    },
    async () => {
      return {
        items: catalog.logos.list().map(({ logo, logoFilename }) => ({ logo, logoFilename })),
      };
    },
  );

  app.post(
    `/${CATALOG_PATHS.operatorLeagues}`,
    {
      config: { ...route, audit: 'catalog.league.create' },
      schema: {
        tags: ['catalog operator'],
        summary: 'Create a league',
        security: operatorSecurity,
        body: LeagueCreateSchema,
        response: { 201: LeagueSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const league = await writes.createLeague(actorOf(request), request.body);
      request.auditChange = { subject: `league:${league.leagueId}`, before: null, after: league };
      return reply.code(201).send(league);
    },
  );

  app.patch(
    `/${CATALOG_PATHS.operatorLeagues}/:leagueId`,
    {
      config: { ...route, audit: 'catalog.league.update' },
      schema: {
        tags: ['catalog operator'],
        summary: 'Update a league (any of its fields)',
        security: operatorSecurity,
        params: Type.Object({ leagueId: CatalogId }),
        body: LeagueUpdateSchema,
        response: { 200: LeagueSchema, ...errorResponses },
      },
    },
    async (request) => {
      const before = await leagueBefore(db, request.params.leagueId);
      const league = await writes.updateLeague(
        actorOf(request),
        request.params.leagueId,
        request.body,
      );
      request.auditChange = {
        subject: `league:${league.leagueId}`,
        ...picked(before, league, request.body),
      };
      return league;
    },
  );

  app.post(
    `/${CATALOG_PATHS.operatorEvents}`,
    {
      config: { ...route, audit: 'catalog.event.create' },
      schema: {
        tags: ['catalog operator'],
        summary: 'Create an event (scheduled, stream not started)',
        security: operatorSecurity,
        body: EventCreateSchema,
        response: { 201: CatalogEventSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const event = await writes.createEvent(actorOf(request), request.body);
      // Only demo creates answer null (an existing id); an operator's gets EVENT_EXISTS instead.
      if (!event) throw new ApiError('EVENT_EXISTS');
      request.auditChange = { subject: `event:${event.eventId}`, before: null, after: event };
      return reply.code(201).send(event);
    },
  );

  app.patch(
    `/${CATALOG_PATHS.operatorEvents}/:eventId`,
    {
      config: { ...route, audit: 'catalog.event.update' },
      schema: {
        tags: ['catalog operator'],
        summary: "Update an event's details (not its match state)",
        security: operatorSecurity,
        params: Type.Object({ eventId: CatalogId }),
        body: EventUpdateSchema,
        response: { 200: CatalogEventSchema, ...errorResponses },
      },
    },
    async (request) => {
      const before = await eventBefore(db, request.params.eventId);
      const event = await writes.updateEvent(
        actorOf(request),
        request.params.eventId,
        request.body,
      );
      request.auditChange = {
        subject: `event:${request.params.eventId}`,
        ...picked(before, event, request.body),
      };
      return event;
    },
  );

  app.post(
    `/${CATALOG_PATHS.operatorEvents}/:eventId/state`,
    {
      config: { ...route, audit: 'catalog.event.state' },
      schema: {
        tags: ['catalog operator'],
        summary: 'Change match state: status, play state, toss, innings, result, stream status',
        description:
          'Legal moves only (409 ILLEGAL_TRANSITION otherwise, e.g. completed -> scheduled). Appends to the timeline at `at` (default now).',
        security: operatorSecurity,
        params: Type.Object({ eventId: CatalogId }),
        body: StateChangeSchema,
        response: { 200: CatalogEventSchema, ...errorResponses },
      },
    },
    async (request) => {
      const before = await eventBefore(db, request.params.eventId);
      const event = await writes.changeState(
        actorOf(request),
        request.params.eventId,
        request.body,
      );
      request.auditChange = {
        subject: `event:${request.params.eventId}`,
        ...picked(before, event, request.body),
      };
      return event;
    },
  );

  app.get(
    `/${CATALOG_PATHS.operatorAudit}`,
    {
      config: route,
      schema: {
        tags: ['catalog operator'],
        summary: 'The audit trail, newest first: who changed what, when',
        security: operatorSecurity,
        querystring: Type.Object(
          {
            entity: Type.Optional(CatalogId),
            limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$' })),
            cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({
            items: Type.Array(AuditEntrySchema),
            nextCursor: Type.Union([Type.String(), Type.Null()]),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const limit = Number(request.query.limit ?? 50);
      if (limit < 1 || limit > 200)
        throw new ApiError(
          'VALIDATION_FAILED',
          'Field "limit" must be a whole number from 1 to 200.',
        );
      const where = [];
      if (request.query.entity) where.push(eq(catalogAudit.entityId, request.query.entity));
      if (request.query.cursor) where.push(lt(catalogAudit.id, Number(request.query.cursor)));
      const rows = await db
        .select()
        .from(catalogAudit)
        .where(and(...where))
        .orderBy(desc(catalogAudit.id))
        .limit(limit + 1);
      const items = rows.slice(0, limit).map((r) => ({ ...r, at: r.at.toISOString() }));
      const last = items[items.length - 1];
      return {
        items,
        nextCursor: rows.length > limit && last ? String(last.id) : null,
      };
    },
  );
}
