import {
  ACCOUNT_PATHS,
  BOT_CHECK_HEADER,
  MESSAGES,
  ProblemError,
  asProblem,
  isErrorResponse,
} from '@crease/contract';
import type { Platform, RegistrationRequest, ResetPasswordRequest } from '@crease/contract';

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
 * docs/product.md §7.2: resolves on 200 with a body (its message is shown: the same whether or not an
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
 * docs/product.md §7.3 and §8: 200 is done; 208 means the link is spent or expired; anything else (any
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

export type VerifyOutcome = 'verified' | 'link-expired' | 'failed';

/**
 * Opens the emailed confirmation link (decision 405): 200 confirms the address; 410 means the
 * link is spent, expired or unknown (a new one is asked for from the account). Never throws.
 */
export async function verifyEmail(
  platform: Services,
  email: string,
  token: string,
): Promise<VerifyOutcome> {
  try {
    const response = await platform.http.post(ACCOUNT_PATHS.verifyEmail, {
      json: { email, token },
      throwHttpErrors: false,
    });
    if (response.status === 410) return 'link-expired';
    return response.status === 200 ? 'verified' : 'failed';
  } catch {
    return 'failed';
  }
}

export type EmailChangeOutcome = 'changed' | 'link-expired' | 'unavailable' | 'failed';

/**
 * Opens the emailed email-change link (decision 423): 200 moves the account to the address;
 * 410 means the link is spent, expired or unknown; 409 that another account took the address
 * meanwhile. Never throws.
 */
export async function confirmEmailChange(
  platform: Services,
  email: string,
  token: string,
): Promise<EmailChangeOutcome> {
  try {
    const response = await platform.http.post(ACCOUNT_PATHS.confirmEmailChange, {
      json: { email, token },
      throwHttpErrors: false,
    });
    if (response.status === 410) return 'link-expired';
    if (response.status === 409) return 'unavailable';
    return response.status === 200 ? 'changed' : 'failed';
  } catch {
    return 'failed';
  }
}

/** Asks for a new confirmation link for the signed-in viewer; resolves to the API's message. */
export function resendVerification(platform: Services): Promise<string> {
  return asProblem(async () => {
    const body = await platform.http
      .post(ACCOUNT_PATHS.emailVerification, { json: {} })
      .json<{ message: string }>();
    return body.message;
  });
}

/**
 * Mails a sign-in code (decision 406): the same answer whether or not an account exists. The
 * proof of work is a sign-in one, as hard as the password grant's from this network.
 */
export function requestSignInCode(platform: Services, email: string): Promise<string> {
  return asProblem(async () => {
    const token = await platform.botCheck.token('signin');
    const body = await platform.http
      .post(ACCOUNT_PATHS.signInCode, { json: { email }, headers: { [BOT_CHECK_HEADER]: token } })
      .json<{ message: string }>();
    return body.message;
  });
}

/** Signs in with an emailed code through the shell's session (the shell owns the tokens). */
export function signInWithCode(platform: Services, email: string, code: string): Promise<void> {
  return asProblem(async () => {
    await platform.session.signIn({ username: email, password: '', signInCode: code });
  });
}
