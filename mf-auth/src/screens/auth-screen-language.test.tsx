/** @jest-environment ./shared/test-utils/src/jsdom-with-fetch-environment.cjs */
/**
 * Issue 34 §4: mf-auth speaks the language the shell passes in ScreenProps.language, re-renders
 * when the footer switcher changes it, and shows an API problem in that language.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendJson, testServerForFile } from '@crease/test-utils';
import type { ScreenProps } from '@crease/contract';
import { accountsApi, problem } from '../testing/accounts-api';
import { screenProps, testPlatform } from '../testing/test-platform';
import { AuthScreen } from './auth-screen';

const server = testServerForFile();

function renderIn(language: ScreenProps['language'], screenId = 'signin') {
  const { platform } = testPlatform(server.origin);
  const props = { ...screenProps(platform, screenId), language };
  const view = render(<AuthScreen {...props} />);
  return { props, view, user: userEvent.setup() };
}

describe('mf-auth in the viewer’s language', () => {
  beforeEach(() => server.handle(accountsApi()));

  it('shows sign-in in Hindi when the shell says hi, and in English after a switch', () => {
    const { props, view } = renderIn('hi');
    expect(screen.getByRole('heading', { level: 1, name: 'साइन इन करें' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'ईमेल' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'पासवर्ड भूल गए?' })).toBeVisible();

    view.rerender(<AuthScreen {...props} language="en" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  it('is English when an older shell passes no language', () => {
    renderIn(undefined);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  it('shows the API problem and a field check in Hindi', async () => {
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
    const { user } = renderIn('hi');
    await user.click(screen.getByRole('button', { name: 'साइन इन करें' }));
    expect(await screen.findByText('अपना ईमेल पता लिखें।')).toBeVisible();

    await user.type(screen.getByRole('textbox', { name: 'ईमेल' }), 'viewer@example.com');
    await user.type(screen.getByLabelText('पासवर्ड'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'साइन इन करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('ईमेल या पासवर्ड सही नहीं है।');
  });

  it('shows register in Hindi, its links inside the translated sentence', () => {
    renderIn('hi', 'register');
    expect(screen.getByRole('heading', { level: 1, name: 'अपना खाता बनाएँ' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'सेवा की शर्तों' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
  });
});
