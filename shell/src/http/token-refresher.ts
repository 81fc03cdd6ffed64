import type { TokenStore } from '../session/token-store';
import type { TokenEndpoint } from './token-endpoint';

export class RefreshFailedError extends Error {
  override readonly name = 'RefreshFailedError';
}

/** Runs `task` while holding a lock shared by every tab of this origin (Web Locks), when available. */
export type CrossTabLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

export const webLocks: CrossTabLock = (name, task) => {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(name, task) as Promise<Awaited<ReturnType<typeof task>>>) : task();
};

/**
 * One refresh at a time, for every caller in this tab (a shared promise) and across tabs
 * (a Web Lock). Inside the lock we look again: if another tab already rotated the tokens
 * while we waited, we use its result instead of spending our now-revoked refresh token.
 */
export class TokenRefresher {
  private inFlight: Promise<string> | null = null;

  constructor(
    private readonly store: TokenStore,
    private readonly endpoint: Pick<TokenEndpoint, 'refresh'>,
    private readonly onExpired: () => void,
    private readonly lock: CrossTabLock = webLocks,
  ) {}

  /** @param staleAccessToken the token the failed request carried. Resolves to a fresh access token. */
  refresh(staleAccessToken: string | null): Promise<string> {
    this.inFlight ??= this.run(staleAccessToken).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private run(staleAccessToken: string | null): Promise<string> {
    return this.lock('crease-token-refresh', async () => {
      const current = this.store.accessToken;
      if (current !== null && current !== staleAccessToken) return current;
      const refreshToken = this.store.refreshToken;
      if (refreshToken === null) {
        this.expire();
        throw new RefreshFailedError('no refresh token');
      }
      try {
        const tokens = await this.endpoint.refresh(refreshToken);
        this.store.storeRefreshed(tokens);
        return tokens.access_token;
      } catch (error) {
        // Another tab may have won the race with the same refresh token: its tokens count.
        const after = this.store.accessToken;
        if (after !== null && after !== staleAccessToken) return after;
        this.expire();
        throw new RefreshFailedError('refresh rejected', { cause: error });
      }
    });
  }

  private expire(): void {
    this.store.expire();
    this.onExpired();
  }
}
