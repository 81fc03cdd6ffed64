/** TypeBox schemas of the scoring wire (@crease/contract scoring.ts): validation and the docs. */
import { Type } from '@fastify/type-provider-typebox';
import { DISMISSAL_MODES, STOPPAGE_REASONS } from '@crease/contract';
import { StringEnum } from '@crease/contract/schemas';

const Name = Type.String({ minLength: 1, maxLength: 80 });
const strict = { additionalProperties: false } as const;

const Delivery = Type.Union([
  Type.Object(
    { kind: Type.Literal('runs'), runs: Type.Integer({ minimum: 0, maximum: 6 }) },
    strict,
  ),
  Type.Object(
    {
      kind: StringEnum(['wide', 'noBall', 'bye', 'legBye'] as const),
      runs: Type.Integer({ minimum: 0, maximum: 7 }),
    },
    strict,
  ),
  Type.Object(
    {
      kind: Type.Literal('wicket'),
      mode: StringEnum(DISMISSAL_MODES),
      fielder: Type.Union([Name, Type.Null()]),
      out: StringEnum(['striker', 'nonStriker'] as const),
      newBatter: Type.Union([Name, Type.Null()]),
    },
    strict,
  ),
]);

export const ScoringActionSchema = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('inningsStart'),
      battingTeam: Type.String({ minLength: 1, maxLength: 16 }),
      striker: Name,
      nonStriker: Name,
      bowler: Name,
    },
    strict,
  ),
  Type.Object({ kind: Type.Literal('ball'), delivery: Delivery }, strict),
  Type.Object({ kind: Type.Literal('overEnd'), nextBowler: Name }, strict),
  Type.Object({ kind: Type.Literal('inningsEnd') }, strict),
  Type.Object({ kind: Type.Literal('stoppage'), reason: StringEnum(STOPPAGE_REASONS) }, strict),
  Type.Object({ kind: Type.Literal('resume') }, strict),
  Type.Object({ kind: Type.Literal('undo') }, strict),
]);

export const ScoringSubmissionSchema = Type.Object(
  {
    ballId: Type.String({
      pattern: '^[A-Za-z0-9-]{8,64}$',
      description: 'Chosen by the client once per press (a UUID): a retry records nothing new',
    }),
    expectedSeq: Type.Integer({ minimum: 0, description: 'ScoringState.seq as the scorer saw it' }),
    pictureTime: Type.Optional(
      Type.String({
        maxLength: 40,
        description: 'Program-date-time of the picture on air at the press (decision 444)',
      }),
    ),
    action: ScoringActionSchema,
  },
  strict,
);
