import type { Session, SessionListener, SignInCredentials } from '@crease/contract';
import type { TokenEndpoint } from '../http/token-endpoint';
import { STORAGE_KEYS } from './token-store';
import type { TokenStore } from './token-store';

/**
 * The session as remotes see it (contract `platform.session`). Changes made in another tab
 * arrive through the `storage` event, so every open tab agrees on signed in or out.
 */
export class BrowserSession implements Session {
  private readonly listeners = new Set<SessionListener>();
  private lastKnown: boolean;

  constructor(
    private readonly store: TokenStore,
    private readonly endpoint: Pick<TokenEndpoint, 'password'>,
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

  async signIn({ username, password }: SignInCredentials): Promise<void> {
    const tokens = await this.endpoint.password(username, password);
    this.store.replaceTokens(tokens);
    this.notify();
  }

  signOut(): void {
    this.store.clearAll();
    this.notify();
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
