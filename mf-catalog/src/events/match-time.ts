/**
 * Times as the viewer reads them: in their own time zone, in the locale of the language they
 * chose (the translator's: 'hi-IN', 'en-GB'…), with "Today"/"Tomorrow" for the next two days and
 * a countdown for a start within 24 hours. `timeZone` is for tests; the screen always uses the
 * viewer's.
 */
import { englishWords } from '../messages';
import type { CatalogWords } from '../messages';

export const COUNTDOWN_WINDOW_MS = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;

export interface StartTimeText {
  /** "Today", "Tomorrow" or "Sat 28 Nov". */
  day: string;
  /** "19:30" or "7:30 PM", as the locale writes it. */
  time: string;
  /** "GMT+5:30", "GMT", "CET": which zone the time is in. */
  zone: string;
  /** The whole thing, for a screen reader or a tooltip: "Sat 28 Nov, 19:30 GMT+5:30". */
  full: string;
}

// Building an Intl formatter is costly; a list of matches formats dozens of times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, timeZone?: string, locale?: string) {
  const key = JSON.stringify([options, timeZone, locale]);
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, found);
  }
  return found;
}

/** The calendar day of `date` in the zone, as a comparable key. */
function dayKey(date: Date, timeZone?: string): string {
  return formatter({ year: 'numeric', month: '2-digit', day: '2-digit' }, timeZone).format(date);
}

export function startTimeText(
  iso: string,
  now: number,
  timeZone?: string,
  words: CatalogWords = englishWords(),
): StartTimeText {
  const start = new Date(iso);
  const key = dayKey(start, timeZone);
  const day =
    key === dayKey(new Date(now), timeZone)
      ? words.t('time.today')
      : key === dayKey(new Date(now + COUNTDOWN_WINDOW_MS), timeZone)
        ? words.t('time.tomorrow')
        : formatter(
            { weekday: 'short', day: 'numeric', month: 'short' },
            timeZone,
            words.locale,
          ).format(start);
  const parts = formatter(
    { hour: '2-digit', minute: '2-digit', timeZoneName: 'short' },
    timeZone,
    words.locale,
  ).formatToParts(start);
  const zone = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  const time = parts
    .filter((part) => part.type !== 'timeZoneName')
    .map((part) => part.value)
    .join('')
    .trim();
  return { day, time, zone, full: words.t('time.full', { day, time, zone }).trim() };
}

/** The day a finished match was played, as a plain date ("Sat 21 Nov"). */
export function playedOnText(
  iso: string,
  timeZone?: string,
  words: CatalogWords = englishWords(),
): string {
  return formatter(
    { weekday: 'short', day: 'numeric', month: 'short' },
    timeZone,
    words.locale,
  ).format(new Date(iso));
}

/**
 * "Starts in 2 hr 5 min", "Starts in 12 min", "Starting now"; null when the start is more than
 * 24 hours away (the date says enough) or has passed by more than a minute (the match is late
 * and its status will say why).
 */
export function countdownText(
  iso: string,
  now: number,
  words: CatalogWords = englishWords(),
): string | null {
  const left = new Date(iso).getTime() - now;
  if (left > COUNTDOWN_WINDOW_MS || left < -MINUTE) return null;
  if (left < MINUTE) return words.t('time.startingNow');
  const minutes = Math.ceil(left / MINUTE);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return words.t('time.startsInMinutes', { minutes: rest });
  return rest === 0
    ? words.t('time.startsInHours', { hours })
    : words.t('time.startsInHoursMinutes', { hours, minutes: rest });
}
