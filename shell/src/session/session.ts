import { STORAGE_KEYS } from '@crease/contract';
import type { Session, SessionListener, SessionTokens, SignInCredentials } from '@crease/contract';
import type { TokenStore } from './token-store';

/**
 * The token endpoint calls a session makes. Declared here, not imported from http/: the session
 * sits below the HTTP layer (http's TokenEndpoint implements this).
 */
export interface SessionGrants {
  password(username: string, password: string, botCheckToken?: string): Promise<SessionTokens>;
  /** The emailed sign-in code's grant (decision 406); optional for stand-ins in tests. */
  emailCode?(username: string, code: string): Promise<SessionTokens>;
  revoke(refreshToken: string): Promise<void>;
}

/**
 * What a refresher may see and do (http/'s TokenRefresher): read the tokens, store a rotated
 * pair, end the session, and wait for another tab's write. It never touches storage itself.
 */
export interface RefreshableSession {
  accessToken(): string | null;
  refreshToken(): string | null;
  rotate(tokens: SessionTokens): void;
  expire(): void;
  otherTabsTokenWrite(timeoutMs?: number): Promise<void>;
}

/** What a query token found (docs/product.md §4), see `offerQueryToken`. */
export type QueryTokenOffer = 'signed-in' | 'ignored-already-forwarded' | 'needs-confirmation';

type StorageTarget = Pick<Window, 'addEventListener'>;

/**
 * The session as remotes see it (contract `platform.session`), and the one owner of every token
 * change (decision 161): sign in, adopt a query token, rotate, expire, sign out. Changes made in
 * another tab arrive through its one `storage` listener, so every open tab agrees on signed in
 * or out.
 */
export class BrowserSession implements Session, RefreshableSession {
  private readonly listeners = new Set<SessionListener>();
  /** Waiters for the next access-token write made by another tab (the refresher's hand-over). */
  private readonly tokenWriteWaiters = new Set<() => void>();
  private lastKnown: boolean;
  /**
   * True after this tab signed out by its own choice (the header, or a screen such as account
   * deletion that then moves on itself), until the next sign-in: the shell's guard redirects only
   * sign-outs that happened elsewhere (another tab, an ended session).
   */
  signedOutHere = false;

  constructor(
    private readonly store: TokenStore,
    private readonly endpoint: SessionGrants,
    target: StorageTarget | null = typeof window !== 'undefined' ? window : null,
    /** docs/product.md §4: after a failed refresh the viewer goes to /signin (the shell's router does that). */
    private readonly onExpired: () => void = () => undefined,
  ) {
    this.lastKnown = store.signedIn;
    target?.addEventListener('storage', (event: StorageEvent) => {
      // key === null means another tab called localStorage.clear() (sign-out).
      if (event.key !== null && event.key !== STORAGE_KEYS.accessToken) return;
      for (const wake of [...this.tokenWriteWaiters]) wake();
      this.notify();
    });
  }

  isSignedIn(): boolean {
    return this.store.signedIn;
  }

  /** docs/product.md §4 `sessionExpired`: set by a failed refresh, removed by the next sign-in. */
  expired(): boolean {
    return this.store.sessionExpired;
  }

  accessToken(): string | null {
    return this.store.accessToken;
  }

  refreshToken(): string | null {
    return this.store.refreshToken;
  }

  async signIn({
    username,
    password,
    botCheckToken,
    signInCode,
  }: SignInCredentials): Promise<void> {
    const tokens =
      signInCode && this.endpoint.emailCode
        ? await this.endpoint.emailCode(username, signInCode)
        : await this.endpoint.password(username, password, botCheckToken);
    // replaceTokens also removes the sessionExpired marker: the notice is over.
    this.store.replaceTokens(tokens);
    this.notify();
  }

  /**
   * docs/product.md §4, a query `access_token`. With a 'forwarded' marker stored it is ignored. Signed out,
   * the referrer is stored as 'forwarded' and the token signs the viewer in. Signed in, nothing
   * changes here: another account may be behind the link, and only the viewer may swap accounts
   * (decision 160), through `adoptQueryToken` once they have said yes.
   */
  offerQueryToken(token: string, referrer: string): QueryTokenOffer {
    if (this.store.forwarded !== null) return 'ignored-already-forwarded';
    if (this.store.signedIn) return 'needs-confirmation';
    this.adoptQueryToken(token, referrer);
    return 'signed-in';
  }

  /**
   * Signs in with a query token (docs/product.md §4): the referrer as 'forwarded', old tokens cleared first.
   * A replaced account's refresh family is revoked, as on sign-out: nothing in this browser can
   * use it any more, so it should not stay alive on the API for 60 days.
   */
  adoptQueryToken(token: string, referrer: string): void {
    const replaced = this.store.refreshToken;
    this.store.setForwarded(referrer);
    this.store.replaceTokens({ access_token: token });
    this.notify();
    if (replaced) this.revokeQuietly(replaced, 'switching accounts');
  }

  /** A refresh rotated the pair (the refresher asked the API). */
  rotate(tokens: SessionTokens): void {
    this.store.storeRefreshed(tokens);
  }

  /** docs/product.md §4 refresh failure: storage cleared, sessionExpired='true', then off to /signin. */
  expire(): void {
    this.store.expire();
    this.notify();
    this.onExpired();
  }

  /**
   * docs/product.md §4: clears all local storage, at once. The refresh family is revoked on the API as well,
   * so a copied refresh token dies with the session; that call is fire-and-forget (keepalive) and
   * its failure changes nothing here: the viewer is signed out either way.
   */
  signOut(): void {
    this.signedOutHere = true;
    const refreshToken = this.store.refreshToken;
    this.store.clearAll();
    this.notify();
    if (refreshToken) this.revokeQuietly(refreshToken, 'sign-out');
  }

  /**
   * Resolves when another tab's write of the access token reaches this tab, or after
   * `timeoutMs`. Chromium hands localStorage writes to other tabs' processes asynchronously, so a
   * tab can win the refresh lock right after the tab that refreshed and still read the old token.
   * The wait ends as soon as the write arrives; its ceiling only matters when the other tab's
   * refresh wrote nothing (it failed). 500 ms proved too short on a loaded machine: the write
   * came later, and this tab spent the old refresh token a second time.
   */
  otherTabsTokenWrite(timeoutMs = 3000): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.tokenWriteWaiters.delete(done);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.tokenWriteWaiters.add(done);
    });
  }

  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells listeners when signed-in changed. */
  private notify(): void {
    const now = this.store.signedIn;
    if (now === this.lastKnown) return;
    this.lastKnown = now;
    // Signed in again (here, or in another tab): the next sign-out starts unattributed.
    if (now) this.signedOutHere = false;
    for (const listener of this.listeners) listener(now);
  }

  private revokeQuietly(refreshToken: string, why: string): void {
    this.endpoint.revoke(refreshToken).catch((error: unknown) => {
      console.warn(`${why}: the refresh token could not be revoked`, error);
    });
  }
}
