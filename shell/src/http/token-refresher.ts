import type { RefreshableSession } from '../session/session';
import type { TokenEndpoint } from './token-endpoint';

export class RefreshFailedError extends Error {
  override readonly name = 'RefreshFailedError';
}

/**
 * Runs `task` while holding a lock shared by every tab of this origin (Web Locks), when available.
 * `waited` is true when another tab held the lock first: it was refreshing while we queued.
 */
export type CrossTabLock = <T>(name: string, task: (waited?: boolean) => Promise<T>) => Promise<T>;

const NOT_TAKEN = Symbol('lock held by another tab');

export const webLocks: CrossTabLock = async <T>(
  name: string,
  task: (waited?: boolean) => Promise<T>,
): Promise<T> => {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task(false);
  // First without queueing: a miss means another tab is refreshing right now.
  const quick = (await locks.request(name, { ifAvailable: true }, (lock) =>
    lock ? task(false) : NOT_TAKEN,
  )) as T | typeof NOT_TAKEN;
  if (quick !== NOT_TAKEN) return quick;
  return locks.request(name, () => task(true)) as Promise<T>;
};

/**
 * One refresh at a time, for every caller in this tab (a shared promise) and across tabs
 * (a Web Lock). Inside the lock we look again: if another tab already rotated the tokens
 * while we waited, we use its result instead of spending our now-revoked refresh token.
 * It asks the API; the session stores the answer, or ends itself when there is none (decision 161).
 */
export class TokenRefresher {
  private inFlight: Promise<string> | null = null;

  constructor(
    private readonly session: RefreshableSession,
    private readonly endpoint: Pick<TokenEndpoint, 'refresh'>,
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
    return this.lock('crease-token-refresh', async (waited) => {
      const fresh = () => {
        const current = this.session.accessToken();
        return current !== null && current !== staleAccessToken ? current : null;
      };
      let current = fresh();
      if (current) return current;
      // We queued behind another tab's refresh: its new tokens may not have reached us yet.
      if (waited) {
        await this.session.otherTabsTokenWrite();
        current = fresh();
        if (current) return current;
      }
      const refreshToken = this.session.refreshToken();
      if (refreshToken === null) {
        this.session.expire();
        throw new RefreshFailedError('no refresh token');
      }
      try {
        const tokens = await this.endpoint.refresh(refreshToken);
        this.session.rotate(tokens);
        return tokens.access_token;
      } catch (error) {
        // Another tab may have won the race with the same refresh token: its tokens count.
        const after = this.session.accessToken();
        if (after !== null && after !== staleAccessToken) return after;
        this.session.expire();
        throw new RefreshFailedError('refresh rejected', { cause: error });
      }
    });
  }
}
