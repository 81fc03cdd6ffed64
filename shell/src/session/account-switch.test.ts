import { memoryStorage } from '@crease/test-utils';
import { AccountSwitch } from './account-switch';
import type { AccountIdentity, AccountLookup } from './account-switch';
import { BrowserSession } from './session';
import { TokenStore } from './token-store';

const ME: AccountIdentity = { userId: 'u-1', email: 'me@example.com' };
const THEM: AccountIdentity = { userId: 'u-2', email: 'them@example.com' };
const MINE = { access_token: 'my.access', refresh_token: 'my-refresh' };
const REFERRER = 'https://partner.example/';

/**
 * The API's answers by token, as GET /me gives them (createAccountLookup is tested against the
 * real API in http/account-identity.test.ts); a token it does not know is refused.
 */
function lookupOf(accounts: Record<string, AccountIdentity>, own = ME): AccountLookup {
  return {
    signedIn: jest.fn(async () => own),
    ofToken: jest.fn(async (token: string) => accounts[token] ?? null),
  };
}

function setup(lookup: AccountLookup = lookupOf({ 'their.access': THEM, 'my.access': ME })) {
  const storage = memoryStorage(MINE);
  const revoke = jest.fn(async () => undefined);
  const session = new BrowserSession(
    new TokenStore(storage),
    { password: jest.fn(), revoke },
    null,
  );
  const afterSwitch = jest.fn();
  const accountSwitch = new AccountSwitch({ session, lookup, afterSwitch });
  return { storage, session, revoke, afterSwitch, accountSwitch };
}

describe('AccountSwitch (decision 160)', () => {
  it('asks, naming both accounts by the API’s answer, and changes nothing meanwhile', async () => {
    const { storage, accountSwitch, revoke } = setup();

    await accountSwitch.offer('their.access', REFERRER);

    expect(accountSwitch.current).toEqual({
      step: 'confirm',
      current: 'me@example.com',
      offered: 'them@example.com',
    });
    expect(storage.entries()).toEqual(MINE);
    expect(revoke).not.toHaveBeenCalled();
  });

  it('asks nothing and changes nothing for the account already signed in', async () => {
    const { storage, accountSwitch, afterSwitch } = setup();

    await accountSwitch.offer('my.access', REFERRER);

    expect(accountSwitch.current).toEqual({ step: 'idle' });
    expect(storage.entries()).toEqual(MINE);
    expect(afterSwitch).not.toHaveBeenCalled();
  });

  it('reports a token the API refuses, and changes nothing', async () => {
    const { storage, accountSwitch } = setup();

    await accountSwitch.offer('expired.access', REFERRER);

    expect(accountSwitch.current).toEqual({ step: 'failed', reason: 'link-refused' });
    expect(storage.entries()).toEqual(MINE);
  });

  it('reports an API it cannot reach, and changes nothing', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { storage, accountSwitch } = setup({
      signedIn: async () => ME,
      ofToken: async () => {
        throw new TypeError('Failed to fetch');
      },
    });

    await accountSwitch.offer('their.access', REFERRER);

    expect(accountSwitch.current).toEqual({ step: 'failed', reason: 'unavailable' });
    expect(storage.entries()).toEqual(MINE);
    warn.mockRestore();
  });

  it('applies the signed-out rule when our own session ended while we asked', async () => {
    const storage = memoryStorage(MINE);
    const store = new TokenStore(storage);
    const session = new BrowserSession(store, { password: jest.fn(), revoke: jest.fn() }, null);
    const accountSwitch = new AccountSwitch({
      session,
      lookup: {
        ofToken: async () => THEM,
        signedIn: async () => {
          store.expire(); // what a failed refresh does (docs/product.md §4)
          throw new Error('401');
        },
      },
      afterSwitch: jest.fn(),
    });

    await accountSwitch.offer('their.access', REFERRER);

    expect(accountSwitch.current).toEqual({ step: 'idle' });
    expect(storage.entries()).toEqual({ access_token: 'their.access', forwarded: REFERRER });
  });

  it('accept swaps accounts through the session, then starts the page again', async () => {
    const { storage, accountSwitch, revoke, afterSwitch } = setup();
    await accountSwitch.offer('their.access', REFERRER);

    accountSwitch.accept();

    expect(storage.entries()).toEqual({ access_token: 'their.access', forwarded: REFERRER });
    expect(revoke).toHaveBeenCalledWith('my-refresh');
    expect(afterSwitch).toHaveBeenCalledTimes(1);
    expect(accountSwitch.current).toEqual({ step: 'idle' });
  });

  it('accept does nothing unless the viewer was asked', async () => {
    const { storage, accountSwitch, afterSwitch } = setup();
    await accountSwitch.offer('expired.access', REFERRER);

    accountSwitch.accept();

    expect(storage.entries()).toEqual(MINE);
    expect(afterSwitch).not.toHaveBeenCalled();
  });
});
