/**
 * Catalog error codes: unknown leagues and events, illegal state changes, operator tokens.
 * The codes are the contract's (@crease/contract); each status and message is part of it too.
 */
import { ApiError, isApiError, registerErrors } from '../platform/errors';
import type { ErrorTable } from '../platform/errors';

export const CATALOG_ERRORS = {
  LEAGUE_NOT_FOUND: { status: 404, message: 'There is no such league.', oauth: 'invalid_request' },
  EVENT_NOT_FOUND: { status: 404, message: 'There is no such event.', oauth: 'invalid_request' },
  ILLEGAL_TRANSITION: {
    status: 409,
    message: 'That state change is not a legal move from the current state.',
    oauth: 'invalid_request',
  },
  LEAGUE_EXISTS: {
    status: 409,
    message: 'A league with this id already exists.',
    oauth: 'invalid_request',
  },
  EVENT_EXISTS: {
    status: 409,
    message: 'An event with this id already exists.',
    oauth: 'invalid_request',
  },
  OPERATOR_TOKEN_REQUIRED: {
    status: 401,
    message: 'The operator API needs a token: Authorization: Bearer <token>.',
    oauth: 'invalid_token',
  },
  INVALID_OPERATOR_TOKEN: {
    status: 401,
    message: 'The operator token is not valid.',
    oauth: 'invalid_token',
  },
  OPERATOR_API_LOCKED: {
    status: 403,
    message:
      'No operator tokens are configured (CREASE_CATALOG_OPERATOR_TOKENS), and production refuses operator calls without one.',
    oauth: 'invalid_request',
  },
  TEAM_NOT_FOUND: {
    status: 404,
    message: 'No match on Crease has a team by that name.',
    oauth: 'invalid_request',
  },
  REMINDER_TOO_LATE: {
    status: 409,
    message: 'This match has already started or is over, so there is nothing to remind you of.',
    oauth: 'invalid_request',
  },
  TIME_ZONE_UNKNOWN: {
    status: 400,
    message: 'That time zone is not one we know. Send an IANA zone such as Asia/Kolkata.',
    oauth: 'invalid_request',
  },
} satisfies ErrorTable;

registerErrors(CATALOG_ERRORS);

/** This feature's code throws ApiError from here, so its table is loaded first. */
export { ApiError, isApiError };
