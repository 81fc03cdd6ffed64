import ky, { HTTPError } from 'ky';
import type { KyInstance } from 'ky';
import {
  EMAIL_CODE_GRANT_TYPE,
  ACCOUNT_PATHS,
  BOT_CHECK_HEADER,
  IDEMPOTENCY_HEADER,
  INVALID_ACCESS_TOKEN,
  MESSAGES,
  XSRF_HEADER,
} from '@crease/contract';
import type { SessionTokens } from '@crease/contract';
import { isPlausibleToken } from '../session/token-store';
import { RETRY_POLICY } from './retry-policy';
import { xsrfRetryHook, xsrfToken } from './xsrf';
import type { XsrfTokenReader } from './xsrf';

/** docs/product.md §5 / §8: the message is the spec's; remotes recognise the error by its code. */
export class InvalidTokenResponseError extends Error {
  override readonly name = 'InvalidTokenResponseError';
  readonly code = INVALID_ACCESS_TOKEN;
  constructor() {
    super(MESSAGES.invalidAccessToken);
  }
}

/** docs/product.md §5: usable only with a non-empty access_token and expires_in greater than 0. */
export function validateTokenResponse(body: unknown): SessionTokens {
  if (typeof body !== 'object' || body === null) throw new InvalidTokenResponseError();
  const { access_token, refresh_token, expires_in } = body as Record<string, unknown>;
  // Non-empty per docs/product.md §5, and storable: a token the store would drop as garbage is no sign-in.
  if (!isPlausibleToken(access_token)) throw new InvalidTokenResponseError();
  if (typeof expires_in !== 'number' || !(expires_in > 0)) throw new InvalidTokenResponseError();
  return {
    access_token,
    refresh_token: typeof refresh_token === 'string' ? refresh_token : '',
    expires_in,
  };
}

export interface TokenEndpointOptions {
  apiOrigin: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  /** Where the XSRF token is read from; the XSRF-TOKEN cookie by default. */
  xsrf?: XsrfTokenReader;
}

/**
 * POST /oauth2/token (docs/product.md §7.1): form-encoded, client basic credentials in the header.
 * It has its own small ky instance: a token call must never trigger a token refresh.
 * Each grant carries one Idempotency-Key for all its retries (docs/product.md §9: network errors and 5xx),
 * so a refresh whose answer was lost after the API rotated the token gets the same tokens back
 * instead of `invalid_grant` and a signed-out viewer (decision 050).
 */
export class TokenEndpoint {
  private readonly http: KyInstance;

  constructor(options: TokenEndpointOptions) {
    const basic = btoa(`${options.clientId}:${options.clientSecret}`);
    const xsrf = options.xsrf ?? xsrfToken;
    this.http = ky.create({
      prefixUrl: options.apiOrigin,
      credentials: 'include',
      retry: RETRY_POLICY,
      timeout: 30_000,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      headers: { Authorization: `Basic ${basic}`, Accept: 'application/json' },
      hooks: {
        beforeRequest: [
          (request) => {
            const xsrfValue = xsrf();
            if (xsrfValue) request.headers.set(XSRF_HEADER, xsrfValue);
          },
        ],
        afterResponse: [xsrfRetryHook(xsrf, options.fetch)],
      },
    });
  }

  private async grant(
    body: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<SessionTokens> {
    const response = await this.http.post(ACCOUNT_PATHS.token, {
      body: new URLSearchParams(body),
      // Set once per grant, not per attempt: ky resends these headers on every retry.
      headers: { [IDEMPOTENCY_HEADER]: crypto.randomUUID(), ...headers },
    });
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      throw new InvalidTokenResponseError();
    }
    return validateTokenResponse(parsed);
  }

  /** The password grant; the API requires a bot-check token for it (sent as X-Bot-Check). */
  password(username: string, password: string, botCheckToken?: string): Promise<SessionTokens> {
    return this.grant(
      { grant_type: 'password', scope: 'API', username, password },
      botCheckToken ? { [BOT_CHECK_HEADER]: botCheckToken } : {},
    );
  }

  /** An emailed sign-in code (decision 406): no password, no bot check (60 bits, single use). */
  emailCode(username: string, code: string): Promise<SessionTokens> {
    return this.grant({ grant_type: EMAIL_CODE_GRANT_TYPE, username, code });
  }

  refresh(refreshToken: string): Promise<SessionTokens> {
    return this.grant({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /**
   * POST /oauth2/revoke (RFC 7009): the API revokes the refresh token's whole family. Sent with
   * keepalive so it survives the page navigating away; never retried (sign-out does not wait).
   */
  async revoke(refreshToken: string): Promise<void> {
    await this.http.post(ACCOUNT_PATHS.revoke, {
      body: new URLSearchParams({ token: refreshToken }),
      keepalive: true,
      retry: 0,
    });
  }
}

export { HTTPError };
