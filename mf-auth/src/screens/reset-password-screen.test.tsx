/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { MESSAGES } from '@crease/contract';
import { accountsApi, jsonOf, pathOf, problem } from '../testing/accounts-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { AuthScreen } from './auth-screen';
import { resetLinkParams } from './reset-password-screen';

const server = testServerForFile();

function renderReset(search = '') {
  const { platform } = testPlatform(server.origin);
  const props = screenProps(platform, 'reset-password', search);
  render(<AuthScreen {...props} />);
  return { navigate: props.navigate, user: userEvent.setup() };
}

const LINK = `?email=${encodeURIComponent('viewer+1@example.com')}&token=tok-123`;

describe('Reset password, step 1: send me a link', () => {
  beforeEach(() => server.handle(accountsApi()));

  it('sends the email with a reset bot-check token and shows the API message', async () => {
    const { user } = renderReset();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'Viewer@Example.com');

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for that email, we sent a link.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    expect(server.requests).toHaveLength(1);
    expect(pathOf(server.requests[0]!)).toBe('/api/v1/auth/init-reset');
    expect(server.requests[0]!.headers['x-bot-check']).toBe('proof-reset');
    expect(jsonOf(server.requests[0])).toEqual({ email: 'viewer@example.com' });
  });

  it('rejects with the API message when the answer is not 200 (docs/product.md §7.2)', async () => {
    server.handle(
      accountsApi({
        '/api/v1/auth/init-reset': (_request, response) =>
          sendJson(response, 429, problem('TOO_MANY_ATTEMPTS', 'Too many reset requests.')),
      }),
    );
    const { user } = renderReset();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'viewer@example.com');

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many reset requests.');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });

  it('says how long to wait when rate limited, from Retry-After', async () => {
    server.handle(
      accountsApi({
        '/api/v1/auth/init-reset': (_request, response) =>
          sendJson(response, 429, problem('TOO_MANY_ATTEMPTS', 'Too many reset requests.'), {
            'retry-after': '90',
          }),
      }),
    );
    const { user } = renderReset();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'viewer@example.com');

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many reset requests. Try again in 2 minutes.',
    );
  });

  it('validates the email before sending', async () => {
    const { user } = renderReset();

    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      'Enter your email address.',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('prefills the email from ?email= (the "request a new link" path)', () => {
    renderReset('?email=viewer%40example.com');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('viewer@example.com');
  });
});

describe('Reset password, step 2: the emailed link', () => {
  beforeEach(() => server.handle(accountsApi()));

  it('reads email and token from the link', () => {
    expect(resetLinkParams(LINK)).toEqual({ email: 'viewer+1@example.com', token: 'tok-123' });
    expect(resetLinkParams('?email=a%40b.co')).toBeNull();
  });

  async function choose(password = 'a brand new passphrase') {
    const context = renderReset(LINK);
    expect(screen.getByText('viewer+1@example.com')).toBeVisible();
    await context.user.type(screen.getByLabelText('New password'), password);
    await context.user.click(screen.getByRole('button', { name: 'Save new password' }));
    return context;
  }

  it('sends email, token and new password, then offers sign-in', async () => {
    const { navigate, user } = await choose();

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been reset.');
    expect(jsonOf(server.requests[0])).toEqual({
      email: 'viewer+1@example.com',
      token: 'tok-123',
      newPassword: 'a brand new passphrase',
    });
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(navigate).toHaveBeenCalledWith('/signin');
  });

  it('shows exactly the spec message on 208 and links to a new request', async () => {
    server.handle(
      accountsApi({
        '/api/v1/auth/reset-password': (_request, response) => {
          response.writeHead(208);
          response.end();
        },
      }),
    );
    const { navigate, user } = await choose();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(new RegExp(`^${MESSAGES.resetLinkExpired}$`));
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(navigate).toHaveBeenCalledWith('/reset-password?email=viewer%2B1%40example.com');
  });

  it.each([
    [400, problem('VALIDATION_FAILED', 'The token is malformed.')],
    [404, problem('NOT_FOUND', 'nope')],
    [500, problem('INTERNAL_ERROR', 'boom')],
  ])('shows exactly the generic message on %i', async (status, body) => {
    server.handle(
      accountsApi({
        '/api/v1/auth/reset-password': (_request, response) => sendJson(response, status, body),
      }),
    );
    await choose();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(new RegExp(`^${MESSAGES.genericError}$`));
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeEnabled();
  });

  it('applies the password rules before sending', async () => {
    await choose('viewer+1-secret');

    expect(screen.getByLabelText('New password')).toBeInvalid();
    expect(server.requests).toHaveLength(0);
  });
});
