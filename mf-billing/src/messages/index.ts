/**
 * mf-billing's catalogues (docs/i18n.md): both languages load with the remote, so a screen never
 * waits for its words. The shell says which one in ScreenProps.language.
 */
import { defineMessages } from '@crease/ui/i18n';
import en from './en.json' with { type: 'json' };
import hi from './hi.json' with { type: 'json' };

export type BillingMessageKey = keyof typeof en;

export const billingMessages = defineMessages<BillingMessageKey>({ en, others: { hi } });

export const { MessagesProvider: BillingMessagesProvider, useMessages } = billingMessages;
