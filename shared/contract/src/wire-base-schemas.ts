/**
 * The wire schemas other schema files build on: the one error shape and the docs/product.md §3
 * user profile. Re-exported by wire-schemas.ts; kept apart so billing-schemas.ts can extend them
 * without importing wire-schemas.ts, which re-exports it (no import loop).
 */
import { Type } from 'typebox';

const nullableString = Type.Union([Type.String(), Type.Null()]);

/** The one error format on the wire (docs/product.md §3, §8). */
export const ErrorResponseSchema = Type.Object(
  {
    code: Type.String(),
    userId: nullableString,
    message: Type.String(),
    timeStamp: Type.String({ format: 'date-time' }),
  },
  { description: 'The one error shape (docs/product.md §3).' },
);

/**
 * docs/product.md §3 user profile, field for field. The plan fields describe the subscription (planStatus
 * is its state, SUBSCRIPTION_STATES); trialOverallTime and trialTodayTime are the seconds of
 * trial watching left (0 outside a trial).
 */
export const UserProfileSchema = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  active: Type.Boolean(),
  status: Type.String(),
  region: Type.String(),
  videoQuality: Type.String(),
  planId: nullableString,
  planStartDate: nullableString,
  planEndDate: nullableString,
  planActive: Type.Boolean(),
  planStatus: nullableString,
  planCreated: nullableString,
  planUpdated: nullableString,
  trialOverallTime: Type.Integer(),
  trialTodayTime: Type.Integer(),
});
