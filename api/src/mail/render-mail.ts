/**
 * Renders one queued lifecycle message to what the mailer sends: the subject, the HTML part and
 * the plain-text part, both from the one react-email template, and the links it holds (for the
 * dev outbox and the log). It is written in `language`: the recipient's, read when it is sent
 * (decision 488).
 */
import { plainTextSelectors, render } from '@react-email/render';
import type { UiLanguage } from '@crease/contract';
import type { LifecycleMailKind, MailMessage } from '../accounts';
import { TEMPLATES } from './templates';
import { lifecycleText, siteLinks } from './templates/mail-template';
import type { MailTemplate } from './templates/mail-template';

export function isMarketing(kind: LifecycleMailKind): boolean {
  return TEMPLATES[kind].marketing;
}

/** The text part: headings as written, a facts table as "label   value" lines. */
const TEXT_OPTIONS = {
  selectors: [
    ...plainTextSelectors,
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'table.facts', format: 'dataTable' },
  ],
};

const HREF = /href="([^"]+)"/g;

export async function renderLifecycleMail(
  kind: LifecycleMailKind,
  to: string,
  payload: Record<string, unknown>,
  siteOrigin: string,
  language: UiLanguage,
): Promise<MailMessage> {
  const template = TEMPLATES[kind] as MailTemplate<Record<string, unknown>>;
  const words = lifecycleText(language);
  const element = template.body(payload, siteLinks(siteOrigin), words);
  const html = await render(element);
  const text = await render(element, { plainText: true, htmlToTextOptions: TEXT_OPTIONS });
  const links = [...new Set([...html.matchAll(HREF)].map((m) => decodeEntities(m[1] ?? '')))];
  return { to, subject: template.subject(payload, words), html, text, links };
}

const decodeEntities = (href: string) => href.replace(/&amp;/g, '&');
