import { UI_LANGUAGE_STORAGE, isUiLanguage } from '@crease/contract';
import type { UiLanguage } from '@crease/contract';
import { chooseLanguage } from '@crease/ui/i18n';
import type { SafeStorage } from '../session/token-store';

export interface LanguageStoreOptions {
  storage: Pick<SafeStorage, 'get' | 'set'>;
  /** navigator.languages, most preferred first. */
  browserLanguages(): readonly string[];
  /** The session: a choice made while signed in is the account's; sign-out clears storage. */
  session: { isSignedIn(): boolean; subscribe(listener: (signedIn: boolean) => void): () => void };
  /** Saves a choice made while signed in to the account (absent: the device keeps it only). */
  saveToAccount?(language: UiLanguage): Promise<void>;
}

/**
 * The language the site speaks (issue 34 §4, decision 470): the account's choice when signed
 * in, else the visitor's footer choice in localStorage, else the browser's languages, else
 * English (chooseLanguage). The shell renders in it, sets `<html lang>` from it and passes it to
 * every remote in ScreenProps.
 */
export class LanguageStore {
  private readonly listeners = new Set<() => void>();
  private account: UiLanguage | null = null;
  /** A choice made on purpose (the footer, the account): what sign-out must not forget. */
  private chosen: UiLanguage | null;
  private language: UiLanguage;
  private choices = 0;

  constructor(private readonly options: LanguageStoreOptions) {
    const stored = options.storage.get(UI_LANGUAGE_STORAGE.localStorage);
    this.chosen = isUiLanguage(stored) ? stored : null;
    this.language = this.decide();
    // Sign-out clears all of localStorage (docs/product.md §4); a chosen language is no session
    // data, so the page keeps it, and so does the next visit. The browser's default is not
    // written: it keeps following the browser.
    options.session.subscribe((signedIn) => {
      if (signedIn) return;
      this.account = null;
      if (this.chosen && this.options.storage.get(UI_LANGUAGE_STORAGE.localStorage) === null)
        this.options.storage.set(UI_LANGUAGE_STORAGE.localStorage, this.chosen);
      this.update();
    });
  }

  current(): UiLanguage {
    return this.language;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The footer switcher: kept on this device, and on the account when signed in. */
  choose(language: UiLanguage): void {
    if (!isUiLanguage(language)) return;
    this.chosen = language;
    this.choices += 1;
    this.options.storage.set(UI_LANGUAGE_STORAGE.localStorage, language);
    if (this.options.session.isSignedIn()) {
      this.account = language;
      this.options
        .saveToAccount?.(language)
        .catch((error: unknown) =>
          console.warn('[crease] the language was not saved to the account', error),
        );
    }
    this.update();
  }

  /** Counts footer choices: an account read that started before the latest one is stale. */
  choiceCount(): number {
    return this.choices;
  }

  /** The signed-in account's saved language (from its profile); null when it has none. */
  adoptAccountLanguage(language: unknown): void {
    if (!this.options.session.isSignedIn()) return;
    this.account = isUiLanguage(language) ? language : null;
    if (this.account) {
      this.chosen = this.account;
      this.options.storage.set(UI_LANGUAGE_STORAGE.localStorage, this.account);
    }
    this.update();
  }

  private decide(): UiLanguage {
    return chooseLanguage({
      account: this.options.session.isSignedIn() ? this.account : null,
      stored: this.options.storage.get(UI_LANGUAGE_STORAGE.localStorage),
      browser: this.options.browserLanguages(),
    });
  }

  private update(): void {
    const next = this.decide();
    if (next === this.language) return;
    this.language = next;
    for (const listener of this.listeners) listener();
  }
}
