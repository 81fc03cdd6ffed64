/**
 * The language an account's mail is written in (issue 34 §4, decision 488): the site language
 * the viewer saved (`account_preferences.ui_language`, decision 470), read when the mail is
 * rendered, so a change made before sending is honoured; English when none is saved.
 */
import { eq } from 'drizzle-orm';
import type { UiLanguage } from '@crease/contract';
import type { Executor } from '../platform/db/client';
import { mailLanguage } from '../platform/mail-text';
import { accountPreferences } from './tables';

export async function accountMailLanguage(db: Executor, userId: string): Promise<UiLanguage> {
  const [row] = await db
    .select({ uiLanguage: accountPreferences.uiLanguage })
    .from(accountPreferences)
    .where(eq(accountPreferences.userId, userId));
  return mailLanguage(row?.uiLanguage);
}
