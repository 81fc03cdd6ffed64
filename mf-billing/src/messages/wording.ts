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
