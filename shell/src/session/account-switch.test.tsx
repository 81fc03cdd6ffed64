import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStorage } from '@crease/test-utils';
import { AccountSwitchPrompt } from '../layout/account-switch-prompt';
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
  const session = new BrowserSession(new TokenStore(storage), { password: jest.fn(), revoke }, null);
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
          store.expire(); // what a failed refresh does (SPEC §4)
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

describe('AccountSwitchPrompt', () => {
  async function asked() {
    const context = setup();
    const opener = document.createElement('button');
    opener.textContent = 'somewhere on the page';
    document.body.append(opener);
    opener.focus();
    render(<AccountSwitchPrompt accountSwitch={context.accountSwitch} />);
    await act(() => context.accountSwitch.offer('their.access', REFERRER));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to another account?' });
    return { ...context, dialog, opener };
  }

  afterEach(() => document.body.replaceChildren());

  it('shows nothing while there is no question', () => {
    const { accountSwitch } = setup();
    render(<AccountSwitchPrompt accountSwitch={accountSwitch} />);

    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names both accounts and starts on the choice that changes nothing', async () => {
    const { dialog } = await asked();

    expect(dialog).toHaveTextContent('This link signs in as them@example.com');
    expect(dialog).toHaveTextContent('You are signed in as me@example.com');
    expect(dialog).toHaveAccessibleDescription(/signs in as them@example\.com/);
    expect(screen.getByRole('button', { name: 'Stay signed in as me@example.com' })).toHaveFocus();
  });

  it('declining closes the question, changes nothing and gives focus back', async () => {
    const { storage, afterSwitch, opener } = await asked();

    await userEvent.click(screen.getByRole('button', { name: 'Stay signed in as me@example.com' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(storage.entries()).toEqual(MINE);
    expect(afterSwitch).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  it('Escape (the dialog’s cancel) declines too', async () => {
    const { storage, dialog } = await asked();

    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(storage.entries()).toEqual(MINE);
  });

  it('accepting swaps to the link’s account', async () => {
    const { storage, afterSwitch } = await asked();

    await userEvent.click(screen.getByRole('button', { name: 'Switch to them@example.com' }));

    expect(storage.entries()).toEqual({ access_token: 'their.access', forwarded: REFERRER });
    expect(afterSwitch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says why a refused link was not used', async () => {
    const { accountSwitch, storage } = setup();
    render(<AccountSwitchPrompt accountSwitch={accountSwitch} />);
    await act(() => accountSwitch.offer('expired.access', REFERRER));

    const dialog = await screen.findByRole('dialog', { name: 'This sign-in link did not work' });
    expect(dialog).toHaveAccessibleDescription(
      'The link has expired or is not valid. Nothing changed: you are still signed in.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(storage.entries()).toEqual(MINE);
  });
});
