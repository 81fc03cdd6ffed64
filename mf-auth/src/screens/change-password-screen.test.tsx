/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { accountsApi, jsonOf, pathOf, problem } from '../testing/accounts-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { AuthScreen } from './auth-screen';

const server = testServerForFile();

function renderChange(signedIn = true) {
  const { platform } = testPlatform(server.origin, { signedIn });
  const props = screenProps(platform, 'change-password');
  render(<AuthScreen {...props} />);
  return { navigate: props.navigate, user: userEvent.setup() };
}

describe('Change password screen', () => {
  beforeEach(() => server.handle(accountsApi()));

  it('asks a signed-out viewer to sign in, returning here', async () => {
    const { navigate, user } = renderChange(false);

    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(navigate).toHaveBeenCalledWith('/signin?returnTo=%2Fchange-password');
  });

  it('changes the password with the bearer token and confirms', async () => {
    const { user } = renderChange();
    expect(screen.getByLabelText('Current password')).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    expect(screen.getByLabelText('New password')).toHaveAttribute('autocomplete', 'new-password');
    await user.type(screen.getByLabelText('Current password'), 'old passphrase 1');
    await user.type(screen.getByLabelText('New password'), 'new passphrase 2');

    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    const [call] = server.requests;
    expect(pathOf(call!)).toBe('/api/v1/auth/change-password');
    expect(call!.headers.authorization).toBe('Bearer signed-in-token');
    expect(jsonOf(call)).toEqual({
      oldPassword: 'old passphrase 1',
      newPassword: 'new passphrase 2',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('offers a way back to Account after the change', async () => {
    const { navigate, user } = renderChange();
    await user.type(screen.getByLabelText('Current password'), 'old passphrase 1');
    await user.type(screen.getByLabelText('New password'), 'new passphrase 2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByRole('status');

    await user.click(screen.getByRole('link', { name: 'Back to Account' }));

    expect(navigate).toHaveBeenCalledWith('/account');
  });

  it('marks the current password when the API says it is wrong', async () => {
    server.handle(
      accountsApi({
        '/api/v1/auth/change-password': (_request, response) =>
          sendJson(
            response,
            400,
            problem('INVALID_OLD_PASSWORD', 'Your current password is not correct.'),
          ),
      }),
    );
    const { user } = renderChange();
    await user.type(screen.getByLabelText('Current password'), 'wrong old one');
    await user.type(screen.getByLabelText('New password'), 'new passphrase 2');

    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your current password is not correct.',
    );
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
      'Your current password is not correct.',
    );
  });

  it('refuses a new password equal to the current one without calling the API', async () => {
    const { user } = renderChange();
    await user.type(screen.getByLabelText('Current password'), 'same passphrase');
    await user.type(screen.getByLabelText('New password'), 'same passphrase');

    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(screen.getByLabelText('New password')).toBeInvalid();
    expect(server.requests).toHaveLength(0);
  });

  it('has one visibility toggle per password field', () => {
    renderChange();
    expect(screen.getByRole('button', { name: 'Show current password' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('button', { name: 'Show new password' })).toBeVisible();
  });
});

describe('AuthScreen', () => {
  it('shows an alert for a screen id it does not know', () => {
    const { platform } = testPlatform('http://127.0.0.1:9');
    render(<AuthScreen {...screenProps(platform, 'toString')} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Page not found');
  });
});
