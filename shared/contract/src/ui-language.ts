/**
 * Issue 34 §4: the languages the site's screens are written in. A language here needs a
 * catalogue in every translated app (shell/src/messages, mf-auth/src/messages…; docs/i18n.md).
 * The wire and storage carry the bare language subtag ('hi'), never a region ('hi-IN'): the
 * region of number and date formats comes from the browser (decision 469).
 */
export const UI_LANGUAGES = ['en', 'hi'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
export const DEFAULT_UI_LANGUAGE: UiLanguage = 'en';

/** Each language's name in its own language and script: what the switcher shows. */
export const UI_LANGUAGE_NAMES: Readonly<Record<UiLanguage, string>> = {
  en: 'English',
  hi: 'हिन्दी',
};

export function isUiLanguage(value: unknown): value is UiLanguage {
  return typeof value === 'string' && (UI_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The UI language a BCP 47 tag asks for: 'hi', 'hi-IN', 'HI-in' → 'hi'; 'en-GB' → 'en'.
 * Anything else (another language, garbage, a non-string) → null.
 */
export function uiLanguageOf(tag: unknown): UiLanguage | null {
  if (typeof tag !== 'string') return null;
  const language = tag.trim().split(/[-_]/)[0]?.toLowerCase();
  return isUiLanguage(language) ? language : null;
}
