import { ACCOUNT_PATHS, BOT_CHECK_HEADER, MESSAGES, isErrorResponse } from '@crease/contract';
import type { Platform, RegistrationRequest, ResetPasswordRequest } from '@crease/contract';

/**
 * What a failed call means to a form: the HTTP status (0 when there was no answer), the API's
 * stable code, and a message fit to show. Errors are data (STYLE §4).
 */
export interface Problem {
  status: number;
  code: string;
  message: string;
  /** Seconds, from Retry-After on a 429. */
  retryAfter?: number;
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
 * the spec's error shape; otherwise (network error, 5xx after retries, a proxy's HTML page) the
 * spec's generic message.
 */
export async function problemOf(error: unknown): Promise<Problem> {
  const response = responseOf(error);
  if (!response) {
    // SPEC §5 / §8: the shell rejects unusable token data with exactly this message.
    if (error instanceof Error && error.message === MESSAGES.invalidAccessToken) {
      return { status: 200, code: 'INVALID_ACCESS_TOKEN', message: MESSAGES.invalidAccessToken };
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
  if (isErrorResponse(body) && response.status < 500) {
    return {
      status: response.status,
      code: body.code,
      message: body.message,
      ...(retryAfter ? { retryAfter } : {}),
    };
  }
  return { status: response.status, code: 'UNEXPECTED', message: MESSAGES.genericError };
}

/** Thrown by the calls below with the Problem attached, so a form can `catch` one thing. */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  constructor(readonly problem: Problem) {
    super(problem.message);
  }
}

async function asProblem<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProblemError) throw error;
    throw new ProblemError(await problemOf(error));
  }
}

type Services = Pick<Platform, 'http' | 'botCheck' | 'session'>;

/**
 * Signs in through the shell's session (the shell owns the tokens). The bot-check token is
 * fetched here unless one was prepared in advance (registration prepares it in parallel).
 */
export function signIn(
  platform: Services,
  email: string,
  password: string,
  botCheckToken?: Promise<string>,
): Promise<void> {
  return asProblem(async () => {
    const token = await (botCheckToken ?? platform.botCheck.token('signin'));
    await platform.session.signIn({ username: email, password, botCheckToken: token });
  });
}

export interface Registered {
  userId: string;
  email: string;
}

export function register(platform: Services, request: RegistrationRequest): Promise<Registered> {
  return asProblem(async () => {
    const token = await platform.botCheck.token('register');
    return platform.http
      .post(ACCOUNT_PATHS.register, { json: request, headers: { [BOT_CHECK_HEADER]: token } })
      .json<Registered>();
  });
}

/**
 * SPEC §7.2: resolves on 200 with a body (its message is shown: the same whether or not an
 * account exists), otherwise rejects with the message.
 */
export function requestReset(platform: Services, email: string): Promise<string> {
  return asProblem(async () => {
    const token = await platform.botCheck.token('reset');
    const response = await platform.http.post(ACCOUNT_PATHS.initReset, {
      json: { email },
      headers: { [BOT_CHECK_HEADER]: token },
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.status !== 200 || !isErrorResponse(body)) {
      throw new ProblemError({
        status: response.status,
        code: 'UNEXPECTED',
        message: MESSAGES.genericError,
      });
    }
    return body.message;
  });
}

export type ResetOutcome = 'reset' | 'link-expired' | 'failed';

/**
 * SPEC §7.3 and §8: 200 is done; 208 means the link is spent or expired; anything else (any
 * other status, or no answer) is the generic error. Never throws.
 */
export async function resetPassword(
  platform: Services,
  request: ResetPasswordRequest,
): Promise<ResetOutcome> {
  try {
    const response = await platform.http.post(ACCOUNT_PATHS.resetPassword, { json: request });
    if (response.status === 208) return 'link-expired';
    return response.status === 200 ? 'reset' : 'failed';
  } catch {
    return 'failed';
  }
}

export function changePassword(
  platform: Services,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  return asProblem(async () => {
    await platform.http.post(ACCOUNT_PATHS.changePassword, { json: { oldPassword, newPassword } });
  });
}
