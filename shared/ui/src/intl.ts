/**
 * Counts and percentages in the viewer's locale, spelled once for every remote (issue 23 §4):
 * `Intl.PluralRules` picks the word, `Intl.NumberFormat` writes the number, so no screen builds
 * "1 days" or "20 % off" by string concatenation.
 */
import { guessRegion } from '@crease/contract';

/** The viewer's locales, as the browser orders them ('en' outside a browser). */
export function viewerLocales(): readonly string[] {
  if (typeof navigator === 'undefined') return ['en'];
  return navigator.languages?.length ? navigator.languages : [navigator.language || 'en'];
}

/** The word for each plural category the copy needs; `other` is required by every locale. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** "1 minute", "5 minutes": the number formatted for the locale, the word by its plural rule. */
export function formatCount(
  count: number,
  forms: PluralForms,
  locales: readonly string[] = viewerLocales(),
): string {
  const category = new Intl.PluralRules([...locales]).select(count);
  const word = forms[category] ?? forms.other;
  return `${new Intl.NumberFormat([...locales]).format(count)} ${word}`;
}

/** A whole-number percentage as the locale writes it: "20%" in English, "20 %" in French. */
export function formatPercent(
  percentage: number,
  locales: readonly string[] = viewerLocales(),
): string {
  return new Intl.NumberFormat([...locales], {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(percentage / 100);
}

/** A price as the locale writes it in its currency: "₹29.00", "£1.49" (the API's figure, as it is). */
export function formatPrice(
  amount: number,
  currency: string,
  locales: readonly string[] = viewerLocales(),
): string {
  return new Intl.NumberFormat([...locales], { style: 'currency', currency }).format(amount);
}

/**
 * The browser's guess at the viewer's region (decision 421), sent with every priced call so a
 * profile without a region sees its own currency: the locale's region, else the time zone.
 * The API decides: the profile's region wins, and a CDN's country header beats this guess.
 */
export function browserRegionGuess(): string | undefined {
  if (typeof navigator === 'undefined') return undefined;
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  return (
    guessRegion({ locale: navigator.language, ...(timeZone ? { timeZone } : {}) }) ?? undefined
  );
}
