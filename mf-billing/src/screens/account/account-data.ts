import type { AccountOverview, AccountStatics, Entitlement, ScreenProps } from '@crease/contract';
import { ProblemError } from '@crease/contract';
import { getAccount, getEntitlement } from '../../api/billing-client';
import type { Translator } from '@crease/ui/i18n';
import type { Formats } from '../../format/use-format';
import type { BillingMessageKey } from '../../messages';
import { problemText } from '../../messages/problem-text';

/** What the sections' helpers need of the viewer's language: its words and its date format. */
export type AccountWords = Pick<Translator<BillingMessageKey>, 'language' | 't'> &
  Pick<Formats, 'date' | 'money'>;

/** What /account shows, read once and updated in place by the sections' actions. */
export interface AccountData {
  overview: AccountOverview;
  statics: AccountStatics;
  /** Trial minutes left come from the entitlement; null when it could not be read. */
  entitlement: Entitlement | null;
}

export async function loadAccount(platform: ScreenProps['platform']): Promise<AccountData> {
  const [overview, entitlement] = await Promise.all([
    getAccount(platform),
    getEntitlement(platform).catch(() => null),
  ]);
  return { overview, statics: overview.statics as unknown as AccountStatics, entitlement };
}

/** An ISO date in the viewer's local time, or null. */
export function dateOf(iso: string | null, words: Pick<Formats, 'date'>): string | null {
  return iso ? words.date(iso) : null;
}

/** What an action's failure says to the viewer: the API's problem, in their language. */
export function messageOf(
  error: unknown,
  words: Pick<Translator<BillingMessageKey>, 'language' | 't'>,
): string {
  return error instanceof ProblemError ? problemText(error.problem, words) : String(error);
}

/** What a section's action shows in its FormAlert. */
export interface ActionOutcome {
  tone: 'success' | 'error';
  message: string;
}
