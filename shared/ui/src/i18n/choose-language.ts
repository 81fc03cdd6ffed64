/**
 * Which language the site speaks to this viewer (issue 34 §4, decision 470), first match wins:
 * 1. signed in, the account's saved choice (it follows the viewer to every device);
 * 2. the choice this browser saved in the footer (localStorage; garbage there is ignored);
 * 3. the browser's own languages, in its order of preference ('hi-IN' → Hindi);
 * 4. English.
 */
import { DEFAULT_UI_LANGUAGE, isUiLanguage, uiLanguageOf } from '@crease/contract';
import type { UiLanguage } from '@crease/contract';

export interface LanguageSources {
  /** The signed-in account's saved language (null: none saved, or signed out). */
  account?: unknown;
  /** What localStorage holds under UI_LANGUAGE_STORAGE (anything at all, or null). */
  stored?: unknown;
  /** navigator.languages, most preferred first. */
  browser: readonly string[];
}

export function chooseLanguage({ account, stored, browser }: LanguageSources): UiLanguage {
  if (isUiLanguage(account)) return account;
  if (isUiLanguage(stored)) return stored;
  for (const tag of browser) {
    const language = uiLanguageOf(tag);
    if (language) return language;
  }
  return DEFAULT_UI_LANGUAGE;
}

/**
 * The locale Intl formats with: the browser's own tag when it speaks the UI language ('en-IN'
 * keeps lakh grouping and Indian dates in English, 'en-GB' its day-month order), else the UI
 * language in India's form for Hindi ('hi-IN') and plain for the rest.
 */
export function formattingLocale(language: UiLanguage, browser: readonly string[]): string {
  const own = browser.find((tag) => uiLanguageOf(tag) === language);
  if (own) {
    try {
      return Intl.getCanonicalLocales(own)[0] ?? language;
    } catch {
      // A malformed tag from the browser: fall through to the language's default.
    }
  }
  return language === 'hi' ? 'hi-IN' : language;
}
