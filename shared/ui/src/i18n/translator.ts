/**
 * One app's messages in one language, formatted with FormatJS's ICU MessageFormat (plurals,
 * selects, numbers and dates in the viewer's locale). Catalogues are flat JSON files, one per
 * language, owned by the app that shows them (docs/i18n.md). In a webpack build they arrive
 * precompiled (the messages loader of @crease/build), so no browser downloads the ICU parser;
 * in jest they are strings and are parsed here.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import type { UiLanguage } from '@crease/contract';

/** A catalogue: message id → ICU message (a string, or its precompiled form in a build). */
export type Catalogue = Readonly<Record<string, unknown>>;

export type MessageValues = Record<string, string | number | Date>;

export type RichValues<T> = Record<string, string | number | T | ((chunks: (string | T)[]) => T)>;

export interface Translator<Key extends string = string> {
  readonly language: UiLanguage;
  /** The BCP 47 locale Intl formats with ('hi-IN', 'en-GB'). */
  readonly locale: string;
  /** The message `key` with `values` filled in; English when the language lacks the key. */
  t(key: Key, values?: MessageValues): string;
  /**
   * A message with tags (`See our <link>Cookie policy</link>.`): each tag's function wraps the
   * translated words inside it, so a language may put the link where its grammar wants it.
   */
  rich<T>(key: Key, values: RichValues<T>): (string | T)[];
  /** A number as the viewer's locale writes it (lakh grouping in India). */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** A date or time in the viewer's locale and time zone. */
  date(value: Date | string, options?: Intl.DateTimeFormatOptions): string;
}

type Message = ConstructorParameters<typeof IntlMessageFormat>[0];

export function createTranslator<Key extends string>(
  language: UiLanguage,
  messages: Catalogue,
  english: Readonly<Record<Key, unknown>>,
  locale: string,
): Translator<Key> {
  const compiled = new Map<string, IntlMessageFormat>();
  const format = (key: Key): IntlMessageFormat | null => {
    const cached = compiled.get(key);
    if (cached) return cached;
    const own = messages[key];
    const source = (own ?? english[key]) as Message | undefined;
    if (source === undefined) return null;
    // A message missing from this language shows in English, in English's number format.
    const message = new IntlMessageFormat(source, own === undefined ? 'en' : locale);
    compiled.set(key, message);
    return message;
  };
  return {
    language,
    locale,
    t(key, values) {
      const message = format(key);
      if (!message) return key;
      return String(message.format(values));
    },
    rich<T>(key: Key, values: RichValues<T>) {
      const message = format(key);
      if (!message) return [key];
      const parts = message.format<T>(values as Parameters<typeof message.format<T>>[0]);
      return Array.isArray(parts) ? (parts as (string | T)[]) : [parts as string | T];
    },
    number: (value, options) => new Intl.NumberFormat(locale, options).format(value),
    date: (value, options) =>
      new Intl.DateTimeFormat(locale, options).format(
        typeof value === 'string' ? new Date(value) : value,
      ),
  };
}
