/**
 * How money, dates and durations read to the viewer: in their own locale (the browser's
 * languages) and time zone, never in the server's. Pure functions; the locale is a parameter so
 * tests can pin it.
 */

/** The viewer's locales, as the browser orders them. */
export function viewerLocales(): readonly string[] {
  if (typeof navigator === 'undefined') return ['en'];
  return navigator.languages?.length ? navigator.languages : [navigator.language || 'en'];
}

export function formatMoney(
  amount: number,
  currency: string,
  locales: readonly string[] = viewerLocales(),
): string {
  return new Intl.NumberFormat([...locales], { style: 'currency', currency }).format(amount);
}

/**
 * A local calendar date, for example "23 Nov 2026" or "Nov 23, 2026"; `long` writes the month
 * out ("23 दिसंबर 2026" where Hindi's medium style abbreviates it to "दिस॰").
 */
export function formatDate(
  date: Date,
  locales: readonly string[] = viewerLocales(),
  dateStyle: 'medium' | 'long' = 'medium',
): string {
  return new Intl.DateTimeFormat([...locales], { dateStyle }).format(date);
}

/** A local date and time, for a receipt. */
export function formatDateTime(date: Date, locales: readonly string[] = viewerLocales()): string {
  return new Intl.DateTimeFormat([...locales], { dateStyle: 'long', timeStyle: 'short' }).format(
    date,
  );
}

/** docs/product.md §3: paymentDate arrives as epoch seconds. */
export function fromEpochSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}

/**
 * A plan's or trial's length: "1 day", "30 days", "1 year" (365-day years). Not "1 month": a
 * 30-day plan is not a calendar month, and the payment page (the API's description, "Monthly
 * (30 days)") says 30 days, so the plan cards say the same (issue 23 §4).
 */
export function formatDuration(days: number, locales: readonly string[] = viewerLocales()): string {
  const unit = (value: number, name: 'day' | 'year') =>
    new Intl.NumberFormat([...locales], { style: 'unit', unit: name, unitDisplay: 'long' }).format(
      value,
    );
  if (days >= 365 && days % 365 === 0) return unit(days / 365, 'year');
  return unit(days, 'day');
}

/**
 * Minutes as "1 hr 30 min" / "45 min" (trial time). `unitDisplay` 'long' for a language whose
 * short units are abbreviations a viewer would not write ("2 घं॰" in Hindi: "2 घंटे" instead).
 */
export function formatMinutes(
  minutes: number,
  locales: readonly string[] = viewerLocales(),
  unitDisplay: 'short' | 'long' = 'short',
): string {
  const whole = Math.max(0, Math.floor(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  const part = (value: number, unit: 'hour' | 'minute') =>
    new Intl.NumberFormat([...locales], { style: 'unit', unit, unitDisplay }).format(value);
  if (hours === 0) return part(rest, 'minute');
  return rest === 0 ? part(hours, 'hour') : `${part(hours, 'hour')} ${part(rest, 'minute')}`;
}
