/**
 * The lifecycle mail's words (decision 488): English is the source, each other language of
 * UI_LANGUAGES has a catalogue with exactly its ids (mail-catalogues.test.ts checks them).
 */
import type { MailCatalogues } from '../../platform/mail-text';
import en from './en.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };

export type LifecycleMessageId = keyof typeof en;

export const LIFECYCLE_CATALOGUES: MailCatalogues<LifecycleMessageId> = { en, hi };
