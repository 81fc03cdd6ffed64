import { UI_LANGUAGE_STORAGE } from '@crease/contract';
import type { UiLanguage } from '@crease/contract';
import { CONSENT_ACCEPTED } from './consent';

const SITE_ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 4780}`;

/**
 * A browser whose visitor picked `language` in the footer on an earlier visit (localStorage,
 * decision 470), with the consent choice made. A spec that checks English words in a browser
 * that says hi-IN starts from this, as a visitor who switched to English would.
 */
export function languageChosen(language: UiLanguage) {
  return {
    cookies: CONSENT_ACCEPTED.cookies,
    origins: [
      {
        origin: SITE_ORIGIN,
        localStorage: [{ name: UI_LANGUAGE_STORAGE.localStorage, value: language }],
      },
    ],
  };
}
