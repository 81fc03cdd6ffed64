import { INVALID_ACCESS_TOKEN, MESSAGES, isInvalidAccessTokenError } from './accounts';
import { BILLING_ERROR_CODES } from './billing';
import { isErrorResponse } from './wire';

/**
 * The 5xx answers whose message is meant for the viewer: the API's coded billing failures (a
 * payment provider outage). Any other 5xx gets the spec's generic message.
 */
const SHOWN_SERVER_CODES: readonly string[] = BILLING_ERROR_CODES;

/**
 * What a failed call means to a screen: the HTTP status (0 when there was no answer), the API's
 * stable code, and a message fit to show. Errors are data (STYLE §4). Every remote reads failed
 * calls with problemOf, so they all show the same message for the same failure.
 */
export interface Problem {
  status: number;
  code: string;
  message: string;
  /** The whole error body, for codes that carry more (for example the devices of a 409). */
  body?: unknown;
  /** Seconds, from Retry-After (a 429, or a 503 of the payment provider). */
  retryAfter?: number;
}

/** Thrown with the Problem attached, so a screen can `catch` one thing. */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  constructor(readonly problem: Problem) {
    super(problem.message);
  }
}

/** The error the shell's ky client throws for a non-2xx answer; duck-typed (ky is the shell's). */
function responseOf(error: unknown): Response | null {
  const response = (error as { response?: Partial<Response> } | null)?.response;
  return typeof response?.status === 'number' && typeof response.json === 'function'
    ? (response as Response)
    : null;
}

/**
 * Turns anything a call can throw into a Problem. The API's own message is shown when it sent
 * the spec's error shape; otherwise (network error, 5xx after the shell's retries, a proxy's HTML
 * page) the spec's generic message. The shell's unusable-token error is recognised by its code.
 */
export async function problemOf(error: unknown): Promise<Problem> {
  if (error instanceof ProblemError) return error.problem;
  const response = responseOf(error);
  if (!response) {
    if (isInvalidAccessTokenError(error)) {
      return { status: 200, code: INVALID_ACCESS_TOKEN, message: MESSAGES.invalidAccessToken };
    }
    return { status: 0, code: 'NETWORK_ERROR', message: MESSAGES.genericError };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON: fall through to the generic message.
  }
  const retryAfterHeader = Number(response.headers.get('Retry-After'));
  const retryAfter =
    Number.isFinite(retryAfterHeader) && retryAfterHeader > 0 ? retryAfterHeader : undefined;
  if (isErrorResponse(body) && (response.status < 500 || SHOWN_SERVER_CODES.includes(body.code))) {
    return {
      status: response.status,
      code: body.code,
      message: body.message,
      body,
      ...(retryAfter ? { retryAfter } : {}),
    };
  }
  return { status: response.status, code: 'UNEXPECTED', message: MESSAGES.genericError };
}

/** Runs a call and rethrows whatever it throws as a ProblemError. */
export async function asProblem<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof ProblemError ? error : new ProblemError(await problemOf(error));
  }
}
