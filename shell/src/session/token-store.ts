import { STORAGE_KEYS } from '@crease/contract';
import type { SessionTokens } from '@crease/contract';

/** Tokens are opaque to us but never huge or multi-line; anything else is garbage, not a session. */
const MAX_TOKEN_LENGTH = 8192;
const TOKEN_PATTERN = /^[A-Za-z0-9\-._~+/=]+$/;

export function isPlausibleToken(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_TOKEN_LENGTH &&
    TOKEN_PATTERN.test(value)
  );
}

/**
 * Local storage that never throws: storage can be disabled (privacy modes), full, or hold
 * garbage another script wrote. Reads return null, writes report failure.
 */
export interface SafeStorage {
  get(key: string): string | null;
  set(key: string, value: string): boolean;
  remove(key: string): void;
  clear(): void;
}

export function safeStorage(
  getStorage: () => Storage | undefined = () => globalThis.localStorage,
): SafeStorage {
  const storage = () => {
    try {
      return getStorage();
    } catch {
      return undefined;
    }
  };
  return {
    get(key) {
      try {
        return storage()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        const s = storage();
        if (!s) return false;
        s.setItem(key, value);
        return true;
      } catch {
        return false;
      }
    },
    remove(key) {
      try {
        storage()?.removeItem(key);
      } catch {
        // Nothing to do: an unreadable storage holds no session for us.
      }
    },
    clear() {
      try {
        storage()?.clear();
      } catch {
        // As above.
      }
    },
  };
}

/** The token store: the docs/product.md §4 transitions, and nothing else, touch these keys. */
export class TokenStore {
  constructor(private readonly storage: SafeStorage = safeStorage()) {}

  /** A garbage value counts as no token, and is removed so it is not sent as a bearer. */
  get accessToken(): string | null {
    const value = this.storage.get(STORAGE_KEYS.accessToken);
    if (value === null || value === '') return null;
    if (!isPlausibleToken(value)) {
      this.storage.remove(STORAGE_KEYS.accessToken);
      return null;
    }
    return value;
  }

  get refreshToken(): string | null {
    const value = this.storage.get(STORAGE_KEYS.refreshToken);
    return isPlausibleToken(value) ? value : null;
  }

  /** docs/product.md §4: signed in means a non-empty access token is stored. */
  get signedIn(): boolean {
    return this.accessToken !== null;
  }

  get forwarded(): string | null {
    return this.storage.get(STORAGE_KEYS.forwarded);
  }

  get sessionExpired(): boolean {
    return this.storage.get(STORAGE_KEYS.sessionExpired) === 'true';
  }

  /** docs/product.md §4 sign-in: old tokens are cleared first, then the new ones stored. */
  replaceTokens(
    tokens: Pick<SessionTokens, 'access_token'> & Partial<Pick<SessionTokens, 'refresh_token'>>,
  ): void {
    this.storage.remove(STORAGE_KEYS.accessToken);
    this.storage.remove(STORAGE_KEYS.refreshToken);
    this.storage.remove(STORAGE_KEYS.sessionExpired);
    this.storage.set(STORAGE_KEYS.accessToken, tokens.access_token);
    if (tokens.refresh_token) this.storage.set(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  }

  /** Stores a rotated pair after a refresh. */
  storeRefreshed(tokens: SessionTokens): void {
    this.storage.set(STORAGE_KEYS.accessToken, tokens.access_token);
    this.storage.set(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  }

  setForwarded(referrer: string): void {
    this.storage.set(STORAGE_KEYS.forwarded, referrer);
  }

  /** docs/product.md §4 sign-out: all local storage is cleared. */
  clearAll(): void {
    this.storage.clear();
  }

  /** docs/product.md §4 refresh failure: clear everything, then mark the session as expired. */
  expire(): void {
    this.storage.clear();
    this.storage.set(STORAGE_KEYS.sessionExpired, 'true');
  }
}
