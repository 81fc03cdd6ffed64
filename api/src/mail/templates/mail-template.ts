/**
 * What one lifecycle message is: its subject, the React body (rendered to HTML and plain text by
 * react-email) and whether it is marketing (honours `emailSubscribe`) or transactional (always
 * sent; decision 291). A designer edits the .tsx files, a translator the catalogues in
 * ../messages (decision 488); the job never changes.
 */
import type { ReactElement } from 'react';
import type { UiLanguage } from '@crease/contract';
import { mailText } from '../../platform/mail-text';
import type { MailText } from '../../platform/mail-text';
import { LIFECYCLE_CATALOGUES } from '../messages';
import type { LifecycleMessageId } from '../messages';

/** The site's pages a message links to (built from the first CREASE_SITE_ORIGINS). */
export interface SiteLinks {
  home: string;
  plans: string;
  events: string;
  account: string;
  paymentHistory: string;
  resetPassword: string;
  /** The pre-debit notice's one-click cancel page; the mailed token goes in its query. */
  autopayCancel: string;
}

export function siteLinks(siteOrigin: string): SiteLinks {
  const base = siteOrigin.replace(/\/+$/, '');
  return {
    home: `${base}/`,
    plans: `${base}/plans`,
    events: `${base}/events`,
    account: `${base}/account`,
    paymentHistory: `${base}/payment-history`,
    resetPassword: `${base}/reset-password`,
    autopayCancel: `${base}/autopay-cancel`,
  };
}

/**
 * The words of one message in the recipient's language (decision 488): the catalogue's messages,
 * money and dates with Intl in that language's locale, and a moment as "<date> at <time> UTC".
 */
export interface LifecycleText extends MailText<LifecycleMessageId> {
  moment(iso: string): string;
}

export function lifecycleText(language: UiLanguage): LifecycleText {
  const text = mailText(LIFECYCLE_CATALOGUES, language);
  return {
    ...text,
    moment: (iso) => text.t('common.moment', { date: text.date(iso), time: text.time(iso) }),
  };
}

export interface MailTemplate<P> {
  marketing: boolean;
  subject(payload: P, text: LifecycleText): string;
  body(payload: P, links: SiteLinks, text: LifecycleText): ReactElement;
}
