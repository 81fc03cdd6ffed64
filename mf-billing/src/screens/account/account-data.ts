import type { AccountOverview, AccountStatics, Entitlement, ScreenProps } from '@crease/contract';
import { ProblemError } from '@crease/contract';
import { getAccount, getEntitlement } from '../../api/billing-client';
import { formatDate } from '../../format/formatters';

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
export function dateOf(iso: string | null): string | null {
  return iso ? formatDate(new Date(iso)) : null;
}

/** What an action's failure says to the viewer: the API's message when it sent one. */
export function messageOf(error: unknown): string {
  return error instanceof ProblemError ? error.problem.message : String(error);
}

/** What a section's action shows in its FormAlert. */
export interface ActionOutcome {
  tone: 'success' | 'error';
  message: string;
}
