/**
 * The reminder email: what starts, when (in the reader's own time zone when their browser told
 * us, else UTC, always named), where, and a link straight to it (decision 419).
 */
import { countOf } from '@crease/contract';
import type { MailMessage } from '../../accounts';

export interface ReminderSubject {
  email: string;
  eventId: string;
  title: string;
  startTime: Date;
  venue: string;
  league: string;
  /** Why this viewer gets it: asked ("Remind me") or a followed team's match. */
  source: 'asked' | 'followed';
  /** The reader's IANA zone, or null (then UTC). */
  timeZone: string | null;
  /** When it is sent: "starts in 15 minutes" is counted from here. */
  sentAt: Date;
}

/** "Sun 29 Nov, 19:30 GMT+5:30" in the reader's zone; UTC when unknown or not a zone. */
export function startText(start: Date, timeZone: string | null): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(start);
  try {
    return format(timeZone ?? 'UTC');
  } catch {
    return format('UTC');
  }
}

/** "in 15 minutes", "in 1 hour", or null when it starts now (or has started). */
function startsIn(start: Date, sentAt: Date): string | null {
  const minutes = Math.round((start.getTime() - sentAt.getTime()) / 60_000);
  if (minutes < 2) return null;
  return minutes % 60 === 0
    ? `in ${countOf(minutes / 60, 'hour')}`
    : `in ${countOf(minutes, 'minute')}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The site's link to watch the match (the player's own route). */
export function watchUrl(siteOrigin: string, eventId: string): string {
  return `${siteOrigin.replace(/\/+$/, '')}/player?${new URLSearchParams({ event: eventId })}`;
}

export function reminderMail(siteOrigin: string, subject: ReminderSubject): MailMessage {
  const link = watchUrl(siteOrigin, subject.eventId);
  const when = startText(subject.startTime, subject.timeZone);
  const soon = startsIn(subject.startTime, subject.sentAt);
  const why =
    subject.source === 'asked'
      ? 'You asked Crease to remind you of this match.'
      : 'You follow a team in this match and asked for reminders of their matches.';
  const opening = soon ? `${subject.title} starts ${soon}.` : `${subject.title} is starting now.`;
  const lines = [
    opening,
    `${subject.league} · ${subject.venue} · ${when}`,
    `Watch it: ${link}`,
    why,
  ];
  return {
    to: subject.email,
    subject: soon ? `Starts ${soon}: ${subject.title}` : `Starting now: ${subject.title}`,
    text: lines.join('\n\n'),
    html: [
      `<p><strong>${escapeHtml(subject.title)}</strong> ${soon ? `starts ${escapeHtml(soon)}` : 'is starting now'}.</p>`,
      `<p>${escapeHtml(`${subject.league} · ${subject.venue} · ${when}`)}</p>`,
      `<p><a href="${escapeHtml(link)}">Watch ${escapeHtml(subject.title)}</a></p>`,
      `<p>${escapeHtml(why)}</p>`,
    ].join('\n'),
    links: [link],
  };
}
