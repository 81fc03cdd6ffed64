/**
 * The account mail sent at once rather than queued: verification links, reset links, sign-in
 * codes and the notice that someone tried a deleted account (decisions 405-408). Every one goes
 * through the per-recipient cap first; none repeats text a client sent (only the email address
 * the message is addressed to, and links and codes we made).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AttemptStore } from './attempt-store';
import type { Mailer } from './mailer';
import { admitToRecipient } from './recipient-cap';
import type { RecipientCapConfig } from './recipient-cap';

export interface AccountMailDeps {
  mailer: Mailer;
  attempts: AttemptStore;
  caps: RecipientCapConfig;
  log?: FastifyBaseLogger;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Letter {
  subject: string;
  /** Paragraphs; `{link}` is where the action link goes in the HTML part. */
  paragraphs: string[];
  link?: { href: string; label: string };
}

/**
 * Sends one capped account mail; false when the address has had its hour's share (nothing is
 * sent then, and nothing tells the caller's client: the answers stay the same, decision 016).
 */
async function sendCapped(deps: AccountMailDeps, to: string, letter: Letter): Promise<boolean> {
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
    html,
    links: link ? [link.href] : [],
  });
  return true;
}

const minutesOf = (seconds: number) => Math.round(seconds / 60);

export function sendVerificationMail(
  deps: AccountMailDeps,
  to: string,
  link: string,
  ttlSeconds: number,
): Promise<boolean> {
  const days = Math.round(ttlSeconds / 86_400);
  return sendCapped(deps, to, {
    subject: 'Confirm your email for Crease',
    paragraphs: [
      'Welcome to Crease. Confirm that this is your email address, so that we can send you receipts, sign-in notices and match reminders.',
      `The link works once, for ${days >= 1 ? `${days} days` : `${minutesOf(ttlSeconds)} minutes`}. If you did not create a Crease account, ignore this message: we will not write again.`,
    ],
    link: { href: link, label: 'Confirm your email' },
  });
}

export function sendResetMail(
  deps: AccountMailDeps,
  to: string,
  link: string,
  ttlSeconds: number,
): Promise<boolean> {
  return sendCapped(deps, to, {
    subject: 'Reset your Crease password',
    paragraphs: [
      'Someone asked to reset the password of your Crease account.',
      `Reset it with the link below (it works once, for ${minutesOf(ttlSeconds)} minutes).`,
      'If it was not you, ignore this message: your password stays the same.',
    ],
    link: { href: link, label: 'Reset your password' },
  });
}

export function sendSignInCodeMail(
  deps: AccountMailDeps,
  to: string,
  code: string,
  link: string,
  ttlSeconds: number,
): Promise<boolean> {
  return sendCapped(deps, to, {
    subject: 'Your Crease sign-in code',
    paragraphs: [
      `Your sign-in code is ${code}`,
      `Enter it on the sign-in page, or open the link below. It works once, for ${minutesOf(ttlSeconds)} minutes, and signs you in without your password, even while sign-ins from new networks are paused to protect your account.`,
      'If you did not ask for it, ignore this message: nobody can use the code without reading this mailbox.',
    ],
    link: { href: link, label: 'Sign in to Crease' },
  });
}

export function sendDeletedAccountSignInNotice(
  deps: AccountMailDeps,
  to: string,
): Promise<boolean> {
  return sendCapped(deps, to, {
    subject: 'Someone tried to sign in to your deleted Crease account',
    paragraphs: [
      'Someone just tried to sign in to Crease with this email address. The account that used it was deleted, so nobody was signed in, and the sign-in page said only that the email or password was incorrect.',
      'If it was you, you can register again with this email to start a new account. If not, there is nothing to do.',
    ],
  });
}

export function sendEmailChangeMail(
  deps: AccountMailDeps,
  to: string,
  link: string,
  ttlSeconds: number,
): Promise<boolean> {
  return sendCapped(deps, to, {
    subject: 'Confirm your new email for Crease',
    paragraphs: [
      'Someone signed in to a Crease account asked to use this email address for it.',
      `If it was you, confirm with the link below (it works once, for ${minutesOf(ttlSeconds)} minutes). Until then the account keeps its old address.`,
      'If it was not you, ignore this message: nothing changes.',
    ],
    link: { href: link, label: 'Use this email for Crease' },
  });
}

/**
 * To the old address once the change is done (decision 423). It names neither the new address
 * (text a client chose) nor anything else a client sent: only our own words and the time.
 */
export function sendEmailChangedNotice(
  deps: AccountMailDeps,
  to: string,
  at: Date,
): Promise<boolean> {
  const when = `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return sendCapped(deps, to, {
    subject: 'Your Crease email was changed',
    paragraphs: [
      `The email address of your Crease account was changed on ${when}, with the account's password and a link opened from the new mailbox. From now on receipts, reminders and sign-in notices go to the new address, and this one no longer signs in.`,
      "If this wasn't you, someone may know your password: write to support@crease.example from this address and we will help you get the account back.",
    ],
  });
}
