/**
 * The shell's catalogues (docs/i18n.md). English is bundled, so `/` in English fetches nothing
 * more; Hindi is its own chunk, fetched before the first render when the viewer reads Hindi and
 * on the first switch otherwise (decision 471).
 */
import { defineMessages } from '@crease/ui/i18n';
import en from './en.json' with { type: 'json' };

export type ShellMessageKey = keyof typeof en;

export const shellMessages = defineMessages<ShellMessageKey>({
  en,
  others: {
    hi: () => import(/* webpackChunkName: "messages-hi" */ './hi.json', { with: { type: 'json' } }),
  },
});

export const { MessagesProvider: ShellMessagesProvider, useMessages } = shellMessages;
