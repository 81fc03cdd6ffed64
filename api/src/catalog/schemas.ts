/**
 * TypeBox schemas of the catalog's wire types (@crease/contract catalog.ts), used by the viewer
 * and operator routes for validation, serialization and the OpenAPI document.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TSchema } from '@fastify/type-provider-typebox';
import {
  CATALOG_ID_MAX_LENGTH,
  CATALOG_ID_PATTERN,
  EVENT_STATUS_GROUPS,
  LEAGUE_STATUSES,
  MATCH_FORMATS,
  MATCH_STATUSES,
  PLAY_STATES,
  STREAM_EVENT_STATUSES,
} from '@crease/contract';
import type { Team } from '@crease/contract';

/** A string enum as JSON Schema `enum`, so a bad value's 400 lists the allowed ones. */
export const StringEnum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const CatalogId = Type.String({
  pattern: CATALOG_ID_PATTERN,
  maxLength: CATALOG_ID_MAX_LENGTH,
  description: 'A slug: lower-case letters, digits and single hyphens.',
});
export const UtcTime = Type.String({ format: 'date-time', maxLength: 40 });
const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

export const MatchStatusSchema = StringEnum(MATCH_STATUSES);
export const PlayStateSchema = StringEnum(PLAY_STATES);
export const StreamEventStatusSchema = StringEnum(STREAM_EVENT_STATUSES);

export const TeamSchema = Type.Object(
  {
    name: Text(80),
    shortName: Type.String({ pattern: '^[A-Z]{2,4}$', description: '2-4 capitals' }),
    colours: Type.Object(
      {
        primary: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
        secondary: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export const TeamsSchema = Type.Unsafe<[Team, Team]>(
  Type.Array(TeamSchema, { minItems: 2, maxItems: 2 }),
);

export const VenueSchema = Type.Object(
  { name: Text(120), city: Text(80), country: Text(80) },
  { additionalProperties: false },
);

export const TossSchema = Type.Object(
  {
    winner: Type.String({ pattern: '^[A-Z]{2,4}$' }),
    decision: StringEnum(['bat', 'bowl'] as const),
  },
  { additionalProperties: false },
);

export const InningsSchema = Type.Object(
  {
    team: Type.String({ pattern: '^[A-Z]{2,4}$' }),
    runs: Type.Integer({ minimum: 0, maximum: 2000 }),
    wickets: Type.Integer({ minimum: 0, maximum: 10 }),
    overs: Type.String({
      pattern: '^(0|[1-9][0-9]{0,2})(\\.[0-5])?$',
      description: 'Cricket notation: 18.4 = 18 overs and 4 balls.',
    }),
    declared: Type.Boolean(),
  },
  { additionalProperties: false },
);

const matchStateFields = {
  status: MatchStatusSchema,
  playState: nullable(PlayStateSchema),
  toss: nullable(TossSchema),
  innings: Type.Array(InningsSchema, { maxItems: 4 }),
  scoreSummary: Type.String(),
  result: nullable(Type.String()),
  eventStatus: StreamEventStatusSchema,
};

export const MatchStateSchema = Type.Object(matchStateFields);

export const CatalogEventSchema = Type.Object({
  eventId: Type.String(),
  leagueId: Type.String(),
  title: Type.String(),
  teams: TeamsSchema,
  venue: VenueSchema,
  format: StringEnum(MATCH_FORMATS),
  startTime: Type.String({ format: 'date-time' }),
  estimatedEnd: Type.String({ format: 'date-time' }),
  channelId: Type.String(),
  updatedAt: Type.String({ format: 'date-time' }),
  ...matchStateFields,
});

export const LeagueSchema = Type.Object({
  leagueId: Type.String(),
  caption: Type.String(),
  description: Type.String(),
  logoFilename: Type.String(),
  logoAltText: Type.String(),
  application: Type.String(),
  status: StringEnum(LEAGUE_STATUSES),
  active: Type.Boolean(),
  events: Type.Array(CatalogEventSchema),
});

/** Query values arrive as strings (ajv does not coerce here): limit is parsed by the handler. */
export const EventFilters = {
  league: Type.Optional(CatalogId),
  status: Type.Optional(StringEnum(EVENT_STATUS_GROUPS)),
  from: Type.Optional(UtcTime),
  to: Type.Optional(UtcTime),
};

export const EventListQuerySchema = Type.Object(
  {
    ...EventFilters,
    limit: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,3}$', description: '1-100, default 20' }),
    ),
    cursor: Type.Optional(Type.String({ maxLength: 300 })),
  },
  { additionalProperties: false },
);

export const EventPageSchema = Type.Object({
  items: Type.Array(CatalogEventSchema),
  nextCursor: nullable(Type.String()),
});

export const cachedHeaders = {
  'if-none-match': Type.Optional(Type.String({ maxLength: 1000 })),
};
