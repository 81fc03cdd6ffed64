/**
 * The reminder email: what starts, when (in the reader's own time zone when their browser told
 * us, else UTC, always named), where, and a link straight to it (decision 419), in the reader's
 * saved language (decision 488; English when none is saved).
 */
import type { UiLanguage } from '@crease/contract';
import type { MailMessage } from '../../accounts';
import { MAIL_LOCALES, mailText } from '../../platform/mail-text';
import type { MailText } from '../../platform/mail-text';
import { REMINDER_MAIL_CATALOGUES } from './messages';
import type { ReminderMessageId } from './messages';

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
  /** The reader's saved site language, read as the reminder is sent. */
  language: UiLanguage;
}

/** "Sun 29 Nov, 19:30 GMT+5:30" in the reader's zone; UTC when unknown or not a zone. */
export function startText(
  start: Date,
  timeZone: string | null,
  language: UiLanguage = 'en',
): string {
  const format = (zone: string) =>
    new Intl.DateTimeFormat(MAIL_LOCALES[language], {
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
function startsIn(words: MailText<ReminderMessageId>, start: Date, sentAt: Date): string | null {
  const minutes = Math.round((start.getTime() - sentAt.getTime()) / 60_000);
  if (minutes < 2) return null;
  return minutes % 60 === 0
    ? words.t('inHours', { count: minutes / 60 })
    : words.t('inMinutes', { count: minutes });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The site's link to watch the match (the player's own route). */
export function watchUrl(siteOrigin: string, eventId: string): string {
  return `${siteOrigin.replace(/\/+$/, '')}/player?${new URLSearchParams({ event: eventId })}`;
}

export function reminderMail(siteOrigin: string, subject: ReminderSubject): MailMessage {
  const words = mailText(REMINDER_MAIL_CATALOGUES, subject.language);
  const link = watchUrl(siteOrigin, subject.eventId);
  const when = startText(subject.startTime, subject.timeZone, subject.language);
  const soon = startsIn(words, subject.startTime, subject.sentAt);
  const title = subject.title;
  const why = words.t(subject.source === 'asked' ? 'whyAsked' : 'whyFollowed');
  const opening = soon ? words.t('openingSoon', { title, soon }) : words.t('openingNow', { title });
  const where = `${subject.league} · ${subject.venue} · ${when}`;
  return {
    to: subject.email,
    subject: soon ? words.t('subjectSoon', { soon, title }) : words.t('subjectNow', { title }),
    text: [opening, where, `${words.t('watchIt')}: ${link}`, why].join('\n\n'),
    html: [
      `<div lang="${subject.language}">`,
      `<p>${escapeHtml(opening)}</p>`,
      `<p>${escapeHtml(where)}</p>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(words.t('watchTitle', { title }))}</a></p>`,
      `<p>${escapeHtml(why)}</p>`,
      '</div>',
    ].join('\n'),
    links: [link],
  };
}
