/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * The email-change link (issue 36 §6, decision 423) opened on /verify-email?change=1, against a
 * real local HTTP server: it is posted once to the confirmation route, and each answer is shown.
 */
import { render, screen } from '@testing-library/react';
import { sendJson, testServerForFile } from '@crease/test-utils';
import { accountsApi, jsonOf, pathOf, problem } from '../testing/accounts-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { AuthScreen } from './auth-screen';

const server = testServerForFile();
const CONFIRM = '/api/v1/auth/email-change/confirm';
const LINK = `?change=1&email=${encodeURIComponent('new@example.com')}&token=tok-9`;

function openLink(search = LINK) {
  const { platform } = testPlatform(server.origin);
  render(<AuthScreen {...screenProps(platform, 'verify-email', search)} />);
}

describe('the email-change link', () => {
  it('confirms once and names the new address', async () => {
    server.handle(
      accountsApi({
        [CONFIRM]: (_q, r) => sendJson(r, 200, problem('EMAIL_CHANGED', 'Changed.')),
      }),
    );
    openLink();
    expect(await screen.findByRole('heading', { level: 1, name: 'Email changed' })).toBeVisible();
    expect(screen.getByText(/Your account now uses new@example.com/)).toBeVisible();
    const calls = server.requests.filter((r) => pathOf(r) === CONFIRM);
    expect(calls).toHaveLength(1);
    expect(jsonOf(calls[0])).toEqual({ email: 'new@example.com', token: 'tok-9' });
    // Not the sign-up confirmation route.
    expect(server.requests.some((r) => pathOf(r) === '/api/v1/auth/verify-email')).toBe(false);
  });

  it('a used or expired link says so', async () => {
    server.handle(
      accountsApi({
        [CONFIRM]: (_q, r) => sendJson(r, 410, problem('EMAIL_CHANGE_LINK_EXPIRED', 'Expired.')),
      }),
    );
    openLink();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has expired or was already used.',
    );
  });

  it('an address taken meanwhile says the email was not changed', async () => {
    server.handle(
      accountsApi({
        [CONFIRM]: (_q, r) => sendJson(r, 409, problem('EMAIL_UNAVAILABLE', 'Taken.')),
      }),
    );
    openLink();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This address cannot be used for your account any more, so your email was not changed.',
    );
  });
});
