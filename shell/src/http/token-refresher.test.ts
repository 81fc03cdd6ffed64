import type { SessionTokens } from '@crease/contract';
import { memoryStorage } from '@crease/test-utils';
import { BrowserSession } from '../session/session';
import { TokenStore } from '../session/token-store';
import { RefreshFailedError, TokenRefresher } from './token-refresher';
import type { CrossTabLock } from './token-refresher';

const inProcessLock: CrossTabLock = (_name, task) => task();

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const rotated = (n: number): SessionTokens => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  expires_in: 60,
});

function setup(
  initial: Record<string, string> = { access_token: 'stale', refresh_token: 'refresh-0' },
) {
  const storage = memoryStorage(initial);
  const store = new TokenStore(storage);
  const endpoint = { refresh: jest.fn<Promise<SessionTokens>, [string]>() };
  const onExpired = jest.fn();
  // The real session the refresher asks; other tabs reach it through storage events on `target`.
  const target = new EventTarget();
  const grants = { password: jest.fn(), revoke: jest.fn(async () => undefined) };
  const session = new BrowserSession(
    store,
    grants,
    target as unknown as Pick<Window, 'addEventListener'>,
    onExpired,
  );
  return { storage, store, session, target, endpoint, onExpired };
}

describe('TokenRefresher', () => {
  it('makes one endpoint call for concurrent refresh() calls in one tab', async () => {
    const { store, session, endpoint, onExpired } = setup();
    const answer = deferred<SessionTokens>();
    endpoint.refresh.mockReturnValue(answer.promise);
    const refresher = new TokenRefresher(session, endpoint, inProcessLock);

    const results = Promise.all(Array.from({ length: 5 }, () => refresher.refresh('stale')));
    answer.resolve(rotated(1));

    await expect(results).resolves.toEqual(Array(5).fill('access-1'));
    expect(endpoint.refresh).toHaveBeenCalledTimes(1);
    expect(endpoint.refresh).toHaveBeenCalledWith('refresh-0');
    expect(store.accessToken).toBe('access-1');
    expect(store.refreshToken).toBe('refresh-1');
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('refreshes again once the previous refresh has finished and the new token went stale', async () => {
    const { session, endpoint } = setup();
    endpoint.refresh.mockResolvedValueOnce(rotated(1)).mockResolvedValueOnce(rotated(2));
    const refresher = new TokenRefresher(session, endpoint, inProcessLock);

    await expect(refresher.refresh('stale')).resolves.toBe('access-1');
    await expect(refresher.refresh('access-1')).resolves.toBe('access-2');

    expect(endpoint.refresh.mock.calls).toEqual([['refresh-0'], ['refresh-1']]);
  });

  it('uses the stored token without calling the endpoint when another tab already refreshed', async () => {
    const { session, endpoint, onExpired } = setup({
      access_token: 'from-other-tab',
      refresh_token: 'refresh-9',
    });
    const refresher = new TokenRefresher(session, endpoint, inProcessLock);

    await expect(refresher.refresh('stale')).resolves.toBe('from-other-tab');

    expect(endpoint.refresh).not.toHaveBeenCalled();
    expect(onExpired).not.toHaveBeenCalled();
  });

  it('looks at the store again inside the cross-tab lock', async () => {
    const { storage, session, endpoint } = setup();
    const names: string[] = [];
    // Another tab holds the lock and rotates the tokens before ours gets it.
    const contendedLock: CrossTabLock = async (name, task) => {
      names.push(name);
      storage.set('access_token', 'rotated-elsewhere');
      storage.set('refresh_token', 'refresh-elsewhere');
      return task();
    };
    const refresher = new TokenRefresher(session, endpoint, contendedLock);

    await expect(refresher.refresh('stale')).resolves.toBe('rotated-elsewhere');

    expect(names).toEqual(['crease-token-refresh']);
    expect(endpoint.refresh).not.toHaveBeenCalled();
  });

  it("after queueing behind another tab, waits for that tab's write to arrive before spending the refresh token", async () => {
    const { storage, session, target, endpoint } = setup();
    // Another tab held the lock; its new tokens reach this tab only a moment after we get it.
    const queuedLock: CrossTabLock = (_name, task) => task(true);
    const refresher = new TokenRefresher(session, endpoint, queuedLock);

    const result = refresher.refresh('stale');
    await new Promise((resolve) => setTimeout(resolve, 20));
    storage.set('access_token', 'arrived-late');
    storage.set('refresh_token', 'refresh-arrived-late');
    target.dispatchEvent(new StorageEvent('storage', { key: 'access_token' }));

    await expect(result).resolves.toBe('arrived-late');
    expect(endpoint.refresh).not.toHaveBeenCalled();
  });

  it('does not wait for another tab when it held no lock before us', async () => {
    const { session, endpoint } = setup();
    endpoint.refresh.mockResolvedValue({
      access_token: 'ours',
      refresh_token: 'our-refresh',
      expires_in: 900,
    });
    const otherTabsWrite = jest.spyOn(session, 'otherTabsTokenWrite');
    const refresher = new TokenRefresher(session, endpoint, inProcessLock);

    await expect(refresher.refresh('stale')).resolves.toBe('ours');

    expect(otherTabsWrite).not.toHaveBeenCalled();
    expect(endpoint.refresh).toHaveBeenCalledTimes(1);
  });

  it('uses the token another tab stored when our endpoint call is rejected, and does not expire the session', async () => {
    const { storage, store, session, endpoint, onExpired } = setup();
    endpoint.refresh.mockImplementation(async () => {
      // The other tab won the race with the same refresh token: ours is now revoked.
      storage.set('access_token', 'winner-access');
      storage.set('refresh_token', 'winner-refresh');
      throw new Error('invalid_grant');
    });
    const refresher = new TokenRefresher(session, endpoint, inProcessLock);

    await expect(refresher.refresh('stale')).resolves.toBe('winner-access');

    expect(onExpired).not.toHaveBeenCalled();
    expect(store.sessionExpired).toBe(false);
    expect(storage.entries()).toEqual({
      access_token: 'winner-access',
      refresh_token: 'winner-refresh',
    });
  });

  it('expires the session once when the endpoint rejects and no other tab refreshed', async () => {
    const { storage, session, endpoint, onExpired } = setup({
      access_token: 'stale',
      refresh_token: 'refresh-0',
      forwarded: 'https://ref.example/',
    });
    const failure = new Error('invalid_grant');
    endpoint.refresh.mockRejectedValue(failure);
    const refresher = new TokenRefresher(session, endpoint, inProcessLock);

    const results = await Promise.allSettled([
      refresher.refresh('stale'),
      refresher.refresh('stale'),
    ]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as RefreshFailedError;
      expect(reason).toBeInstanceOf(RefreshFailedError);
      expect(reason.cause).toBe(failure);
    }
    expect(endpoint.refresh).toHaveBeenCalledTimes(1);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(storage.entries()).toEqual({ sessionExpired: 'true' });
  });

  it('expires the session without calling the endpoint when there is no refresh token', async () => {
    const { storage, session, endpoint, onExpired } = setup({ access_token: 'stale' });
    const refresher = new TokenRefresher(session, endpoint, inProcessLock);

    await expect(refresher.refresh('stale')).rejects.toBeInstanceOf(RefreshFailedError);

    expect(endpoint.refresh).not.toHaveBeenCalled();
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(storage.entries()).toEqual({ sessionExpired: 'true' });
  });

  it('adds no storage listener of its own: the session has the one (decision 161)', async () => {
    const target = new EventTarget();
    const add = jest.spyOn(target, 'addEventListener');
    const storage = memoryStorage({ access_token: 'stale', refresh_token: 'refresh-0' });
    const session = new BrowserSession(
      new TokenStore(storage),
      { password: jest.fn(), revoke: jest.fn() },
      target as unknown as Pick<Window, 'addEventListener'>,
    );
    const windowAdd = jest.spyOn(window, 'addEventListener');
    const refresher = new TokenRefresher(
      session,
      { refresh: jest.fn(async () => rotated(1)) },
      (_name, task) => task(true),
    );

    const refreshed = refresher.refresh('stale');
    storage.set('access_token', 'other');
    target.dispatchEvent(new StorageEvent('storage', { key: 'access_token' }));

    await expect(refreshed).resolves.toBe('other');
    expect(add.mock.calls.map(([type]) => type)).toEqual(['storage']);
    expect(windowAdd.mock.calls.filter(([type]) => String(type) === 'storage')).toEqual([]);
    windowAdd.mockRestore();
  });
});
