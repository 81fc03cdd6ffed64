import { STORAGE_KEYS } from '@crease/contract';
import type { TokenStore } from '../session/token-store';
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
 * Resolves when another tab's write of the access token reaches this tab (a `storage` event), or
 * after `timeoutMs`. Chromium hands localStorage writes to other tabs' processes asynchronously,
 * so a tab can win the lock right after the tab that refreshed and still read the old token.
 */
export function otherTabsTokenWrite(timeoutMs = 500): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('storage', onStorage);
      clearTimeout(timer);
      resolve();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.accessToken) done();
    };
    const timer = setTimeout(done, timeoutMs);
    window.addEventListener('storage', onStorage);
  });
}

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
    private readonly otherTabsWrite: () => Promise<void> = otherTabsTokenWrite,
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
        const current = this.store.accessToken;
        return current !== null && current !== staleAccessToken ? current : null;
      };
      let current = fresh();
      if (current) return current;
      // We queued behind another tab's refresh: its new tokens may not have reached us yet.
      if (waited) {
        await this.otherTabsWrite();
        current = fresh();
        if (current) return current;
      }
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
