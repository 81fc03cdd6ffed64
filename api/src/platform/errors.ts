/**
 * The API's errors (STYLE §4): every error leaves as the spec's shape {code, userId, message,
 * timeStamp}. Each feature owns its codes' statuses and messages (<feature>/errors.ts, decision
 * 190) and registers them here; these are the platform's own (HTTP, XSRF, idempotency). The
 * Fastify error handler that sends them is error-handler.ts.
 */
import type {
  AccountErrorCode,
  BillingErrorCode,
  CatalogErrorCode,
  DataExportErrorCode,
  IngestErrorCode,
  ScoringErrorCode,
  StaffErrorCode,
  StreamErrorCode,
} from '@crease/contract';
import { MESSAGES } from '@crease/contract';

/** Every code the API sends: the accounts, catalog and billing catalogues (all in @crease/contract). */
export type ApiErrorCode =
  | AccountErrorCode
  | CatalogErrorCode
  | BillingErrorCode
  | StreamErrorCode
  | IngestErrorCode
  | StaffErrorCode
  | ScoringErrorCode
  | DataExportErrorCode;

export interface CatalogueEntry {
  status: number;
  message: string;
  /** RFC 6749 §5.2 error, for the token and revoke endpoints. */
  oauth: string;
}

/** A feature's codes: each with its status, message and OAuth2 error. */
export type ErrorTable = Partial<Record<ApiErrorCode, CatalogueEntry>>;

/** An entry outside OAuth2's vocabulary (billing, streams): `invalid_request` there. */
export const plainEntry = (status: number, message: string): CatalogueEntry => ({
  status,
  message,
  oauth: 'invalid_request',
});

/** The platform's codes: malformed requests, sign-in needed, XSRF, idempotency, limits. */
export const PLATFORM_ERRORS = {
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
  TOO_MANY_ATTEMPTS: {
    status: 429,
    message: 'Too many attempts. Please wait a few minutes and try again.',
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
  NOT_FOUND: {
    status: 404,
    message: 'There is nothing at this address.',
    oauth: 'invalid_request',
  },
  INTERNAL_ERROR: { status: 500, message: MESSAGES.genericError, oauth: 'server_error' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'Crease is briefly unavailable. Please try again in a moment.',
    oauth: 'temporarily_unavailable',
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
} satisfies ErrorTable;

const catalogue = new Map<ApiErrorCode, CatalogueEntry>();

/** Adds a feature's table; its errors.ts calls this when it loads. */
export function registerErrors(table: ErrorTable): void {
  for (const [code, entry] of Object.entries(table) as [ApiErrorCode, CatalogueEntry][])
    catalogue.set(code, entry);
}

registerErrors(PLATFORM_ERRORS);

/** A code's entry. A code whose feature's errors.ts never loaded is a bug, not a 500 to hide. */
export function catalogueEntry(code: ApiErrorCode): CatalogueEntry {
  const entry = catalogue.get(code);
  if (!entry) throw new Error(`${code} is in no loaded error table (its feature's errors.ts)`);
  return entry;
}

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
    super(message ?? catalogueEntry(code).message);
    this.status = options.status ?? catalogueEntry(code).status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The spec's one result shape (docs/product.md §3), written once: every error, and the few 2xx answers sent
 * in the same shape (error-schemas.ts `result`). `at` is the API clock's now (decision 420), so an
 * answer's timeStamp agrees with the rows and periods it reports on a moved test clock too.
 */
export function errorBody(at: Date, code: string, message: string, userId: string | null = null) {
  return { code, userId, message, timeStamp: at.toISOString() };
}
