/**
 * Accounts' error codes: sign-up, sign-in, passwords, the bot check, OAuth2 clients and tokens.
 * The codes are the contract's (@crease/contract); each status and message is part of it too.
 */
import { MESSAGES } from '@crease/contract';
import { ApiError, isApiError, registerErrors } from '../platform/errors';
import type { ErrorTable } from '../platform/errors';

export const ACCOUNT_ERRORS = {
  INVALID_EMAIL: {
    status: 400,
    message: 'Enter an email address like name@example.com.',
    oauth: 'invalid_request',
  },
  WEAK_PASSWORD: { status: 400, message: 'Choose a stronger password.', oauth: 'invalid_request' },
  EMAIL_ALREADY_REGISTERED: {
    status: 409,
    message: 'An account with this email already exists. Sign in or reset your password.',
    oauth: 'invalid_request',
  },
  INVALID_CREDENTIALS: {
    status: 400,
    message: 'The email or password is incorrect.',
    oauth: 'invalid_grant',
  },
  ACCOUNT_DELETED: {
    status: 400,
    message:
      'This account was deleted. You can register again with this email to start a new account.',
    oauth: 'invalid_grant',
  },
  INVALID_OLD_PASSWORD: {
    status: 400,
    message: 'Your current password is incorrect.',
    oauth: 'invalid_request',
  },
  BOT_CHECK_FAILED: {
    status: 400,
    message: 'We could not verify that you are not a robot. Please try again.',
    oauth: 'invalid_request',
  },
  VERIFICATION_LINK_EXPIRED: {
    status: 410,
    message:
      'This confirmation link has expired or was already used. Ask for a new one on your account page.',
    oauth: 'invalid_grant',
  },
  EMAIL_CHANGE_LINK_EXPIRED: {
    status: 410,
    message:
      'This link to change your email has expired or was already used. Ask again on your account page.',
    oauth: 'invalid_grant',
  },
  EMAIL_UNCHANGED: {
    status: 400,
    message: 'That is already the email address of your account.',
    oauth: 'invalid_request',
  },
  EMAIL_UNAVAILABLE: {
    status: 409,
    message:
      'This email address cannot be used for your account any more. Your email was not changed.',
    oauth: 'invalid_request',
  },
  INVALID_SIGN_IN_CODE: {
    status: 400,
    message: 'That sign-in code is not right, or it has expired. Ask for a new one.',
    oauth: 'invalid_grant',
  },
  RESET_LINK_EXPIRED: { status: 208, message: MESSAGES.resetLinkExpired, oauth: 'invalid_grant' },
  INVALID_CLIENT: { status: 401, message: 'Unknown client.', oauth: 'invalid_client' },
  UNSUPPORTED_GRANT_TYPE: {
    status: 400,
    message: 'grant_type must be password, refresh_token or the email-code grant.',
    oauth: 'unsupported_grant_type',
  },
  INVALID_SCOPE: { status: 400, message: 'scope must be API.', oauth: 'invalid_scope' },
  INVALID_REFRESH_TOKEN: {
    status: 400,
    message: 'Your session has ended. Please sign in again.',
    oauth: 'invalid_grant',
  },
} satisfies ErrorTable;

registerErrors(ACCOUNT_ERRORS);

/** This feature's code throws ApiError from here, so its table is loaded first. */
export { ApiError, isApiError };
