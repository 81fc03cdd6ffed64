import { STORAGE_KEYS } from '@crease/contract';
import type { Session, SessionListener, SessionTokens, SignInCredentials } from '@crease/contract';
import type { TokenStore } from './token-store';

/**
 * The token endpoint calls a session makes. Declared here, not imported from http/: the session
 * sits below the HTTP layer (http's TokenEndpoint implements this).
 */
export interface SessionGrants {
  password(username: string, password: string, botCheckToken?: string): Promise<SessionTokens>;
  revoke(refreshToken: string): Promise<void>;
}

/**
 * The session as remotes see it (contract `platform.session`). Changes made in another tab
 * arrive through the `storage` event, so every open tab agrees on signed in or out.
 */
export class BrowserSession implements Session {
  private readonly listeners = new Set<SessionListener>();
  private lastKnown: boolean;

  constructor(
    private readonly store: TokenStore,
    private readonly endpoint: SessionGrants,
    target: Pick<Window, 'addEventListener'> | null = typeof window !== 'undefined' ? window : null,
  ) {
    this.lastKnown = store.signedIn;
    target?.addEventListener('storage', (event: StorageEvent) => {
      // key === null means another tab called localStorage.clear() (sign-out).
      if (event.key === null || event.key === STORAGE_KEYS.accessToken) this.notify();
    });
  }

  isSignedIn(): boolean {
    return this.store.signedIn;
  }

  /** SPEC §4 `sessionExpired`: set by a failed refresh, removed by the next sign-in. */
  expired(): boolean {
    return this.store.sessionExpired;
  }

  async signIn({ username, password, botCheckToken }: SignInCredentials): Promise<void> {
    const tokens = await this.endpoint.password(username, password, botCheckToken);
    // replaceTokens also removes the sessionExpired marker: the notice is over.
    this.store.replaceTokens(tokens);
    this.notify();
  }

  /**
   * SPEC §4: clears all local storage, at once. The refresh family is revoked on the API as well,
   * so a copied refresh token dies with the session; that call is fire-and-forget (keepalive) and
   * its failure changes nothing here: the viewer is signed out either way.
   */
  signOut(): void {
    const refreshToken = this.store.refreshToken;
    this.store.clearAll();
    this.notify();
    if (refreshToken) {
      this.endpoint.revoke(refreshToken).catch((error: unknown) => {
        console.warn('sign-out: the refresh token could not be revoked', error);
      });
    }
  }

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells listeners when signed-in changed (also after a refresh failure or a query-token sign-in). */
  notify(): void {
    const now = this.store.signedIn;
    if (now === this.lastKnown) return;
    this.lastKnown = now;
    for (const listener of this.listeners) listener(now);
  }
}
