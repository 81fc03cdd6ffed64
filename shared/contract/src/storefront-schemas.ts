/**
 * TypeBox schemas of the storefront's matches (issue 22 §3): the one spelling of their shape.
 * billing-storefront.ts derives the types with `Static`; the API's storefront route validates
 * and documents with them. Reached through `@crease/contract/schemas` (wire-schemas.ts).
 */
import { Type } from 'typebox';

const HexColourSchema = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: '#rrggbb' });

/** A team's crest: its short name on its colours (the catalog's own facts, no image to fetch). */
export const TeamCrestSchema = Type.Object({
  shortName: Type.String(),
  colours: Type.Object({ primary: HexColourSchema, secondary: HexColourSchema }),
});

export const StorefrontMatchSchema = Type.Object({
  eventId: Type.String(),
  title: Type.String(),
  league: Type.String({ description: 'The league\'s caption ("Premier Cricket League").' }),
  teams: Type.Tuple([Type.String(), Type.String()], { description: "The two teams' names." }),
  crests: Type.Tuple([TeamCrestSchema, TeamCrestSchema], {
    description: "Each team's crest, in `teams` order.",
  }),
  startTime: Type.String({
    format: 'date-time',
    description: "UTC ISO: shown in the visitor's local time.",
  }),
});
