import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStorage } from '@crease/test-utils';
import { AccountSwitch } from '../session/account-switch';
import { BrowserSession } from '../session/session';
import { TokenStore } from '../session/token-store';
import { AccountSwitchPrompt } from './account-switch-prompt';

const MINE = { access_token: 'my.access', refresh_token: 'my-refresh' };
const REFERRER = 'https://partner.example/';
const ACCOUNTS: Record<string, { userId: string; email: string }> = {
  'my.access': { userId: 'u-1', email: 'me@example.com' },
  'their.access': { userId: 'u-2', email: 'them@example.com' },
};

/** A viewer signed in as me@example.com; the lookup answers as GET /me would, by token. */
function setup() {
  const storage = memoryStorage(MINE);
  const session = new BrowserSession(
    new TokenStore(storage),
    { password: jest.fn(), revoke: jest.fn(async () => undefined) },
    null,
  );
  const afterSwitch = jest.fn();
  const accountSwitch = new AccountSwitch({
    session,
    lookup: {
      signedIn: async () => ACCOUNTS['my.access']!,
      ofToken: async (token) => ACCOUNTS[token] ?? null,
    },
    afterSwitch,
  });
  return { storage, afterSwitch, accountSwitch };
}

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
