/**
 * One app's catalogues and the React side of them: `defineMessages({ en, hi })` in the app's
 * messages module, `<MessagesProvider language={…}>` at its root (the shell's choice, from
 * ScreenProps in a remote), and `const { t } = useMessages()` in any component.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { UiLanguage } from '@crease/contract';
import { viewerLocales } from '../intl';
import { formattingLocale } from './choose-language';
import { createTranslator } from './translator';
import type { Catalogue, Translator } from './translator';

type Loader = () => Promise<Catalogue | { default: Catalogue }>;

export interface CatalogueSet<Key extends string> {
  /** English: the source every other catalogue translates, always bundled. */
  en: Readonly<Record<Key, unknown>>;
  /**
   * Every other language: bundled with the app (a remote, whose catalogues load with it), or a
   * loader fetched on first use (the shell's Hindi, so `/` in English fetches nothing more).
   */
  others: Readonly<Record<Exclude<UiLanguage, 'en'>, Catalogue | Loader>>;
}

export interface Messages<Key extends string> {
  MessagesProvider(props: { language: UiLanguage | undefined; children: ReactNode }): ReactNode;
  useMessages(): Translator<Key>;
  /** Fetches a lazily loaded catalogue (the shell awaits it before its first render). */
  load(language: UiLanguage): Promise<void>;
  /** The translator for a language whose catalogue is at hand, else null. */
  translator(language: UiLanguage): Translator<Key> | null;
}

const unwrap = (module: Catalogue | { default: Catalogue }): Catalogue =>
  'default' in module && typeof module.default === 'object' && module.default !== null
    ? (module.default as Catalogue)
    : (module as Catalogue);

export function defineMessages<Key extends string>({
  en,
  others,
}: CatalogueSet<Key>): Messages<Key> {
  const catalogues = new Map<UiLanguage, Catalogue>([['en', en]]);
  for (const [language, catalogue] of Object.entries(others) as [UiLanguage, Catalogue | Loader][])
    if (typeof catalogue !== 'function') catalogues.set(language, catalogue);
  const pending = new Map<UiLanguage, Promise<void>>();
  const translators = new Map<UiLanguage, Translator<Key>>();

  function translator(language: UiLanguage): Translator<Key> | null {
    const cached = translators.get(language);
    if (cached) return cached;
    const catalogue = catalogues.get(language);
    if (!catalogue) return null;
    const made = createTranslator(
      language,
      catalogue,
      en,
      formattingLocale(language, viewerLocales()),
    );
    translators.set(language, made);
    return made;
  }

  function load(language: UiLanguage): Promise<void> {
    if (catalogues.has(language)) return Promise.resolve();
    const loader = (others as Record<string, Catalogue | Loader>)[language];
    if (typeof loader !== 'function') return Promise.resolve();
    let loading = pending.get(language);
    if (!loading) {
      loading = loader().then(
        (module) => void catalogues.set(language, unwrap(module)),
        (error: unknown) => {
          pending.delete(language); // the next switch tries again
          throw error;
        },
      );
      pending.set(language, loading);
    }
    return loading;
  }

  const english = () => translator('en') as Translator<Key>;
  const Context = createContext<Translator<Key> | null>(null);

  function MessagesProvider({
    language = 'en',
    children,
  }: {
    language: UiLanguage | undefined;
    children: ReactNode;
  }) {
    // Bumped when a catalogue lands, so this renders again and finds it.
    const [, setLoadedCount] = useState(0);
    const [shown, setShown] = useState<Translator<Key>>(() => translator(language) ?? english());
    useEffect(() => {
      if (catalogues.has(language)) return; // at hand: nothing to wait for
      let current = true;
      load(language)
        .then(() => current && setLoadedCount((n) => n + 1))
        .catch((error: unknown) => console.warn(`[crease] ${language} messages failed`, error));
      return () => {
        current = false;
      };
    }, [language]);
    // Until a lazily loaded catalogue lands, the page keeps the language it was showing.
    const ready = translator(language);
    useEffect(() => {
      if (ready) setShown(ready);
    }, [ready]);
    return <Context.Provider value={ready ?? shown}>{children}</Context.Provider>;
  }

  function useMessages(): Translator<Key> {
    return useContext(Context) ?? english();
  }

  return { MessagesProvider, useMessages, load, translator };
}
