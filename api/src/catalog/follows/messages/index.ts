/** The match reminder's words (decision 488): English is the source; each site language has its own. */
import type { MailCatalogues } from '../../../platform/mail-text';
import en from './en.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };

export type ReminderMessageId = keyof typeof en;

export const REMINDER_MAIL_CATALOGUES: MailCatalogues<ReminderMessageId> = { en, hi };
