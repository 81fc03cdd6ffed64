/** The data-export mail's words (decision 488): English is the source; each site language has its own. */
import type { MailCatalogues } from '../../../platform/mail-text';
import en from './en.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };

export type DataExportMessageId = keyof typeof en;

export const DATA_EXPORT_MAIL_CATALOGUES: MailCatalogues<DataExportMessageId> = { en, hi };
