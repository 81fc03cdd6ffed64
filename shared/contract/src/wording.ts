/**
 * The one way a count or a period is worded for viewers (issue 36 §6: "renews every 1 year",
 * "Match Pass (1 days)", "up to 2 devices" where everything else says "screens"). English for
 * now; the Hindi work replaces these with its message catalogue, in one place.
 */

/** "1 screen", "2 screens"; `plural` for words that do not just add an s ("1 match", "2 matches"). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** How many screens may play at once: "1 screen", "4 screens" (never "devices", decision 265). */
export const screensText = (count: number): string => countOf(count, 'screen');

/** A plan's length: "1 day", "30 days", "1 year", "2 years" (365-day years, never "1 month"). */
export function periodText(days: number): string {
  return days >= 365 && days % 365 === 0 ? countOf(days / 365, 'year') : countOf(days, 'day');
}

/** How often a plan renews: "every day", "every 30 days", "every year". */
export function everyPeriodText(days: number): string {
  const period = periodText(days);
  return period.startsWith('1 ') ? `every ${period.slice(2)}` : `every ${period}`;
}

/**
 * The tax line's place: a country's name ("India"), or "standard rate" for GLOBAL, the rate a
 * region the tax table does not list pays (decision 301). Never the raw code on a receipt.
 */
export function taxRegionText(region: string | null): string {
  if (!region || region === 'GLOBAL') return 'standard rate';
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}

/** "Tax 18% (India)": one wording on the receipt page and in the receipt mail. */
export function taxLineText(ratePercent: number, region: string | null): string {
  return `Tax ${Number(ratePercent.toFixed(2))}% (${taxRegionText(region)})`;
}
