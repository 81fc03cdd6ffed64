/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { PASSWORD_RULES } from '@crease/contract';
import { accountsApi, formOf, jsonOf, pathOf, problem } from '../testing/accounts-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { AuthScreen } from './auth-screen';

const server = testServerForFile();

function renderRegister(options: { signedIn?: boolean; search?: string } = {}) {
  const { platform, session, track } = testPlatform(server.origin, options);
  const props = screenProps(platform, 'register', options.search);
  render(<AuthScreen {...props} />);
  return { session, track, navigate: props.navigate, user: userEvent.setup() };
}

const emailField = () => screen.getByRole('textbox', { name: 'Email' });
const passwordField = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: /create account/i });

describe('Registration screen', () => {
  beforeEach(() => server.handle(accountsApi()));

  it('starts the registration and sign-in proofs when the form gains focus, not at submit', async () => {
    const { platform } = testPlatform(server.origin);
    const prepared: string[] = [];
    platform.botCheck.prepare = (action) => prepared.push(action);
    render(<AuthScreen {...screenProps(platform, 'register')} />);
    expect(prepared).toEqual([]);

    await userEvent.setup().click(emailField());

    expect(prepared).toEqual(expect.arrayContaining(['register', 'signin']));
  });

  it('shows the password rules the API enforces, tied to the field', () => {
    renderRegister();

    expect(passwordField()).toHaveAccessibleDescription(PASSWORD_RULES);
    expect(passwordField()).toHaveAttribute('autocomplete', 'new-password');
    expect(emailField()).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('checkbox', { name: /email me match alerts/i })).not.toBeChecked();
  });

  it('continues to the plan chosen on the storefront once signed up (returnTo)', async () => {
    const search = `?${new URLSearchParams({ returnTo: '/payment-process?planId=monthly' })}`;
    const { navigate, user } = renderRegister({ search });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/signin${search}`,
    );
    await user.type(emailField(), 'chooser@example.com');
    await user.type(passwordField(), 'correct horse battery');

    await user.click(submit());

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/payment-process?planId=monthly'));
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it.each(['https://evil.example/x', '//evil.example/x', '/signin?returnTo=/x'])(
    'ignores an unsafe returnTo %p and continues to /plans',
    async (returnTo) => {
      const { navigate, user } = renderRegister({
        search: `?${new URLSearchParams({ returnTo })}`,
      });
      await user.type(emailField(), 'careful@example.com');
      await user.type(passwordField(), 'correct horse battery');

      await user.click(submit());

      await waitFor(() => expect(navigate).toHaveBeenCalledWith('/plans'));
    },
  );

  it.each([
    ['short', 'Use at least 8 characters.'],
    ['password123', 'That password is too common. Choose another.'],
    ['my-viewer-pass', 'Your password must not contain your email address.'],
  ])('rejects the password %p with the shared rule', async (password, message) => {
    const { user } = renderRegister();
    await user.type(emailField(), 'viewer@example.com');
    await user.type(passwordField(), password);

    await user.click(submit());

    expect(passwordField()).toHaveAccessibleDescription(`${PASSWORD_RULES} ${message}`);
    expect(passwordField()).toHaveFocus();
    expect(server.requests).toHaveLength(0);
  });

  it('registers, signs the viewer in and continues to /plans', async () => {
    const { session, navigate, track, user } = renderRegister();
    await user.type(emailField(), 'New.Viewer@Example.com');
    await user.type(passwordField(), 'correct horse battery');
    await user.click(screen.getByRole('checkbox', { name: /email me match alerts/i }));

    await user.click(submit());

    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/plans'));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(session.isSignedIn()).toBe(true);
    const [registration, grant] = server.requests;
    expect(pathOf(registration!)).toBe('/api/v1/auth/register');
    expect(registration!.headers['x-bot-check']).toBe('proof-register');
    expect(jsonOf(registration)).toEqual({
      email: 'new.viewer@example.com',
      password: 'correct horse battery',
      emailSubscribe: true,
    });
    expect(pathOf(grant!)).toBe('/oauth2/token');
    expect(grant!.headers['x-bot-check']).toBe('proof-signin');
    expect(formOf(grant)).toMatchObject({
      username: 'new.viewer@example.com',
      password: 'correct horse battery',
    });
    expect(track).toHaveBeenCalledWith({ name: 'sign_up', properties: { emailSubscribe: true } });
    // No "already signed in" flash while moving on.
    expect(screen.queryByText(/already signed in/i)).not.toBeInTheDocument();
  });

  it('marks the email when it is already registered and offers sign-in', async () => {
    server.handle(
      accountsApi({
        '/api/v1/auth/register': (_request, response) =>
          sendJson(
            response,
            409,
            problem('EMAIL_ALREADY_REGISTERED', 'An account with this email already exists.'),
          ),
      }),
    );
    const { session, navigate, user } = renderRegister();
    await user.type(emailField(), 'taken@example.com');
    await user.type(passwordField(), 'correct horse battery');

    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account with this email already exists.');
    expect(emailField()).toHaveAccessibleDescription('An account with this email already exists.');
    expect(session.isSignedIn()).toBe(false);
    expect(server.requests.map(pathOf)).toEqual(['/api/v1/auth/register']);
    await user.click(screen.getAllByRole('link', { name: 'Sign in' })[0]!);
    expect(navigate).toHaveBeenCalledWith('/signin');
    expect(submit()).toBeEnabled();
  });

  it('puts a server password rejection on the password field', async () => {
    server.handle(
      accountsApi({
        '/api/v1/auth/register': (_request, response) =>
          sendJson(response, 400, problem('WEAK_PASSWORD', 'That password has been breached.')),
      }),
    );
    const { user } = renderRegister();
    await user.type(emailField(), 'viewer@example.com');
    await user.type(passwordField(), 'correct horse battery');

    await user.click(submit());

    await screen.findByRole('alert');
    expect(passwordField()).toHaveAccessibleDescription(
      `${PASSWORD_RULES} That password has been breached.`,
    );
  });

  it('says the account is ready when only the sign-in after it fails', async () => {
    server.handle(
      accountsApi({
        '/oauth2/token': (_request, response) =>
          sendJson(response, 503, problem('UNAVAILABLE', 'down')),
      }),
    );
    const { navigate, user } = renderRegister();
    await user.type(emailField(), 'viewer@example.com');
    await user.type(passwordField(), 'correct horse battery');

    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account is ready');
    expect(alert).toHaveTextContent('An error occurred. Please try again later.');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('tells a signed-in viewer so, and lets them sign out to register another account', async () => {
    const { session, user } = renderRegister({ signedIn: true });

    expect(screen.getByRole('status')).toHaveTextContent('You are already signed in');
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(session.isSignedIn()).toBe(false);
    expect(emailField()).toBeVisible();
  });
});
