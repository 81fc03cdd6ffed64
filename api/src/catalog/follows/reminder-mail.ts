/**
 * The reminder email: what starts, where, and a link straight to it. Plain words; the time is
 * written in UTC because the server does not know the reader's zone, and the link opens the
 * player, which shows the match in theirs.
 */
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
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The site's link to watch the match (the player's own route). */
export function watchUrl(siteOrigin: string, eventId: string): string {
  return `${siteOrigin.replace(/\/+$/, '')}/player?${new URLSearchParams({ event: eventId })}`;
}

export function reminderMail(siteOrigin: string, subject: ReminderSubject): MailMessage {
  const link = watchUrl(siteOrigin, subject.eventId);
  const when = `${subject.startTime.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const why =
    subject.source === 'asked'
      ? 'You asked Crease to remind you when this match starts.'
      : 'You follow a team in this match and asked for reminders of their matches.';
  const lines = [
    `${subject.title} is starting now.`,
    `${subject.league} · ${subject.venue} · ${when}`,
    `Watch it: ${link}`,
    why,
  ];
  return {
    to: subject.email,
    subject: `Starting now: ${subject.title}`,
    text: lines.join('\n\n'),
    html: [
      `<p><strong>${escapeHtml(subject.title)}</strong> is starting now.</p>`,
      `<p>${escapeHtml(`${subject.league} · ${subject.venue} · ${when}`)}</p>`,
      `<p><a href="${escapeHtml(link)}">Watch ${escapeHtml(subject.title)}</a></p>`,
      `<p>${escapeHtml(why)}</p>`,
    ].join('\n'),
    links: [link],
  };
}
