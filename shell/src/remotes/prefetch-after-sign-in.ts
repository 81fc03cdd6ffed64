import type { RemoteName } from '@crease/contract';
import type { TokenStore } from '../session/token-store';
import { afterSignInRedirect } from '../navigation/guards';
import { findRoute } from '../navigation/route-table';

/** The remote that owns the sign-in screen (mf-auth). */
export function signInRemote(): RemoteName | null {
  const owner = findRoute('/signin')?.owner;
  return owner && owner !== 'shell' ? owner : null;
}

/**
 * The remote a viewer on /signin lands on once signed in (`returnTo`, else /plans or /events:
 * the same rule the shell navigates by), or null when that is a shell page or the remote of
 * the sign-in screen itself. Issue 10, decision 086: the shell fetches it while the viewer
 * types, so the list after sign-in waits only for its data.
 */
export function remoteAfterSignIn(
  store: Pick<TokenStore, 'forwarded'>,
  search: string,
): RemoteName | null {
  const destination = afterSignInRedirect({ signedIn: true, forwarded: store.forwarded }, search);
  const owner = findRoute(new URL(destination, 'http://x').pathname)?.owner;
  return owner && owner !== 'shell' && owner !== signInRemote() ? owner : null;
}

/**
 * The remote of the route a viewer usually opens from `pathname` (the route table's `next`:
 * mf-player from /events), or null when there is none, it is a shell page or the same remote.
 * Decision 381: fetched once the page is idle, so Watch waits for no download or evaluation.
 */
export function remoteOfNextRoute(pathname: string): RemoteName | null {
  const here = findRoute(pathname);
  const owner = here?.next ? findRoute(here.next)?.owner : undefined;
  return owner && owner !== 'shell' && owner !== here?.owner ? owner : null;
}

/** Runs `task` once the page is idle (after the sign-in screen itself has loaded and painted). */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 200);
  return () => window.clearTimeout(id);
}
