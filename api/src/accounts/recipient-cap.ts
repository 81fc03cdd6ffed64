/**
 * The per-recipient mail cap (decision 406). Whoever asks, from however many networks, one
 * mailbox is sent at most so much account mail (verification and reset links, sign-in codes,
 * new sign-in and deleted-account notices) and so many match reminders per hour. Counted in
 * `rate_counters` before the send (decision 055), so parallel requests cannot slip past it.
 */
import { createHash } from 'node:crypto';
import type { AttemptStore } from './attempt-store';

export const MAIL_CAP_WINDOW_SECONDS = 3600;

/** The two budgets: account mail an outsider can trigger, and match reminders. */
export type CappedMail = 'account' | 'reminder';

export interface RecipientCapConfig {
  perRecipientPerHour: number;
  remindersPerRecipientPerHour: number;
}

/** Keyed by a hash: the counters table need not hold the address (a deleted account's, say). */
export const recipientCapKey = (budget: CappedMail, email: string) =>
  `mail:recipient:${budget}:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;

/**
 * Counts one message to `to` in its budget; false when the budget of the hour is spent (the
 * message must then not be sent). The address is compared normalised, as accounts store it.
 */
export async function admitToRecipient(
  store: AttemptStore,
  config: RecipientCapConfig,
  to: string,
  budget: CappedMail,
): Promise<boolean> {
  const max =
    budget === 'account' ? config.perRecipientPerHour : config.remindersPerRecipientPerHour;
  const counted = await store.hit(recipientCapKey(budget, to), MAIL_CAP_WINDOW_SECONDS);
  return counted.count <= max;
}

/** The cap as the mail jobs use it: one call per message, before it is sent. */
export interface RecipientGate {
  admit(to: string, budget: CappedMail): Promise<boolean>;
}

export function recipientGate(store: AttemptStore, config: RecipientCapConfig): RecipientGate {
  return { admit: (to, budget) => admitToRecipient(store, config, to, budget) };
}
