import { redirect } from 'react-router-dom';
import type { TokenStore } from '../session/token-store';
import { RETURN_TO_PARAM, isSafeReturnTo } from '@crease/contract';

/** docs/product.md §2: a signed-out viewer on a protected route goes to /signin, remembering where to return. */
export function protectedRouteRedirect(
  store: Pick<TokenStore, 'signedIn'>,
  url: URL,
): string | null {
  if (store.signedIn) return null;
  const returnTo = `${url.pathname}${url.search}`;
  return `/signin?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo })}`;
}

/** docs/product.md §2: a signed-in viewer on / goes to /plans if 'forwarded' is stored, otherwise /events. */
export function welcomeRedirect(store: Pick<TokenStore, 'signedIn' | 'forwarded'>): string | null {
  if (!store.signedIn) return null;
  return store.forwarded !== null ? '/plans' : '/events';
}

export { isSafeReturnTo };

/**
 * Where a viewer goes once signed in on /signin: back to the route the guard sent them from,
 * if it is a safe same-site path; otherwise the / rule (docs/product.md §2).
 */
export function afterSignInRedirect(
  store: Pick<TokenStore, 'signedIn' | 'forwarded'>,
  search: string,
): string {
  const returnTo = new URLSearchParams(search).get(RETURN_TO_PARAM);
  if (returnTo !== null && isSafeReturnTo(returnTo)) return returnTo;
  return welcomeRedirect(store) ?? '/';
}

export const protectedLoader =
  (store: Pick<TokenStore, 'signedIn'>) =>
  ({ request }: { request: Request }) => {
    const to = protectedRouteRedirect(store, new URL(request.url));
    return to ? redirect(to) : null;
  };

export const welcomeLoader = (store: Pick<TokenStore, 'signedIn' | 'forwarded'>) => () => {
  const to = welcomeRedirect(store);
  return to ? redirect(to) : null;
};
