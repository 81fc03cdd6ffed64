import type { KyInstance } from 'ky';
import { ACCOUNT_PATHS } from '@crease/contract';
import type { UiLanguage } from '@crease/contract';
import type { LanguageStore } from './language-store';

/** PUT the footer's choice to the signed-in account (decision 470). */
export const saveAccountLanguage = (http: KyInstance) => async (uiLanguage: UiLanguage) => {
  await http.put(ACCOUNT_PATHS.uiLanguage, { json: { uiLanguage } });
};

/**
 * Reads the account's saved language whenever the viewer is signed in (now, and at each sign-in)
 * and lets it win over the device's. A failed read leaves the page as it is: the language is
 * a comfort, never a reason to show an error.
 */
export function followAccountLanguage(
  http: KyInstance,
  session: { isSignedIn(): boolean; subscribe(listener: (signedIn: boolean) => void): unknown },
  store: Pick<LanguageStore, 'adoptAccountLanguage' | 'choiceCount'>,
): void {
  const read = () => {
    if (!session.isSignedIn()) return;
    const before = store.choiceCount();
    http
      .get(ACCOUNT_PATHS.uiLanguage)
      .json<{ uiLanguage?: unknown }>()
      // A footer choice made while the read was on its way is newer than its answer.
      .then((body) => store.choiceCount() === before && store.adoptAccountLanguage(body.uiLanguage))
      .catch(() => undefined);
  };
  session.subscribe((signedIn) => {
    if (signedIn) read();
  });
  read();
}
