/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { billingApi, callsTo, jsonOf, problem } from '../testing/billing-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { BillingScreen } from './billing-screen';

const server = testServerForFile();

function renderAccount() {
  const signOut = jest.fn();
  const { platform } = testPlatform(server.origin);
  platform.session = { ...platform.session, signOut };
  const props = screenProps(platform, 'account');
  render(<BillingScreen {...props} />);
  return { navigate: props.navigate, signOut, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  const section = await screen.findByRole('region', { name: 'Delete account' });
  await user.click(within(section).getByRole('button', { name: 'Delete account…' }));
  return screen.getByRole('dialog', { name: 'Delete your account?' });
}

describe('Deleting the account on /account', () => {
  beforeEach(() => server.handle(billingApi()));

  it('names the consequences, asks for the password, then signs out and leaves', async () => {
    server.handle(
      billingApi({
        'POST /api/v1/account/deletion': (_q, r) =>
          sendJson(r, 200, { deleted: true, deletedAt: '2026-11-24T22:00:00.000Z' }),
      }),
    );
    const { navigate, signOut, user } = renderAccount();
    const dialog = await openDialog(user);
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    expect(dialog).toHaveTextContent('signs you out on every device');
    expect(dialog).toHaveTextContent('ends your Monthly now, with no refund for the time left');
    expect(dialog).toHaveTextContent('payment records are kept for 6 years');
    const remove = within(dialog).getByRole('button', { name: 'Delete my account' });
    // A destructive action looks like one (issue 36 §6): the danger button, not the primary.
    expect(remove).toHaveClass('danger');
    expect(remove).not.toHaveClass('primary');
    expect(remove).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Your password'), 'correct horse battery');
    await user.click(remove);

    await screen.findByRole('region', { name: 'Delete account' });
    expect(jsonOf(callsTo(server.requests, 'POST', '/api/v1/account/deletion')[0])).toEqual({
      password: 'correct horse battery',
    });
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/signin?deleted=1', { replace: true });
  });

  it('shows the API message for a wrong password and keeps the account signed in', async () => {
    server.handle(
      billingApi({
        'POST /api/v1/account/deletion': (_q, r) =>
          sendJson(r, 400, problem('INVALID_OLD_PASSWORD', 'Your password is incorrect.')),
      }),
    );
    const { navigate, signOut, user } = renderAccount();
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Your password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    expect(await within(dialog).findByText('Your password is incorrect.')).toBeVisible();
    expect(signOut).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('"Keep my account" closes the dialog and deletes nothing', async () => {
    const { user } = renderAccount();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(server.requests, 'POST', '/api/v1/account/deletion')).toHaveLength(0);
  });
});
