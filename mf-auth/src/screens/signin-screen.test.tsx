/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { MESSAGES } from '@crease/contract';
import { accountsApi, formOf, pathOf, problem } from '../testing/accounts-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { AuthScreen } from './auth-screen';

const server = testServerForFile();

function renderSignIn(options: { expired?: boolean } = {}) {
  const { platform, session, track } = testPlatform(server.origin, options);
  const props = screenProps(platform, 'signin');
  render(<AuthScreen {...props} />);
  return { session, track, navigate: props.navigate, user: userEvent.setup() };
}

const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const passwordField = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: /sign in/i });

describe('Sign-in screen', () => {
  beforeEach(() => server.handle(accountsApi()));

  it('is one form with labelled email and password fields and the right autocomplete', () => {
    renderSignIn();

    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(emailField()).toHaveAttribute('autocomplete', 'email');
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it('"Forgot your password?" carries the email typed so far to the reset page (issue 36 §6)', async () => {
    const { user, navigate } = renderSignIn();
    const forgot = () => screen.getByRole('link', { name: 'Forgot your password?' });
    expect(forgot()).toHaveAttribute('href', '/reset-password');
    await user.type(emailField(), ' fan@example.com ');
    expect(forgot()).toHaveAttribute('href', '/reset-password?email=fan%40example.com');
    await user.click(forgot());
    expect(navigate).toHaveBeenCalledWith('/reset-password?email=fan%40example.com');
  });

  it('confirms a deletion when /account sent the browser here after deleting the account', () => {
    const { platform } = testPlatform(server.origin);
    render(<AuthScreen {...screenProps(platform, 'signin', '?deleted=1')} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      /^Your account was deletedYou are signed out on every device/,
    );
  });

  it('validates inline on submit, focuses the first invalid field and sends nothing', async () => {
    const { user } = renderSignIn();

    await user.click(submit());

    expect(emailField()).toHaveAccessibleDescription('Enter your email address.');
    expect(emailField()).toBeInvalid();
    expect(passwordField()).toHaveAccessibleDescription('Enter your password.');
    expect(emailField()).toHaveFocus();
    expect(server.requests).toHaveLength(0);

    // The message goes away as soon as the input is fixed.
    await user.type(emailField(), 'viewer@example.com');
    expect(emailField()).not.toHaveAttribute('aria-invalid');
  });

  it('checks the email format when the viewer leaves the field', async () => {
    const { user } = renderSignIn();

    await user.type(emailField(), 'viewer@');
    await user.tab();

    expect(emailField()).toHaveAccessibleDescription(
      'Enter an email address like name@example.com.',
    );
  });

  it('signs in through the session with the bot-check token; the button is disabled meanwhile', async () => {
    let release!: () => void;
    server.handle(
      accountsApi({
        '/oauth2/token': (_request, response) =>
          new Promise<void>((resolve) => {
            release = () => {
              sendJson(response, 200, {
                access_token: 'access-1',
                refresh_token: 'r',
                expires_in: 900,
              });
              resolve();
            };
          }),
      }),
    );
    const { session, navigate, track, user } = renderSignIn();
    await user.type(emailField(), ' Viewer@Example.com ');
    await user.type(passwordField(), 'correct horse battery');

    await user.click(submit());

    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(screen.getByRole('button', { name: /signing in/i })).toBeDisabled();
    release();
    await waitFor(() => expect(session.isSignedIn()).toBe(true));
    const grant = server.requests[0]!;
    expect(pathOf(grant)).toBe('/oauth2/token');
    expect(grant.headers['x-bot-check']).toBe('proof-signin');
    expect(formOf(grant)).toEqual({
      grant_type: 'password',
      scope: 'API',
      username: 'viewer@example.com',
      password: 'correct horse battery',
    });
    // The shell moves on from /signin when the session changes; the screen does not navigate.
    expect(navigate).not.toHaveBeenCalled();
    expect(track).toHaveBeenCalledWith({ name: 'sign_in' });
  });

  it('shows the API message for a wrong password, focuses it and stays signed out', async () => {
    server.handle(
      accountsApi({
        '/oauth2/token': (_request, response) =>
          sendJson(response, 400, {
            error: 'invalid_grant',
            error_description: 'The email or password is incorrect.',
            ...problem('INVALID_CREDENTIALS', 'The email or password is incorrect.'),
          }),
      }),
    );
    const { session, user } = renderSignIn();
    await user.type(emailField(), 'viewer@example.com');
    await user.type(passwordField(), 'wrong password');

    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The email or password is incorrect.');
    expect(alert.parentElement).toHaveFocus();
    expect(session.isSignedIn()).toBe(false);
    expect(submit()).toBeEnabled();
  });

  it("shows 'Invalid access token' when the token answer is unusable (docs/product.md §5)", async () => {
    server.handle(
      accountsApi({
        '/oauth2/token': (_request, response) => sendJson(response, 200, { access_token: '' }),
      }),
    );
    const { session, user } = renderSignIn();
    await user.type(emailField(), 'viewer@example.com');
    await user.type(passwordField(), 'whatever-password');

    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      new RegExp(`^${MESSAGES.invalidAccessToken}$`),
    );
    expect(session.isSignedIn()).toBe(false);
  });

  it('says when to try again after too many attempts', async () => {
    server.handle(
      accountsApi({
        '/oauth2/token': (_request, response) =>
          sendJson(response, 429, problem('TOO_MANY_ATTEMPTS', 'Too many sign-in attempts.'), {
            'retry-after': '120',
          }),
      }),
    );
    const { user } = renderSignIn();
    await user.type(emailField(), 'viewer@example.com');
    await user.type(passwordField(), 'whatever-password');

    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Try again in 2 minutes.',
    );
  });

  it('shows the generic message when the API cannot be reached', async () => {
    server.handle((_request, response) => {
      response.socket?.destroy();
    });
    const { user } = renderSignIn();
    await user.type(emailField(), 'viewer@example.com');
    await user.type(passwordField(), 'whatever-password');

    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.genericError);
  });

  it('shows the session-expired notice only when the session expired', () => {
    renderSignIn({ expired: true });
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('You were signed out');
    // A device signed out from another one gets the same refresh error as any ended session
    // (decision 200): the notice names that cause too, and no longer blames "your security".
    expect(notice).toHaveTextContent('this device was signed out from another one');
    expect(notice).not.toHaveTextContent(/for your security/i);
  });

  it('shows no notice for a plain visit', () => {
    renderSignIn();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/You were signed out/i)).not.toBeInTheDocument();
  });

  it('has a password visibility toggle with aria-pressed', async () => {
    const { user } = renderSignIn();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(passwordField()).toHaveAttribute('type', 'text');
    await user.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it('links to registration and password reset through the shell navigation', async () => {
    const { navigate, user } = renderSignIn();

    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));

    expect(navigate.mock.calls).toEqual([['/register'], ['/reset-password']]);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
  });
});
