/**
 * Asking for "Download my data" and opening its link (decision 437). Asking: the address must be
 * verified (issue 31 §3: nothing but verification and reset mail goes to an unproved address),
 * then one export per account per 24 h, counted first so a double click asks once; the link is
 * mailed. Opening: the token's signature, its expiry on the injected clock, once only, and an
 * account that still exists.
 */
import { DATA_EXPORT_WINDOW_SECONDS } from '@crease/contract';
import type { DataExportRequested, UiLanguage } from '@crease/contract';
import { retryAfterSeconds } from '../../accounts';
import type { AttemptStore, Mailer } from '../../accounts';
import type { Clock } from '../../platform/clock';
import { mailText } from '../../platform/mail-text';
import type { PreparedQuery } from '../../platform/db/client';
import { ApiError } from '../errors';
import './errors';
import { buildDataExport } from './contents';
import type { DataExport } from './contents';
import { makeLinkToken, readLinkToken } from './link-token';
import { DATA_EXPORT_MAIL_CATALOGUES } from './messages';

export interface DataExportDeps {
  attempts: AttemptStore;
  mailer: Mailer;
  clock: Clock;
  prepared: PreparedQuery;
  secret: Uint8Array;
}

interface Requester {
  id: string;
  email: string;
  emailVerifiedAt: Date | null;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function requestDataExport(
  deps: DataExportDeps,
  user: Requester,
  siteOrigin: string,
  /** The account's saved language (decision 488): the mail is written in it. */
  language: UiLanguage,
): Promise<DataExportRequested> {
  if (!user.emailVerifiedAt)
    throw new ApiError('DATA_EXPORT_EMAIL_UNVERIFIED', undefined, { userId: user.id });
  const key = `data-export:${user.id}`;
  const counted = await deps.attempts.hit(key, DATA_EXPORT_WINDOW_SECONDS);
  if (counted.count > 1)
    throw new ApiError('DATA_EXPORT_TOO_SOON', undefined, {
      userId: user.id,
      headers: { 'retry-after': retryAfterSeconds(counted) },
    });
  const expiresAt = new Date(deps.clock.now().getTime() + DATA_EXPORT_WINDOW_SECONDS * 1000);
  const href = `${siteOrigin}/api/v1/account/data-export/${makeLinkToken(deps.secret, user.id, expiresAt)}`;
  const words = mailText(DATA_EXPORT_MAIL_CATALOGUES, language);
  const paragraphs = [words.t('asked'), words.t('download'), words.t('notYou')];
  const action = words.t('action');
  try {
    await deps.mailer.send({
      to: user.email,
      subject: words.t('subject'),
      text: [...paragraphs, `${action}: ${href}`].join('\n\n'),
      html: `<div lang="${language}">${[
        ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
        `<p><a href="${escapeHtml(href)}">${escapeHtml(action)}</a></p>`,
      ].join('')}</div>`,
      links: [href],
    });
  } catch (error) {
    // Not mailed: the day's export is not spent.
    await deps.attempts.undo(key);
    throw error;
  }
  return { email: user.email, linkExpiresAt: expiresAt.toISOString() };
}

const ACCOUNT_SQL = `SELECT email FROM users WHERE id = $1 AND active AND status <> 'DELETED'`;

/** The export a mailed link names: 410 DATA_EXPORT_LINK_INVALID unless it is good now, once. */
export async function openDataExport(deps: DataExportDeps, token: string): Promise<DataExport> {
  const link = readLinkToken(deps.secret, token);
  const now = deps.clock.now();
  if (!link || link.expiresAt <= now.getTime()) throw new ApiError('DATA_EXPORT_LINK_INVALID');
  const [account] = await deps.prepared<{ email: string }>('data_export_account', ACCOUNT_SQL, [
    link.userId,
  ]);
  if (!account) throw new ApiError('DATA_EXPORT_LINK_INVALID');
  // Spent once, atomically: two opens at the same moment cannot both pass.
  const spent = await deps.attempts.hit(`data-export-link:${link.id}`, DATA_EXPORT_WINDOW_SECONDS);
  if (spent.count > 1)
    throw new ApiError('DATA_EXPORT_LINK_INVALID', undefined, { userId: link.userId });
  return buildDataExport(deps.prepared, link.userId, account.email, now);
}
