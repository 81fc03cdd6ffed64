/**
 * What one lifecycle message is: its subject, the React body (rendered to HTML and plain text by
 * react-email) and whether it is marketing (honours `emailSubscribe`) or transactional (always
 * sent; decision 291). A designer edits the .tsx files; the job never changes.
 */
import type { ReactElement } from 'react';

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

export interface MailTemplate<P> {
  marketing: boolean;
  subject(payload: P): string;
  body(payload: P, links: SiteLinks): ReactElement;
}

/** Money in minor units as the viewer reads it: "€9.99". */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(minor / 100);
}

/** A date in words, in UTC (the server does not know the reader's zone): "1 December 2026". */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(iso),
  );
}

/** A moment in words, in UTC: "1 December 2026 at 14:05 UTC". */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
  return `${formatDate(iso)} at ${time} UTC`;
}
