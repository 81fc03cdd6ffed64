import type { BrowserSession, QueryTokenOffer } from './session';
import { isPlausibleToken } from './token-store';

export type QueryTokenOutcome = 'none' | 'rejected-malformed' | QueryTokenOffer;

export interface QueryTokenResult {
  outcome: QueryTokenOutcome;
  /** The URL to show instead (null when nothing changes). */
  cleanUrl: string | null;
  /** With 'needs-confirmation': the token the viewer is asked about (decision 160). */
  offered?: string;
}

/**
 * docs/product.md §4: an access_token in the page's query string goes to the session, which decides
 * (`BrowserSession.offerQueryToken`). The token is always removed from the visible URL, whatever
 * the outcome: it must not end up in history, bookmarks or shared links.
 */
export function consumeQueryToken(
  href: string,
  referrer: string,
  session: Pick<BrowserSession, 'offerQueryToken'>,
): QueryTokenResult {
  const url = new URL(href);
  if (!url.searchParams.has('access_token')) return { outcome: 'none', cleanUrl: null };
  const token = url.searchParams.get('access_token');
  url.searchParams.delete('access_token');
  const cleanUrl = `${url.pathname}${url.search}${url.hash}`;
  if (!isPlausibleToken(token)) return { outcome: 'rejected-malformed', cleanUrl };
  const outcome = session.offerQueryToken(token, referrer);
  return outcome === 'needs-confirmation'
    ? { outcome, cleanUrl, offered: token }
    : { outcome, cleanUrl };
}
