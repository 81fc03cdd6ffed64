/**
 * The catalog's wire shapes are still written twice: the contract's interfaces
 * (shared/contract/src/catalog.ts, scorecard.ts) and the API's TypeBox schemas (schemas.ts,
 * timeline-schemas.ts), which decide what a response carries. `npm run typecheck` compiles this
 * file: a field added to one and not the other, or typed differently, is a type error here, so the
 * two cannot drift while they are still two (decision 465; billing and streams are written once).
 */
import type { Static } from '@fastify/type-provider-typebox';
import type {
  CatalogEvent,
  EventPage,
  EventTimeline,
  KeyMoment,
  League,
  MatchState,
  Scorecard,
} from '@crease/contract';
import type {
  CatalogEventSchema,
  EventPageSchema,
  LeagueSchema,
  MatchStateSchema,
} from './schemas';
import type { KeyMomentSchema, ScorecardSchema, TimelineSchema } from './timeline-schemas';

/** true only when each of A and B is assignable to the other, and they have the same keys. */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never]
      ? true
      : false
    : false
  : false;
/** Compiles only for `true`. */
const same = <T extends true>(): T | undefined => undefined;

describe('the catalog’s contract types and its response schemas', () => {
  it('are the same shapes, field for field (checked by the compiler)', () => {
    same<Same<Static<typeof MatchStateSchema>, MatchState>>();
    same<Same<Static<typeof CatalogEventSchema>, CatalogEvent>>();
    same<Same<Static<typeof LeagueSchema>, League>>();
    same<Same<Static<typeof EventPageSchema>, EventPage>>();
    same<Same<Static<typeof ScorecardSchema>, Scorecard>>();
    same<Same<Static<typeof KeyMomentSchema>, KeyMoment>>();
    same<Same<Static<typeof TimelineSchema>, EventTimeline>>();
    expect(true).toBe(true);
  });
});
