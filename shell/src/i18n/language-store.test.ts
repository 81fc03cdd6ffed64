import { UI_LANGUAGE_STORAGE } from '@crease/contract';
import type { UiLanguage } from '@crease/contract';
import { LanguageStore } from './language-store';

const KEY = UI_LANGUAGE_STORAGE.localStorage;

/** A device: its localStorage, its browser languages and a session that can sign in and out. */
function device({ stored, browser = ['en-GB'] }: { stored?: string; browser?: string[] } = {}) {
  const storage = new Map<string, string>(stored === undefined ? [] : [[KEY, stored]]);
  let signedIn = false;
  const listeners = new Set<(signedIn: boolean) => void>();
  const saved: UiLanguage[] = [];
  const store = new LanguageStore({
    storage: {
      get: (key) => storage.get(key) ?? null,
      set: (key, value) => !!storage.set(key, value),
    },
    browserLanguages: () => browser,
    session: {
      isSignedIn: () => signedIn,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    saveToAccount: async (language) => void saved.push(language),
  });
  const setSignedIn = (value: boolean) => {
    signedIn = value;
    if (!value) storage.clear(); // docs/product.md §4: sign-out clears all of localStorage
    for (const listener of listeners) listener(value);
  };
  return { store, storage, saved, setSignedIn };
}

describe('LanguageStore (decision 470)', () => {
  it("starts in the browser's language: hi-IN reads Hindi", () => {
    expect(device({ browser: ['hi-IN', 'en'] }).store.current()).toBe('hi');
    expect(device({ browser: ['en-US'] }).store.current()).toBe('en');
  });

  it("keeps a visitor's footer choice in localStorage, and the next visit starts in it", () => {
    const first = device({ browser: ['hi-IN'] });
    const changes: string[] = [];
    first.store.subscribe(() => changes.push(first.store.current()));
    first.store.choose('en');
    expect(first.store.current()).toBe('en');
    expect(changes).toEqual(['en']);
    expect(first.storage.get(KEY)).toBe('en');
    expect(first.saved).toEqual([]); // signed out: nothing goes to an account
    expect(device({ stored: 'en', browser: ['hi-IN'] }).store.current()).toBe('en');
  });

  it('ignores garbage in storage', () => {
    expect(device({ stored: '<script>', browser: ['hi-IN'] }).store.current()).toBe('hi');
    expect(device({ stored: '', browser: ['en'] }).store.current()).toBe('en');
  });

  it("lets the signed-in account's language win, and saves a choice made signed in to it", () => {
    const { store, saved, setSignedIn, storage } = device({ stored: 'en', browser: ['en'] });
    setSignedIn(true);
    store.adoptAccountLanguage('hi');
    expect(store.current()).toBe('hi');
    store.choose('en');
    expect(saved).toEqual(['en']);
    expect(storage.get(KEY)).toBe('en');
  });

  it('an account language arriving while signed out changes nothing', () => {
    const { store } = device({ browser: ['en'] });
    store.adoptAccountLanguage('hi');
    expect(store.current()).toBe('en');
  });

  it('keeps the language through sign-out, which clears localStorage', () => {
    const { store, setSignedIn, storage } = device({ browser: ['en'] });
    setSignedIn(true);
    store.adoptAccountLanguage('hi');
    setSignedIn(false);
    expect(store.current()).toBe('hi');
    expect(storage.get(KEY)).toBe('hi');
  });

  it("does not turn the browser's default into a stored choice at sign-out", () => {
    const { store, setSignedIn, storage } = device({ browser: ['hi-IN'] });
    setSignedIn(true);
    setSignedIn(false);
    expect(store.current()).toBe('hi');
    expect(storage.get(KEY)).toBeUndefined();
  });
});
