/**
 * TypeBox schemas of an event's timeline (@crease/contract TimelineEntry): the state with its
 * ball-by-ball scorecard, commentary and key moment (decision 225). Documentation and response
 * shape of GET events/:eventId/timeline.
 */
import { Type } from '@fastify/type-provider-typebox';
import type { TSchema } from '@fastify/type-provider-typebox';
import type { KeyMomentKind } from '@crease/contract';
import { MatchStateSchema, StringEnum } from './schemas';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const KEY_MOMENT_KINDS: readonly KeyMomentKind[] = [
  'wicket',
  'four',
  'six',
  'fifty',
  'hundred',
  'inningsEnd',
  'rainDelay',
  'badLight',
];

export const ScorecardSchema = Type.Object({
  battingTeam: nullable(Type.String()),
  batters: Type.Array(
    Type.Object({
      name: Type.String(),
      runs: Type.Integer(),
      balls: Type.Integer(),
      fours: Type.Integer(),
      sixes: Type.Integer(),
      onStrike: Type.Boolean(),
      dismissal: nullable(Type.String({ description: '"c Smith b Khan"; null while not out' })),
    }),
  ),
  bowlers: Type.Array(
    Type.Object({
      name: Type.String(),
      overs: Type.String(),
      maidens: Type.Integer(),
      runs: Type.Integer(),
      wickets: Type.Integer(),
      current: Type.Boolean(),
    }),
  ),
  lastBalls: Type.Array(Type.String(), {
    maxItems: 6,
    description: 'Oldest first: "4", "W", "1wd"',
  }),
  target: nullable(Type.Integer()),
  requiredRunRate: nullable(Type.Number()),
  interruption: nullable(
    Type.String({ description: '"Innings break", "Rain delay", "Bad light"; null in play' }),
  ),
  extras: Type.Optional(
    Type.Object(
      {
        byes: Type.Integer(),
        legByes: Type.Integer(),
        wides: Type.Integer(),
        noBalls: Type.Integer(),
        penalties: Type.Integer(),
      },
      { description: "Runs not off the bat: the batters' runs plus these are the innings' runs" },
    ),
  ),
  fallOfWickets: Type.Optional(
    Type.Array(
      Type.Object({
        wicket: Type.Integer({ minimum: 1, maximum: 10 }),
        runs: Type.Integer(),
        batter: Type.String(),
        overs: Type.String({ description: 'Cricket notation when it fell' }),
      }),
    ),
  ),
});

export const KeyMomentSchema = Type.Object({
  kind: StringEnum(KEY_MOMENT_KINDS),
  label: Type.String({ description: '"Wicket: Rahul c Smith b Khan, 34 (27)"' }),
});

export const TimelineSchema = Type.Object({
  eventId: Type.String(),
  entries: Type.Array(
    Type.Object({
      seq: Type.Integer(),
      at: Type.String({ format: 'date-time', description: 'The wall time = the picture time' }),
      state: Type.Intersect([
        MatchStateSchema,
        Type.Object({ scorecard: Type.Optional(nullable(ScorecardSchema)) }),
      ]),
      commentary: Type.Optional(nullable(Type.String())),
      moment: Type.Optional(nullable(KeyMomentSchema)),
    }),
  ),
});
