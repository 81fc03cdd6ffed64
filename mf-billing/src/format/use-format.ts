import { useMemo } from 'react';
import { formatPercent } from '@crease/ui';
import type { Translator } from '@crease/ui/i18n';
import { useMessages } from '../messages';
import type { BillingMessageKey } from '../messages';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatMinutes,
  formatMoney,
} from './formatters';

/** Money, dates and lengths in the locale of the language the viewer reads (docs/i18n.md). */
export interface Formats {
  money(amount: number, currency: string): string;
  date(date: Date | string): string;
  dateTime(date: Date | string): string;
  duration(days: number): string;
  minutes(minutes: number): string;
  percent(percentage: number): string;
}

const asDate = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

export function formatsFor({ locale }: Pick<Translator<BillingMessageKey>, 'locale'>): Formats {
  const locales = [locale];
  // Hindi's short forms are abbreviations ("दिस॰", "घं॰", "मि॰"): it writes them out.
  const hindi = locale.startsWith('hi');
  return {
    money: (amount, currency) => formatMoney(amount, currency, locales),
    date: (value) => formatDate(asDate(value), locales, hindi ? 'long' : 'medium'),
    dateTime: (value) => formatDateTime(asDate(value), locales),
    duration: (days) => formatDuration(days, locales),
    minutes: (minutes) => formatMinutes(minutes, locales, hindi ? 'long' : 'short'),
    percent: (percentage) => formatPercent(percentage, locales),
  };
}

/** The words and the formats of the viewer's language, for a component. */
export function useWords() {
  const words = useMessages();
  const formats = useMemo(() => formatsFor(words), [words]);
  return { ...words, ...formats, words };
}
