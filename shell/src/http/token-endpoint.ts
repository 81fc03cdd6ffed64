import ky, { HTTPError } from 'ky';
import type { KyInstance } from 'ky';
import type { TokenResponse } from '@crease/contract';
import { isPlausibleToken } from '../session/token-store';
import { RETRY_POLICY } from './retry-policy';
import { XSRF_HEADER, xsrfToken } from './xsrf';

/** SPEC §5 / §8. */
export const INVALID_ACCESS_TOKEN = 'Invalid access token';

export class InvalidTokenResponseError extends Error {
  override readonly name = 'InvalidTokenResponseError';
  constructor() {
    super(INVALID_ACCESS_TOKEN);
  }
}

/** SPEC §5: usable only with a non-empty access_token and expires_in greater than 0. */
export function validateTokenResponse(body: unknown): TokenResponse {
  if (typeof body !== 'object' || body === null) throw new InvalidTokenResponseError();
  const { access_token, refresh_token, expires_in } = body as Record<string, unknown>;
  // Non-empty per SPEC §5, and storable: a token the store would drop as garbage is no sign-in.
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
}

/**
 * POST /oauth2/token (SPEC §7.1): form-encoded, client basic credentials in the header.
 * It has its own small ky instance: a token call must never trigger a token refresh.
 */
export class TokenEndpoint {
  private readonly http: KyInstance;

  constructor(options: TokenEndpointOptions) {
    const basic = btoa(`${options.clientId}:${options.clientSecret}`);
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
            const xsrf = xsrfToken();
            if (xsrf) request.headers.set(XSRF_HEADER, xsrf);
          },
        ],
      },
    });
  }

  private async grant(body: Record<string, string>): Promise<TokenResponse> {
    const response = await this.http.post('oauth2/token', { body: new URLSearchParams(body) });
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      throw new InvalidTokenResponseError();
    }
    return validateTokenResponse(parsed);
  }

  password(username: string, password: string): Promise<TokenResponse> {
    return this.grant({ grant_type: 'password', scope: 'API', username, password });
  }

  refresh(refreshToken: string): Promise<TokenResponse> {
    return this.grant({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }
}

export { HTTPError };
