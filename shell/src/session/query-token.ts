import { isPlausibleToken } from './token-store';
import type { TokenStore } from './token-store';

export type QueryTokenOutcome =
  'none' | 'signed-in' | 'ignored-already-forwarded' | 'rejected-malformed';

/**
 * SPEC §4: an access_token in the page's query string, with no 'forwarded' marker stored,
 * records the referrer as 'forwarded' and signs the viewer in. The token is always removed
 * from the visible URL (it must not end up in history, bookmarks or shared links).
 *
 * Returns the outcome and the URL to show instead (null when nothing changes).
 */
export function consumeQueryToken(
  href: string,
  referrer: string,
  store: TokenStore,
): { outcome: QueryTokenOutcome; cleanUrl: string | null } {
  const url = new URL(href);
  if (!url.searchParams.has('access_token')) return { outcome: 'none', cleanUrl: null };
  const token = url.searchParams.get('access_token');
  url.searchParams.delete('access_token');
  const cleanUrl = `${url.pathname}${url.search}${url.hash}`;
  if (!isPlausibleToken(token)) return { outcome: 'rejected-malformed', cleanUrl };
  if (store.forwarded !== null) return { outcome: 'ignored-already-forwarded', cleanUrl };
  store.setForwarded(referrer);
  store.replaceTokens({ access_token: token });
  return { outcome: 'signed-in', cleanUrl };
}
