/**
 * The account mail sent at once rather than queued: verification links, reset links, sign-in
 * codes and the notice that someone tried a deleted account (decisions 405-408). Every one goes
 * through the per-recipient cap first; none repeats text a client sent (only the email address
 * the message is addressed to, and links and codes we made). Each is written in the language the
 * caller passes (the account's saved one, `accountMailLanguage`; decision 488), from the
 * catalogues in ./messages.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { UiLanguage } from '@crease/contract';
import { mailText } from '../platform/mail-text';
import type { MailText } from '../platform/mail-text';
import type { AttemptStore } from './attempt-store';
import type { Mailer } from './mailer';
import { ACCOUNT_MAIL_CATALOGUES } from './messages';
import type { AccountMessageId } from './messages';
import { admitToRecipient } from './recipient-cap';
import type { RecipientCapConfig } from './recipient-cap';

export interface AccountMailDeps {
  mailer: Mailer;
  attempts: AttemptStore;
  caps: RecipientCapConfig;
  log?: FastifyBaseLogger;
}

/** Where a viewer who lost their account writes (the email-changed notice). */
const SUPPORT_ADDRESS = 'support@crease.example';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Words = MailText<AccountMessageId>;

interface Letter {
  subject: string;
  paragraphs: string[];
  link?: { href: string; label: string };
}

/**
 * Sends one capped account mail; false when the address has had its hour's share (nothing is
 * sent then, and nothing tells the caller's client: the answers stay the same, decision 016).
 */
async function sendCapped(
  deps: AccountMailDeps,
  to: string,
  language: UiLanguage,
  write: (words: Words) => Letter,
): Promise<boolean> {
  const letter = write(mailText(ACCOUNT_MAIL_CATALOGUES, language));
  if (!(await admitToRecipient(deps.attempts, deps.caps, to, 'account'))) {
    deps.log?.warn({ subject: letter.subject }, 'account mail not sent: recipient cap reached');
    return false;
  }
  const { link } = letter;
  const text = [...letter.paragraphs, ...(link ? [`${link.label}: ${link.href}`] : [])].join(
    '\n\n',
  );
  const html = [
    ...letter.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`] : []),
  ].join('');
  await deps.mailer.send({
    to,
    subject: letter.subject,
    text,
    // The language is declared, so screen readers and fonts follow it.
    html: `<div lang="${language}">${html}</div>`,
    links: link ? [link.href] : [],
  });
  return true;
}

/** A link's life in words: "3 days" when it lasts a day or more, else "30 minutes". */
function lifetime(words: Words, ttlSeconds: number, inDays = false): string {
  const days = Math.round(ttlSeconds / 86_400);
  return inDays && days >= 1
    ? words.t('duration.days', { count: days })
    : words.t('duration.minutes', { count: Math.round(ttlSeconds / 60) });
}

export function sendVerificationMail(
  deps: AccountMailDeps,
  to: string,
  link: string,
  ttlSeconds: number,
  language: UiLanguage,
): Promise<boolean> {
  return sendCapped(deps, to, language, (words) => ({
    subject: words.t('verify.subject'),
    paragraphs: [
      words.t('verify.why'),
      words.t('verify.validity', { duration: lifetime(words, ttlSeconds, true) }),
    ],
    link: { href: link, label: words.t('verify.action') },
  }));
}

export function sendResetMail(
  deps: AccountMailDeps,
  to: string,
  link: string,
  ttlSeconds: number,
  language: UiLanguage,
): Promise<boolean> {
  return sendCapped(deps, to, language, (words) => ({
    subject: words.t('reset.subject'),
    paragraphs: [
      words.t('reset.asked'),
      words.t('reset.validity', { duration: lifetime(words, ttlSeconds) }),
      words.t('reset.notYou'),
    ],
    link: { href: link, label: words.t('reset.action') },
  }));
}

export function sendSignInCodeMail(
  deps: AccountMailDeps,
  to: string,
  code: string,
  link: string,
  ttlSeconds: number,
  language: UiLanguage,
): Promise<boolean> {
  return sendCapped(deps, to, language, (words) => ({
    subject: words.t('signInCode.subject'),
    paragraphs: [
      words.t('signInCode.code', { code }),
      words.t('signInCode.use', { duration: lifetime(words, ttlSeconds) }),
      words.t('signInCode.notYou'),
    ],
    link: { href: link, label: words.t('signInCode.action') },
  }));
}

/** The account is gone, and its saved language with it: the caller passes English (488). */
export function sendDeletedAccountSignInNotice(
  deps: AccountMailDeps,
  to: string,
  language: UiLanguage,
): Promise<boolean> {
  return sendCapped(deps, to, language, (words) => ({
    subject: words.t('deletedSignIn.subject'),
    paragraphs: [words.t('deletedSignIn.tried'), words.t('deletedSignIn.again')],
  }));
}

export function sendEmailChangeMail(
  deps: AccountMailDeps,
  to: string,
  link: string,
  ttlSeconds: number,
  language: UiLanguage,
): Promise<boolean> {
  return sendCapped(deps, to, language, (words) => ({
    subject: words.t('emailChange.subject'),
    paragraphs: [
      words.t('emailChange.asked'),
      words.t('emailChange.confirm', { duration: lifetime(words, ttlSeconds) }),
      words.t('emailChange.notYou'),
    ],
    link: { href: link, label: words.t('emailChange.action') },
  }));
}

/**
 * To the old address once the change is done (decision 423). It names neither the new address
 * (text a client chose) nor anything else a client sent: only our own words and the time.
 */
export function sendEmailChangedNotice(
  deps: AccountMailDeps,
  to: string,
  at: Date,
  language: UiLanguage,
): Promise<boolean> {
  return sendCapped(deps, to, language, (words) => {
    const iso = at.toISOString();
    const moment = words.t('moment', { date: words.date(iso), time: words.time(iso) });
    return {
      subject: words.t('emailChanged.subject'),
      paragraphs: [
        words.t('emailChanged.changed', { moment }),
        words.t('emailChanged.notYou', { support: SUPPORT_ADDRESS }),
      ],
    };
  });
}
