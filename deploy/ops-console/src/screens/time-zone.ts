/**
 * Start times as the producer types and reads them (issue 33 §2, decision 451): in the
 * browser's own time zone, named, with the UTC time beside it. The API stores UTC only.
 */

/** The producer's time zone as the browser knows it: `Europe/London`. */
export const producerZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const two = (n: number) => String(n).padStart(2, '0');

/** A `datetime-local` value (the producer's zone) of a UTC instant. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The UTC instant of a `datetime-local` value read in the producer's zone; null if unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The names a browser gives UTC itself: the time is then said once. */
const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu']);

/** `Sun, 1 Jun 2031, 15:00 Europe/London · 14:00 UTC`; in a browser set to UTC, `… 14:00 UTC`. */
export function localAndUtc(iso: string, zone = producerZone()): string {
  const d = new Date(iso);
  const local = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);
  if (UTC_NAMES.has(zone)) return `${local} UTC`;
  const utc = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    ...(sameUtcDay(d, zone) ? {} : { day: 'numeric', month: 'short' }),
  }).format(d);
  return `${local} ${zone} · ${utc} UTC`;
}

/** Whether the instant falls on the same calendar day in `zone` as in UTC. */
function sameUtcDay(d: Date, zone: string): boolean {
  const day = (timeZone: string) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(d);
  return day(zone) === day('UTC');
}
