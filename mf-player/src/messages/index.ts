/**
 * mf-player's catalogues (docs/i18n.md): both languages load with the remote, so the player's
 * controls never wait for their names. The shell says which one in ScreenProps.language.
 */
import { defineMessages } from '@crease/ui/i18n';
import type { Translator } from '@crease/ui/i18n';
import en from './en.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };

export type PlayerMessageKey = keyof typeof en;
export type PlayerWords = Translator<PlayerMessageKey>;

export const playerMessages = defineMessages<PlayerMessageKey>({ en, others: { hi } });

export const { MessagesProvider: PlayerMessagesProvider, useMessages } = playerMessages;

/** English, for the helpers' callers that pass no translator (their unit tests, English-only). */
export const englishWords = (): PlayerWords => playerMessages.translator('en') as PlayerWords;
