import { useSyncExternalStore } from 'react';
import type { UiLanguage } from '@crease/contract';
import type { LanguageStore } from './language-store';

/** The shell's current language; re-renders on every change (the footer switcher, sign-in). */
export function useLanguage(store: Pick<LanguageStore, 'current' | 'subscribe'>): UiLanguage {
  return useSyncExternalStore(
    (onChange) => store.subscribe(onChange),
    () => store.current(),
    () => 'en',
  );
}
