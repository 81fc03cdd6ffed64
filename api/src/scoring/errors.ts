/** Scoring's error codes (@crease/contract SCORING_ERROR_CODES). */
import { ApiError, registerErrors, plainEntry } from '../platform/errors';
import type { ErrorTable } from '../platform/errors';

export const SCORING_ERRORS = {
  SCORING_CONFLICT: plainEntry(
    409,
    'The match has moved on since you last saw it: reload its state and score again.',
  ),
  SCORING_BALL_ID_REUSED: plainEntry(409, 'This ball id was recorded with a different action.'),
  SCORING_NOT_NOW: plainEntry(409, 'This action does not fit the match as it stands.'),
} satisfies ErrorTable;

registerErrors(SCORING_ERRORS);

export { ApiError };
