/**
 * The one error catalogue of the API (STYLE §4): every error leaves as the spec's shape
 * {code, userId, message, timeStamp}. On /oauth2/* the same object also carries RFC 6749's
 * {error, error_description}, so OAuth2 clients and our shell both read it.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type {
  AccountErrorCode,
  BillingErrorCode,
  CatalogErrorCode,
  StreamErrorCode,
} from '@crease/contract';
import { MESSAGES } from '@crease/contract';

/** Every code the API sends: the accounts, catalog and billing catalogues (all in @crease/contract). */
export type ApiErrorCode = AccountErrorCode | CatalogErrorCode | BillingErrorCode | StreamErrorCode;

interface CatalogueEntry {
  status: number;
  message: string;
  /** RFC 6749 §5.2 error, for the token and revoke endpoints. */
  oauth: string;
}

const ACCOUNT_AND_CATALOG_ERRORS: Record<AccountErrorCode | CatalogErrorCode, CatalogueEntry> = {
  VALIDATION_FAILED: {
    status: 400,
    message: 'The request is not valid.',
    oauth: 'invalid_request',
  },
  MALFORMED_JSON: {
    status: 400,
    message: 'The request body is not valid JSON.',
    oauth: 'invalid_request',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'Send the body as application/json.',
    oauth: 'invalid_request',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: 'The request body is too large.',
    oauth: 'invalid_request',
  },
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
  INVALID_OLD_PASSWORD: {
    status: 400,
    message: 'Your current password is incorrect.',
    oauth: 'invalid_request',
  },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    message: 'Too many attempts. Please wait a few minutes and try again.',
    oauth: 'invalid_request',
  },
  BOT_CHECK_FAILED: {
    status: 400,
    message: 'We could not verify that you are not a robot. Please try again.',
    oauth: 'invalid_request',
  },
  XSRF_TOKEN_MISSING: {
    status: 403,
    message: 'The cross-site request token is missing. Reload the page and try again.',
    oauth: 'invalid_request',
  },
  XSRF_TOKEN_MISMATCH: {
    status: 403,
    message: 'The cross-site request token does not match. Reload the page and try again.',
    oauth: 'invalid_request',
  },
  UNAUTHORIZED: { status: 401, message: 'Sign in to continue.', oauth: 'invalid_token' },
  RESET_LINK_EXPIRED: { status: 208, message: MESSAGES.resetLinkExpired, oauth: 'invalid_grant' },
  NOT_FOUND: {
    status: 404,
    message: 'There is nothing at this address.',
    oauth: 'invalid_request',
  },
  INTERNAL_ERROR: { status: 500, message: MESSAGES.genericError, oauth: 'server_error' },
  INVALID_CLIENT: { status: 401, message: 'Unknown client.', oauth: 'invalid_client' },
  UNSUPPORTED_GRANT_TYPE: {
    status: 400,
    message: 'grant_type must be password or refresh_token.',
    oauth: 'unsupported_grant_type',
  },
  INVALID_SCOPE: { status: 400, message: 'scope must be API.', oauth: 'invalid_scope' },
  INVALID_REFRESH_TOKEN: {
    status: 400,
    message: 'Your session has ended. Please sign in again.',
    oauth: 'invalid_grant',
  },
  INVALID_IDEMPOTENCY_KEY: {
    status: 400,
    message: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
    oauth: 'invalid_request',
  },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: 'The same request is still being processed. Please try again in a moment.',
    oauth: 'invalid_request',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request.',
    oauth: 'invalid_request',
  },
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
};

/** Retry-After for a 429 whose limit did not say (see sendError). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

const billing = (status: number, message: string): CatalogueEntry => ({
  status,
  message,
  oauth: 'invalid_request',
});

/** Billing (docs/billing.md). Payment declines are 402, like the card networks' own answer. */
const BILLING_ERRORS: Record<BillingErrorCode, CatalogueEntry> = {
  PLAN_NOT_FOUND: billing(404, 'There is no such plan for sale.'),
  PLAN_INACTIVE: billing(409, 'This plan is no longer sold. Please choose another plan.'),
  PRICE_CHANGED: billing(409, 'The price has changed. Please review the new price and try again.'),
  COUPON_NOT_FOUND: billing(404, 'This coupon code is not valid.'),
  COUPON_EXPIRED: billing(410, 'This coupon has expired.'),
  COUPON_NOT_YET_VALID: billing(409, 'This coupon is not valid yet.'),
  COUPON_EXHAUSTED: billing(409, 'This coupon has been used up.'),
  COUPON_NOT_APPLICABLE: billing(422, 'This coupon does not apply to the chosen plan.'),
  COUPON_ALREADY_USED: billing(409, 'You have already used this coupon.'),
  IDEMPOTENCY_KEY_REQUIRED: billing(
    400,
    'Send an Idempotency-Key header, so that a retried or double-clicked payment is made once.',
  ),
  CHECKOUT_NOT_FOUND: billing(404, 'There is no such checkout.'),
  TRIAL_ALREADY_USED: billing(409, 'This account has already used its free trial.'),
  TRIAL_DEVICE_ALREADY_USED: billing(409, 'This device has already been used for a free trial.'),
  PLAN_ALREADY_ACTIVE: billing(409, 'You already have an active plan.'),
  NO_ACTIVE_SUBSCRIPTION: billing(409, 'You have no active subscription to cancel.'),
  SUBSCRIPTION_ALREADY_CANCELLED: billing(
    409,
    'Your subscription is already cancelled; it stays active until the end of the period.',
  ),
  DEVICE_LIMIT_REACHED: billing(
    409,
    'Your plan allows no more devices. Sign out one of your devices to use this one.',
  ),
  DEVICE_NOT_FOUND: billing(404, 'There is no such device on your account.'),
  DEVICE_NOT_REGISTERED: billing(409, 'Register this device first.'),
  PAYMENT_NOT_FOUND: billing(404, 'There is no such payment.'),
  WEBHOOK_SIGNATURE_INVALID: billing(400, 'The webhook signature is missing or does not verify.'),
  WEBHOOK_TIMESTAMP_STALE: billing(
    400,
    'The webhook timestamp is outside the tolerance (a replay or a skewed clock).',
  ),
  WEBHOOK_PROVIDER_UNKNOWN: billing(404, 'This API does not take webhooks from that provider.'),
  SESSION_NOT_FOUND: billing(404, 'This payment page has no session. Start the payment again.'),
  SESSION_EXPIRED: billing(410, 'This payment session has expired. Start the payment again.'),
  SESSION_ALREADY_PAID: billing(409, 'This payment has already been made.'),
  SESSION_NOT_AWAITING_CONFIRMATION: billing(
    409,
    'This payment is not waiting for a confirmation.',
  ),
  CARD_NUMBER_INVALID: billing(400, 'The card number is not valid. Check it and try again.'),
  CARD_EXPIRED: billing(400, 'The card has expired. Use another card.'),
  CARD_EXPIRY_INVALID: billing(
    400,
    'The expiry date is not valid. Use the month and year on the card.',
  ),
  CARD_CVC_INVALID: billing(
    400,
    'The security code (CVC) must be the 3 digits on the back of the card.',
  ),
  CARD_DECLINED: billing(402, 'Your card was declined. Try another card.'),
  INSUFFICIENT_FUNDS: billing(402, 'Your card has insufficient funds. Try another card.'),
  AUTHENTICATION_FAILED: billing(
    402,
    'The payment was not confirmed with your bank. Try again or use another card.',
  ),
  PAYMENT_PROVIDER_UNAVAILABLE: billing(
    503,
    'Our payment provider is not answering right now. You have not been charged. Please try again in a few minutes.',
  ),
  PAYMENT_PROVIDER_ERROR: billing(
    502,
    'We could not start the payment with our payment provider. You have not been charged. Please try again later.',
  ),
  TRIAL_NETWORK_LIMIT_REACHED: billing(
    429,
    'Too many free trials have been started from your network today. Please try again tomorrow, or choose a plan.',
  ),
};

/** Streams and the stream origin (docs/streams.md). */
const STREAM_ERRORS: Record<StreamErrorCode, CatalogueEntry> = {
  NOT_ENTITLED: billing(403, 'Choose a plan or start your free trial to watch.'),
  STREAM_LIMIT_REACHED: billing(
    409,
    'Your plan allows no more streams at once. Stop watching on another device to watch here.',
  ),
  STREAM_NOT_FOUND: billing(404, 'There is no such stream. Start the stream again.'),
  STREAM_TOKEN_INVALID: billing(403, 'The playback token is not valid. Start the stream again.'),
  STREAM_NOT_STARTED: billing(409, 'This stream has not started yet.'),
  SEGMENT_NOT_FOUND: billing(404, 'This part of the stream is not available.'),
  STREAM_MEDIA_UNAVAILABLE: billing(
    503,
    'The stream origin has no media. Run the media build step (npm run media -w api).',
  ),
};

export const ERROR_CATALOGUE: Record<ApiErrorCode, CatalogueEntry> = {
  ...ACCOUNT_AND_CATALOG_ERRORS,
  ...BILLING_ERRORS,
  ...STREAM_ERRORS,
};

/** An error the API means to send: a catalogue code, optionally a more precise message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message?: string,
    readonly options: {
      userId?: string | null;
      headers?: Record<string, string>;
      /** Extra fields beside the spec's four (e.g. the devices of DEVICE_LIMIT_REACHED). */
      details?: Record<string, unknown>;
      /** Where one code means another status in a context (DEVICE_NOT_REGISTERED on a stream request: 400). */
      status?: number;
    } = {},
  ) {
    super(message ?? ERROR_CATALOGUE[code].message);
    this.status = options.status ?? ERROR_CATALOGUE[code].status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function errorBody(code: string, message: string, userId: string | null = null) {
  return { code, userId, message, timeStamp: new Date().toISOString() };
}

/** Turns one ajv error into a sentence naming the field. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return ERROR_CATALOGUE.VALIDATION_FAILED.message;
  const where = error.validationContext ?? 'body';
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const params = first.params as Record<string, unknown>;
  const field = path || where;
  switch (first.keyword) {
    case 'required':
      return `Missing field "${String(params.missingProperty)}" in the ${where}.`;
    case 'additionalProperties':
      return `Unexpected field "${String(params.additionalProperty)}" in the ${where}.`;
    case 'type':
      return `Field "${field}" must be ${String(params.type)}.`;
    case 'maxLength':
      return `Field "${field}" must be at most ${String(params.limit)} characters.`;
    case 'minLength':
      return `Field "${field}" must not be empty.`;
    case 'enum':
      return `Field "${field}" must be one of: ${(params.allowedValues as unknown[]).join(', ')}.`;
    default:
      return `Field "${field}" ${first.message ?? 'is not valid'}.`;
  }
}

/** Maps anything thrown to a catalogue code and message. Never exposes internals. */
export function classify(error: unknown): {
  code: ApiErrorCode;
  message: string;
  userId: string | null;
} {
  if (isApiError(error))
    return { code: error.code, message: error.message, userId: error.options.userId ?? null };
  const e = error as FastifyError;
  if (e.validation)
    return { code: 'VALIDATION_FAILED', message: validationMessage(e), userId: null };
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: ERROR_CATALOGUE.UNSUPPORTED_MEDIA_TYPE.message,
        userId: null,
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return {
        code: 'PAYLOAD_TOO_LARGE',
        message: ERROR_CATALOGUE.PAYLOAD_TOO_LARGE.message,
        userId: null,
      };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return {
        code: 'MALFORMED_JSON',
        message: ERROR_CATALOGUE.MALFORMED_JSON.message,
        userId: null,
      };
  }
  if (e instanceof SyntaxError || (e.statusCode === 400 && /JSON/i.test(e.message)))
    return {
      code: 'MALFORMED_JSON',
      message: ERROR_CATALOGUE.MALFORMED_JSON.message,
      userId: null,
    };
  if (e.statusCode === 429)
    return {
      code: 'TOO_MANY_ATTEMPTS',
      message: ERROR_CATALOGUE.TOO_MANY_ATTEMPTS.message,
      userId: null,
    };
  if (e.statusCode === 404)
    return { code: 'NOT_FOUND', message: ERROR_CATALOGUE.NOT_FOUND.message, userId: null };
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500)
    return {
      code: 'VALIDATION_FAILED',
      message: ERROR_CATALOGUE.VALIDATION_FAILED.message,
      userId: null,
    };
  return { code: 'INTERNAL_ERROR', message: ERROR_CATALOGUE.INTERNAL_ERROR.message, userId: null };
}

export function isOAuthPath(url: string): boolean {
  return url.startsWith('/oauth2/');
}

function details(error: unknown): Record<string, unknown> {
  return isApiError(error) ? (error.options.details ?? {}) : {};
}

/** Sends the one error shape (plus RFC 6749 fields on /oauth2/*). */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
): FastifyReply {
  const { code, message, userId } = classify(error);
  const entry = ERROR_CATALOGUE[code];
  const status = isApiError(error)
    ? error.status
    : code === 'VALIDATION_FAILED' || code === 'MALFORMED_JSON'
      ? 400
      : entry.status;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  for (const [name, value] of Object.entries(
    isApiError(error) ? (error.options.headers ?? {}) : {},
  ))
    reply.header(name, value);
  const rateLimited = (error as { headers?: Record<string, string> }).headers;
  if (rateLimited && !isApiError(error))
    for (const [n, v] of Object.entries(rateLimited)) reply.header(n, v);
  // Every 429 says when to come back (RFC 6585). Each limit sets its precise Retry-After; this
  // only guards a limit that forgot, so a client never has to guess.
  if (status === 429 && !reply.hasHeader('retry-after'))
    reply.header('retry-after', String(DEFAULT_RETRY_AFTER_SECONDS));
  const body = { ...errorBody(code, message, userId), ...details(error) };
  if (isOAuthPath(request.url)) {
    reply.header('cache-control', 'no-store');
    if (code === 'INVALID_CLIENT') reply.header('www-authenticate', 'Basic realm="crease"');
    return reply.code(status).send({ error: entry.oauth, error_description: message, ...body });
  }
  return reply.code(status).send(body);
}
