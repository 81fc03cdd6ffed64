import type { Page, Request } from '@playwright/test';
import { expect, test } from '@playwright/test';

/**
 * Issue 9: two real Chromium tabs on one account make exactly one refresh. Both tabs send a
 * call with an access token the API no longer accepts, both get 401, and the refresh is shared
 * across tabs (a Web Lock around it, and a second look at the stored tokens inside): one
 * POST /oauth2/token, and both tabs stay signed in and finish their call.
 */
const PASSWORD = 'correct horse battery';

function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

async function register(page: Page): Promise<void> {
  await page.goto('/register');
  await page
    .getByRole('textbox', { name: 'Email' })
    .fill(`tabs-${Date.now().toString(36)}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/plans$/, { timeout: 20_000 });
}

/** A change-password form filled with a wrong current password: a real call that needs auth. */
async function fillChangePassword(page: Page) {
  await page.goto('/change-password');
  await page.getByLabel('Current password', { exact: true }).fill('not my current password');
  await page.getByLabel('New password', { exact: true }).fill('another new passphrase');
}

const isTokenCall = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/oauth2/token';
const isChangePassword = (url: string) => new URL(url).pathname === '/api/v1/auth/change-password';

test('two tabs on one account with a rejected access token: exactly one refresh, both stay signed in', async ({
  context,
}) => {
  const first = await context.newPage();
  await register(first);
  await fillChangePassword(first);
  const second = await context.newPage();
  await fillChangePassword(second);

  // The access token both tabs share (one localStorage) is no longer accepted by the API.
  await first.evaluate(() => localStorage.setItem('access_token', 'no.longer.valid'));

  const tokenCalls: string[] = [];
  context.on('request', (request) => {
    if (isTokenCall(request)) tokenCalls.push(request.postData() ?? '');
  });
  // Both tabs must have been refused before any refresh answers, so both really need one:
  // the token call reaches the real API only once both 401s are in (ordering, not a stand-in).
  let unauthorised = 0;
  let bothRefused!: () => void;
  const bothRefusedPromise = new Promise<void>((resolve) => (bothRefused = resolve));
  context.on('response', (response) => {
    if (isChangePassword(response.url()) && response.status() === 401) {
      unauthorised += 1;
      if (unauthorised === 2) bothRefused();
    }
  });
  await context.route('**/oauth2/token', async (route) => {
    if (isTokenCall(route.request())) await bothRefusedPromise;
    await route.continue();
  });

  const submit = (page: Page) => page.getByRole('button', { name: 'Change password' }).click();
  await Promise.all([submit(first), submit(second)]);

  // Each tab's call was retried with the refreshed token and answered: wrong current password.
  for (const page of [first, second]) {
    await expect(page.getByLabel('Current password', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
      { timeout: 20_000 },
    );
  }
  expect(unauthorised).toBe(2);
  expect(tokenCalls).toHaveLength(1);
  expect(new URLSearchParams(tokenCalls[0]).get('grant_type')).toBe('refresh_token');

  for (const page of [first, second]) {
    await expect(page).toHaveURL(/\/change-password$/);
    const stored = await storage(page);
    expect(stored.sessionExpired).toBeUndefined();
    expect(stored.access_token).toBeTruthy();
    expect(stored.access_token).not.toBe('no.longer.valid');
    expect(stored.refresh_token).toBeTruthy();
  }
});
