/**
 * The words of the API's mail in the recipient's language (issue 34 §4, decision 488). Each
 * feature that sends mail keeps its catalogues beside it (`messages/en.json`, `hi.json`: flat ids,
 * ICU MessageFormat, the conventions of docs/i18n.md) and reads them through `mailText`, which
 * also formats money and dates with Intl in that language's locale (hi-IN: lakh grouping, ₹).
 */
import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_UI_LANGUAGE, isUiLanguage } from '@crease/contract';
import type { UiLanguage } from '@crease/contract';

/** One feature's mail catalogues: English is the source; a language without one reads English. */
export type MailCatalogues<Id extends string> = { en: Record<Id, string> } & Partial<
  Record<UiLanguage, Record<Id, string>>
>;

/**
 * The locale a language's mail is formatted in. English keeps en-GB (what every mail said before
 * Hindi: "1 December 2026", "US$9.99"); Hindi is hi-IN ("1 दिसंबर 2026", "₹1,50,000.00").
 */
export const MAIL_LOCALES: Readonly<Record<UiLanguage, string>> = { en: 'en-GB', hi: 'hi-IN' };

/** The language a mail goes out in: the account's saved one when it is a site language, else English. */
export function mailLanguage(saved: unknown): UiLanguage {
  return isUiLanguage(saved) ? saved : DEFAULT_UI_LANGUAGE;
}

export type MailValues = Record<string, string | number>;
/** Values for `rich`: plain values, and tag functions that wrap a tag's words (a link, bold). */
export type RichValues = Record<string, string | number | ((words: ReactNode[]) => ReactNode)>;

export interface MailText<Id extends string> {
  language: UiLanguage;
  locale: string;
  /** A message as plain text (a subject, a paragraph, a table label). */
  t(id: Id, values?: MailValues): string;
  /** A message with tags (`<link>the fixtures</link>`) as React nodes for the HTML and text parts. */
  rich(id: Id, values: RichValues): ReactNode;
  /** Money in minor units: "US$9.99" in English, "₹1,50,000.00" in Hindi. */
  money(minor: number, currency: string): string;
  /** A date in words, in UTC (the server does not know the reader's zone). */
  date(iso: string): string;
  /** A time of day, 24-hour, in UTC ("14:05"); the message names the zone. */
  time(iso: string): string;
  /** A count in the locale's digits and grouping ("12,34,567" in Hindi). */
  number(value: number): string;
  /** A country's name in the language ("भारत"); the code itself when Intl does not know it. */
  region(code: string): string;
}

const formats = new Map<string, IntlMessageFormat>();

/** Parsed once per (locale, message): the job renders many mails from the same few messages. */
function formatOf(message: string, locale: string): IntlMessageFormat {
  const key = `${locale}\u0000${message}`;
  let format = formats.get(key);
  if (!format) {
    format = new IntlMessageFormat(message, locale);
    formats.set(key, format);
  }
  return format;
}

export function mailText<Id extends string>(
  catalogues: MailCatalogues<Id>,
  language: UiLanguage,
): MailText<Id> {
  const locale = MAIL_LOCALES[language];
  const catalogue = catalogues[language] ?? catalogues.en;
  // A catalogue the test has not yet caught up with falls back per message, never to an id.
  const messageOf = (id: Id) => catalogue[id] ?? catalogues.en[id];
  const utc = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
  return {
    language,
    locale,
    t: (id, values) => String(formatOf(messageOf(id), locale).format(values)),
    rich: (id, values) => {
      const parts = formatOf(messageOf(id), locale).format<ReactNode>(values as never);
      const list = Array.isArray(parts) ? parts : [parts];
      return list.map((part, index) => <Fragment key={index}>{part}</Fragment>);
    },
    money: (minor, currency) =>
      new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100),
    date: (iso) => utc({ dateStyle: 'long' }).format(new Date(iso)),
    time: (iso) =>
      utc({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso)),
    number: (value) => new Intl.NumberFormat(locale).format(value),
    region: (code) => {
      try {
        return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
      } catch {
        return code;
      }
    },
  };
}
