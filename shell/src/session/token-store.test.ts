import { STORAGE_KEYS } from '@crease/contract';
import { TokenStore, isPlausibleToken, safeStorage } from './token-store';

function allKeys(): string[] {
  return Object.keys(window.localStorage).sort();
}

beforeEach(() => {
  window.localStorage.clear();
});

describe('TokenStore with the real localStorage', () => {
  it('uses exactly the keys of docs/product.md §3', () => {
    expect(STORAGE_KEYS).toEqual({
      accessToken: 'access_token',
      refreshToken: 'refresh_token',
      forwarded: 'forwarded',
      sessionExpired: 'sessionExpired',
    });
    const store = new TokenStore();

    store.replaceTokens({ access_token: 'acc-1', refresh_token: 'ref-1' });
    store.setForwarded('https://partner.example/page');

    expect(allKeys()).toEqual(['access_token', 'forwarded', 'refresh_token']);
    expect(window.localStorage.getItem('access_token')).toBe('acc-1');
    expect(window.localStorage.getItem('refresh_token')).toBe('ref-1');
    expect(window.localStorage.getItem('forwarded')).toBe('https://partner.example/page');
    expect(store.signedIn).toBe(true);
    expect(store.accessToken).toBe('acc-1');
    expect(store.refreshToken).toBe('ref-1');
    expect(store.forwarded).toBe('https://partner.example/page');
  });

  it('is signed out when nothing is stored', () => {
    const store = new TokenStore();
    expect(store.signedIn).toBe(false);
    expect(store.accessToken).toBeNull();
    expect(store.forwarded).toBeNull();
    expect(store.sessionExpired).toBe(false);
  });

  it('replaceTokens clears the old tokens (and the expired marker) before storing the new ones', () => {
    window.localStorage.setItem('access_token', 'old-access');
    window.localStorage.setItem('refresh_token', 'old-refresh');
    window.localStorage.setItem('sessionExpired', 'true');
    const store = new TokenStore();

    // A sign-in response without a refresh token must not leave the old one behind.
    store.replaceTokens({ access_token: 'new-access' });

    expect(window.localStorage.getItem('access_token')).toBe('new-access');
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
    expect(window.localStorage.getItem('sessionExpired')).toBeNull();
    expect(store.sessionExpired).toBe(false);
  });

  it('replaceTokens removes before it sets', () => {
    const calls: string[] = [];
    const store = new TokenStore({
      get: () => null,
      set: (key) => {
        calls.push(`set ${key}`);
        return true;
      },
      remove: (key) => calls.push(`remove ${key}`),
      clear: () => calls.push('clear'),
    });

    store.replaceTokens({ access_token: 'a', refresh_token: 'r' });

    expect(calls).toEqual([
      'remove access_token',
      'remove refresh_token',
      'remove sessionExpired',
      'set access_token',
      'set refresh_token',
    ]);
  });

  it('clearAll clears all of localStorage, unrelated keys included (docs/product.md §4 sign-out)', () => {
    window.localStorage.setItem('access_token', 'a');
    window.localStorage.setItem('refresh_token', 'r');
    window.localStorage.setItem('forwarded', 'f');
    window.localStorage.setItem('someone-elses-key', 'x');

    new TokenStore().clearAll();

    expect(window.localStorage).toHaveLength(0);
  });

  it("expire() clears everything and sets sessionExpired to 'true'", () => {
    window.localStorage.setItem('access_token', 'a');
    window.localStorage.setItem('refresh_token', 'r');
    window.localStorage.setItem('forwarded', 'f');
    window.localStorage.setItem('unrelated', 'x');
    const store = new TokenStore();

    store.expire();

    expect(allKeys()).toEqual(['sessionExpired']);
    expect(window.localStorage.getItem('sessionExpired')).toBe('true');
    expect(store.sessionExpired).toBe(true);
    expect(store.signedIn).toBe(false);
  });

  it('storeRefreshed writes the rotated pair', () => {
    const store = new TokenStore();
    store.replaceTokens({ access_token: 'a1', refresh_token: 'r1' });

    store.storeRefreshed({ access_token: 'a2', refresh_token: 'r2', expires_in: 60 });

    expect(store.accessToken).toBe('a2');
    expect(store.refreshToken).toBe('r2');
  });

  describe('garbage in access_token', () => {
    const garbage: [string, string][] = [
      ['a 1 MB string', 'x'.repeat(1024 * 1024)],
      ['spaces, newlines and half a JSON object', 'abc def\n{"json":'],
      ['an empty string', ''],
      ['markup', '<script>alert(1)</script>'],
    ];

    it.each(garbage)('%s counts as signed out and does not throw', (_name, value) => {
      window.localStorage.setItem('access_token', value);
      const store = new TokenStore();

      expect(() => store.signedIn).not.toThrow();
      expect(store.signedIn).toBe(false);
      expect(store.accessToken).toBeNull();
    });

    it('a garbage token is removed so it is never sent as a bearer', () => {
      window.localStorage.setItem('access_token', 'two words');
      window.localStorage.setItem('forwarded', 'kept');

      expect(new TokenStore().signedIn).toBe(false);

      expect(window.localStorage.getItem('access_token')).toBeNull();
      expect(window.localStorage.getItem('forwarded')).toBe('kept');
    });

    it('a garbage refresh token counts as none', () => {
      window.localStorage.setItem('refresh_token', 'not\na token');
      expect(new TokenStore().refreshToken).toBeNull();
    });
  });

  it('a plausible token is at most 8192 characters of the token alphabet', () => {
    expect(isPlausibleToken('eyJhbGciOi.J9-_~+/=')).toBe(true);
    expect(isPlausibleToken('a'.repeat(8192))).toBe(true);
    expect(isPlausibleToken('a'.repeat(8193))).toBe(false);
    expect(isPlausibleToken('')).toBe(false);
    expect(isPlausibleToken(null)).toBe(false);
    expect(isPlausibleToken(undefined)).toBe(false);
  });
});

describe('a storage that throws (privacy mode, quota, disabled)', () => {
  const throwing = {
    get length(): number {
      throw new Error('SecurityError');
    },
    getItem: () => {
      throw new Error('SecurityError');
    },
    setItem: () => {
      throw new Error('QuotaExceededError');
    },
    removeItem: () => {
      throw new Error('SecurityError');
    },
    clear: () => {
      throw new Error('SecurityError');
    },
    key: () => {
      throw new Error('SecurityError');
    },
  } as Storage;

  it('never throws and reports signed out', () => {
    const store = new TokenStore(safeStorage(() => throwing));

    expect(() => {
      store.replaceTokens({ access_token: 'a', refresh_token: 'r' });
      store.storeRefreshed({ access_token: 'a', refresh_token: 'r', expires_in: 1 });
      store.setForwarded('x');
      store.clearAll();
      store.expire();
    }).not.toThrow();
    expect(store.signedIn).toBe(false);
    expect(store.accessToken).toBeNull();
    expect(store.refreshToken).toBeNull();
    expect(store.forwarded).toBeNull();
    expect(store.sessionExpired).toBe(false);
  });

  it('reports a failed write', () => {
    expect(safeStorage(() => throwing).set('k', 'v')).toBe(false);
  });

  it('never throws when even getting the storage throws, or there is none', () => {
    const denied = safeStorage(() => {
      throw new Error('SecurityError: localStorage is disabled');
    });
    const missing = safeStorage(() => undefined);

    for (const storage of [denied, missing]) {
      const store = new TokenStore(storage);
      expect(() => store.replaceTokens({ access_token: 'a' })).not.toThrow();
      expect(() => store.expire()).not.toThrow();
      expect(store.signedIn).toBe(false);
      expect(storage.set('k', 'v')).toBe(false);
    }
  });
});
