/**
 * mf-catalog's catalogues (docs/i18n.md): both languages load with the remote, so /events never
 * waits for its words. The shell says which one in ScreenProps.language.
 */
import { defineMessages } from '@crease/ui/i18n';
import type { Translator } from '@crease/ui/i18n';
import en from './en.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };

export type CatalogMessageKey = keyof typeof en;
export type CatalogWords = Translator<CatalogMessageKey>;

export const catalogMessages = defineMessages<CatalogMessageKey>({ en, others: { hi } });

export const { MessagesProvider: CatalogMessagesProvider, useMessages } = catalogMessages;

/** English, for the helpers' callers that pass no translator (their unit tests, English-only). */
export const englishWords = (): CatalogWords => catalogMessages.translator('en') as CatalogWords;
