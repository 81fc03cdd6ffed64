import type { SessionTokens } from '@crease/contract';
import { BrowserSession } from './session';
import { TokenStore, safeStorage } from './token-store';
import type { SafeStorage } from './token-store';

const TOKENS: SessionTokens = {
  access_token: 'new-access',
  refresh_token: 'new-refresh',
  expires_in: 3600,
};

/** Another tab changes localStorage; this tab only hears about it through a storage event. */
function otherTab(target: EventTarget, key: string | null, change: () => void) {
  change();
  target.dispatchEvent(new StorageEvent('storage', { key }));
}

type PasswordGrant = (
  username: string,
  password: string,
  botCheckToken?: string,
) => Promise<SessionTokens>;

function setup(password: PasswordGrant = jest.fn(async () => TOKENS)) {
  const store = new TokenStore();
  const target = new EventTarget();
  const revoke = jest.fn<Promise<void>, [string]>(async () => undefined);
  const session = new BrowserSession(
    store,
    { password, revoke },
    target as unknown as Pick<Window, 'addEventListener'>,
  );
  const listener = jest.fn();
  session.subscribe(listener);
  return { store, target, session, listener, password, revoke };
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('BrowserSession', () => {
  it('signIn stores the tokens from the password grant and notifies subscribers', async () => {
    const { session, listener, password } = setup();

    await session.signIn({ username: 'viewer@example.com', password: 'secret' });

    expect(password).toHaveBeenCalledWith('viewer@example.com', 'secret', undefined);
    expect(session.isSignedIn()).toBe(true);
    expect(window.localStorage.getItem('access_token')).toBe('new-access');
    expect(window.localStorage.getItem('refresh_token')).toBe('new-refresh');
    expect(listener.mock.calls).toEqual([[true]]);
  });

  it('signIn clears old tokens before storing the new ones', async () => {
    window.localStorage.setItem('access_token', 'old-access');
    window.localStorage.setItem('refresh_token', 'old-refresh');
    window.localStorage.setItem('sessionExpired', 'true');
    const writes: string[] = [];
    const real = safeStorage();
    const recording: SafeStorage = {
      get: (key) => real.get(key),
      set: (key, value) => (writes.push(`set ${key}=${value}`), real.set(key, value)),
      remove: (key) => (writes.push(`remove ${key}`), real.remove(key)),
      clear: () => (writes.push('clear'), real.clear()),
    };
    // The new response has no refresh token: the old one must not survive.
    const password = jest.fn(async () => ({
      access_token: 'new-access',
      refresh_token: '',
      expires_in: 60,
    }));
    const session = new BrowserSession(
      new TokenStore(recording),
      { password, revoke: jest.fn() },
      null,
    );

    await session.signIn({ username: 'u', password: 'p' });

    const setAccess = writes.indexOf('set access_token=new-access');
    expect(setAccess).toBeGreaterThan(-1);
    expect(writes.indexOf('remove access_token')).toBeLessThan(setAccess);
    expect(writes.indexOf('remove refresh_token')).toBeLessThan(setAccess);
    expect(writes.indexOf('remove access_token')).toBeGreaterThan(-1);
    expect(writes.indexOf('remove refresh_token')).toBeGreaterThan(-1);
    expect(window.localStorage.getItem('access_token')).toBe('new-access');
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
    expect(window.localStorage.getItem('sessionExpired')).toBeNull();
  });

  it('a failed signIn rejects, stores nothing new and does not notify', async () => {
    const { session, listener } = setup(
      jest.fn(async () => {
        throw new Error('Invalid access token');
      }),
    );

    await expect(session.signIn({ username: 'u', password: 'p' })).rejects.toThrow(
      'Invalid access token',
    );

    expect(session.isSignedIn()).toBe(false);
    expect(listener).not.toHaveBeenCalled();
  });

  it('passes the bot-check token to the password grant', async () => {
    const { session, password } = setup();

    await session.signIn({ username: 'u', password: 'p', botCheckToken: 'proof-1' });

    expect(password).toHaveBeenCalledWith('u', 'p', 'proof-1');
  });

  it('expired() reports the sessionExpired marker until the next sign-in clears it', async () => {
    const { session } = setup();
    expect(session.expired()).toBe(false);
    window.localStorage.setItem('sessionExpired', 'true');
    expect(session.expired()).toBe(true);

    await session.signIn({ username: 'u', password: 'p' });

    expect(session.expired()).toBe(false);
    expect(window.localStorage.getItem('sessionExpired')).toBeNull();
  });

  it('a failed signIn keeps the expired marker (the notice stays)', async () => {
    const { session } = setup(
      jest.fn(async () => {
        throw new Error('Invalid access token');
      }),
    );
    window.localStorage.setItem('sessionExpired', 'true');

    await expect(session.signIn({ username: 'u', password: 'p' })).rejects.toThrow();

    expect(session.expired()).toBe(true);
  });

  it('signOut revokes the stored refresh token after clearing storage, without waiting', async () => {
    const { session, revoke } = setup();
    await session.signIn({ username: 'u', password: 'p' });
    let storageWhenRevoked = -1;
    let settle!: () => void;
    revoke.mockImplementation(() => {
      storageWhenRevoked = window.localStorage.length;
      return new Promise<void>((resolve) => (settle = resolve));
    });

    session.signOut();

    // Signed out synchronously, while the revoke call is still pending.
    expect(session.isSignedIn()).toBe(false);
    expect(window.localStorage).toHaveLength(0);
    expect(revoke).toHaveBeenCalledTimes(1);
    expect(revoke).toHaveBeenCalledWith('new-refresh');
    expect(storageWhenRevoked).toBe(0);
    settle();
  });

  it('signOut still signs out when the revoke call fails', async () => {
    const { session, revoke } = setup();
    await session.signIn({ username: 'u', password: 'p' });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    revoke.mockRejectedValue(new TypeError('Failed to fetch'));

    session.signOut();
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(session.isSignedIn()).toBe(false);
    expect(window.localStorage).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('signOut without a refresh token calls no revoke', () => {
    const { session, revoke } = setup();
    window.localStorage.setItem('access_token', 'query-token-only');

    session.signOut();

    expect(revoke).not.toHaveBeenCalled();
    expect(window.localStorage).toHaveLength(0);
  });

  it('signOut clears all of localStorage and notifies subscribers', async () => {
    const { session, listener } = setup();
    await session.signIn({ username: 'u', password: 'p' });
    window.localStorage.setItem('unrelated', 'x');

    session.signOut();

    expect(session.isSignedIn()).toBe(false);
    expect(window.localStorage).toHaveLength(0);
    expect(listener.mock.calls).toEqual([[true], [false]]);
  });

  it('hears a sign-in made in another tab (storage event for access_token)', () => {
    const { target, session, listener } = setup();

    otherTab(target, 'access_token', () =>
      window.localStorage.setItem('access_token', 'from-tab-2'),
    );

    expect(session.isSignedIn()).toBe(true);
    expect(listener.mock.calls).toEqual([[true]]);
  });

  it('hears a sign-out made in another tab (storage event with key null: localStorage.clear())', async () => {
    const { target, session, listener } = setup();
    await session.signIn({ username: 'u', password: 'p' });

    otherTab(target, null, () => window.localStorage.clear());

    expect(session.isSignedIn()).toBe(false);
    expect(listener.mock.calls).toEqual([[true], [false]]);
  });

  it('ignores storage events for other keys and events that change nothing', async () => {
    const { target, listener } = setup();

    otherTab(target, 'forwarded', () => window.localStorage.setItem('forwarded', 'x'));
    otherTab(target, 'access_token', () => undefined);

    expect(listener).not.toHaveBeenCalled();
  });

  it('stops notifying after unsubscribe', () => {
    const { target, session } = setup();
    const late = jest.fn();
    const unsubscribe = session.subscribe(late);

    unsubscribe();
    otherTab(target, 'access_token', () => window.localStorage.setItem('access_token', 'tok'));

    expect(late).not.toHaveBeenCalled();
  });
});

describe('BrowserSession owns every token change (decision 161)', () => {
  function signedIn(onExpired = jest.fn()) {
    window.localStorage.setItem('access_token', 'my.access');
    window.localStorage.setItem('refresh_token', 'my-refresh');
    const target = new EventTarget();
    const revoke = jest.fn<Promise<void>, [string]>(async () => undefined);
    const session = new BrowserSession(
      new TokenStore(),
      { password: jest.fn(), revoke },
      target as unknown as Pick<Window, 'addEventListener'>,
      onExpired,
    );
    const listener = jest.fn();
    session.subscribe(listener);
    return { session, target, revoke, listener, onExpired };
  }

  it('offerQueryToken while signed in changes nothing: the viewer is asked first', () => {
    const { session, revoke, listener } = signedIn();

    expect(session.offerQueryToken('their.access', 'https://partner.example/')).toBe(
      'needs-confirmation',
    );

    expect({ ...window.localStorage }).toEqual({
      access_token: 'my.access',
      refresh_token: 'my-refresh',
    });
    expect(revoke).not.toHaveBeenCalled();
    expect(listener).not.toHaveBeenCalled();
  });

  it('offerQueryToken while signed out signs in at once (docs/product.md §4) and notifies', () => {
    const { session, listener } = setup();

    expect(session.offerQueryToken('their.access', 'https://partner.example/')).toBe('signed-in');

    expect({ ...window.localStorage }).toEqual({
      access_token: 'their.access',
      forwarded: 'https://partner.example/',
    });
    expect(listener.mock.calls).toEqual([[true]]);
  });

  it('adoptQueryToken replaces the account, records forwarded and revokes the replaced family', () => {
    const { session, revoke } = signedIn();
    window.localStorage.setItem('sessionExpired', 'true');

    session.adoptQueryToken('their.access', 'https://partner.example/');

    expect({ ...window.localStorage }).toEqual({
      access_token: 'their.access',
      forwarded: 'https://partner.example/',
    });
    expect(revoke.mock.calls).toEqual([['my-refresh']]);
  });

  it('rotate stores the refreshed pair and keeps the viewer signed in', () => {
    const { session, listener } = signedIn();

    session.rotate(TOKENS);

    expect(session.accessToken()).toBe('new-access');
    expect(session.refreshToken()).toBe('new-refresh');
    expect(listener).not.toHaveBeenCalled();
  });

  it('expire clears storage, sets sessionExpired, tells listeners, then sends the viewer away', () => {
    const order: string[] = [];
    const { session } = signedIn(jest.fn(() => order.push('onExpired')));
    window.localStorage.setItem('forwarded', 'https://partner.example/');
    session.subscribe((now) => order.push(`listener ${now}`));

    session.expire();

    expect({ ...window.localStorage }).toEqual({ sessionExpired: 'true' });
    expect(session.expired()).toBe(true);
    expect(order).toEqual(['listener false', 'onExpired']);
  });

  it("otherTabsTokenWrite resolves on another tab's access-token write, through the one listener", async () => {
    const { session, target } = signedIn();
    let arrived = false;
    const waiting = session.otherTabsTokenWrite(10_000).then(() => (arrived = true));

    otherTab(target, 'forwarded', () => window.localStorage.setItem('forwarded', 'x'));
    await Promise.resolve();
    expect(arrived).toBe(false);
    otherTab(target, 'access_token', () => window.localStorage.setItem('access_token', 'rotated'));

    await waiting;
    expect(arrived).toBe(true);
  });

  it('otherTabsTokenWrite gives up after its timeout', async () => {
    const { session } = signedIn();

    await expect(session.otherTabsTokenWrite(5)).resolves.toBeUndefined();
  });
});
