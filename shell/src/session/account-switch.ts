import type { UserProfile } from '@crease/contract';
import type { BrowserSession } from './session';

/** Enough to name an account to its viewer and to tell two accounts apart. */
export type AccountIdentity = Pick<UserProfile, 'userId' | 'email'>;

/**
 * Who a token belongs to, as the API says. Declared here, implemented in http/
 * (`createAccountLookup`): the session sits below the HTTP layer.
 */
export interface AccountLookup {
  /** The stored session's account (a stale access token is refreshed on the way). */
  signedIn(): Promise<AccountIdentity>;
  /** The account behind a token that is not ours, or null when the API refuses it. */
  ofToken(token: string): Promise<AccountIdentity | null>;
}

export type AccountSwitchState =
  | { step: 'idle' }
  | { step: 'checking' }
  | { step: 'confirm'; current: string; offered: string }
  | { step: 'failed'; reason: 'link-refused' | 'unavailable' };

export interface AccountSwitchOptions {
  session: Pick<BrowserSession, 'isSignedIn' | 'offerQueryToken' | 'adoptQueryToken'>;
  lookup: AccountLookup;
  /** After the swap: the page starts again as the new account (the shell reloads it). */
  afterSwitch(): void;
}

const IDLE: AccountSwitchState = { step: 'idle' };

/**
 * A query token offered to a viewer who is already signed in (decision 160). Nothing changes
 * until the viewer accepts: the API names both accounts, the same account needs no question,
 * a token the API refuses is reported and dropped.
 */
export class AccountSwitch {
  private state: AccountSwitchState = IDLE;
  private pending: { token: string; referrer: string } | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly options: AccountSwitchOptions) {}

  get current(): AccountSwitchState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async offer(token: string, referrer: string): Promise<void> {
    const { session, lookup } = this.options;
    this.set({ step: 'checking' });
    try {
      const offered = await lookup.ofToken(token);
      if (offered === null) return this.set({ step: 'failed', reason: 'link-refused' });
      let current: AccountIdentity;
      try {
        current = await lookup.signedIn();
      } catch (error) {
        // Our own session ended while we asked (its refresh failed, docs/product.md §4): there is no account
        // left to protect, and the spec's signed-out rule applies to the link.
        if (session.isSignedIn()) throw error;
        session.offerQueryToken(token, referrer);
        return this.set(IDLE);
      }
      if (current.userId === offered.userId) return this.set(IDLE);
      this.pending = { token, referrer };
      this.set({ step: 'confirm', current: current.email, offered: offered.email });
    } catch (error) {
      console.warn('[crease] could not check the access_token in the link', error);
      this.set({ step: 'failed', reason: 'unavailable' });
    }
  }

  /** The viewer said yes: the session swaps accounts, then the page starts again. */
  accept(): void {
    const pending = this.pending;
    if (this.state.step !== 'confirm' || pending === null) return;
    this.pending = null;
    this.options.session.adoptQueryToken(pending.token, pending.referrer);
    this.set(IDLE);
    this.options.afterSwitch();
  }

  /** Declined, or a failure read: nothing changes, and the token is forgotten. */
  dismiss(): void {
    this.pending = null;
    this.set(IDLE);
  }

  private set(state: AccountSwitchState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }
}
