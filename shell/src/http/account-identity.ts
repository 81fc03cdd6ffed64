import ky, { HTTPError } from 'ky';
import type { KyInstance } from 'ky';
import { ACCOUNT_PATHS } from '@crease/contract';
import type { UserProfile } from '@crease/contract';
import type { AccountIdentity, AccountLookup } from '../session/account-switch';
import { RETRY_POLICY } from './retry-policy';

export interface AccountLookupOptions {
  apiOrigin: string;
  /** The shell's client, for the viewer's own session. */
  http: KyInstance;
  fetch?: typeof fetch;
}

const identityOf = ({ userId, email }: UserProfile): AccountIdentity => ({ userId, email });

/**
 * Who a token belongs to, as the API says (GET /api/v1/me). Not read from the JWT: anyone can
 * write claims into a token, only the API can check its signature, and only the API knows
 * whether its session is still live (decision 160). `ofToken` answers null when the API refuses
 * the token (expired, revoked, forged) and never refreshes: the token is not ours to refresh.
 */
export function createAccountLookup({
  apiOrigin,
  http,
  fetch: fetchImpl,
}: AccountLookupOptions): AccountLookup {
  // A bare client: no stored bearer, no refresh on 401 (the shell's client would retry a refused
  // link token with the viewer's own, and then name the viewer as the link's account).
  const bare = ky.create({
    prefixUrl: apiOrigin,
    credentials: 'include',
    timeout: 30_000,
    retry: RETRY_POLICY,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    headers: { Accept: 'application/json' },
  });
  return {
    async signedIn() {
      return identityOf(await http.get(ACCOUNT_PATHS.me).json<UserProfile>());
    },
    async ofToken(token) {
      try {
        const profile = await bare
          .get(ACCOUNT_PATHS.me, { headers: { Authorization: `Bearer ${token}` } })
          .json<UserProfile>();
        return identityOf(profile);
      } catch (error) {
        if (error instanceof HTTPError && error.response.status === 401) return null;
        throw error;
      }
    },
  };
}
