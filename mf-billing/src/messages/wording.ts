import type { Translator } from '@crease/ui/i18n';
import type { BillingMessageKey } from './index';

/**
 * How often a plan renews, "every 30 days", "every year", "हर 30 दिन" (the contract's
 * everyPeriodText in the viewer's language; 365-day years, never "month").
 */
export function everyPeriod(days: number, { t }: Pick<Translator<BillingMessageKey>, 't'>): string {
  return days >= 365 && days % 365 === 0
    ? t('period.everyYears', { years: days / 365 })
    : t('period.everyDays', { days });
}

/** How a payment was made when no card is named: "Card (sandbox)", "Razorpay". */
export function paymentSystemText(
  system: string,
  { t }: Pick<Translator<BillingMessageKey>, 't'>,
): string {
  const key = `paymentSystem.${system}` as BillingMessageKey;
  const text = t(key);
  return text === key ? system : text;
}

/**
 * The tax line's place: a country's name in the viewer's language ("India", "भारत"), or
 * "standard rate" for GLOBAL, the rate a region the tax table does not list pays (decision 301).
 */
export function taxRegionName(
  region: string | null,
  { t, language }: Pick<Translator<BillingMessageKey>, 't' | 'language'>,
): string {
  if (!region || region === 'GLOBAL') return t('receipt.standardRate');
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(region) ?? region;
  } catch {
    return region;
  }
}
