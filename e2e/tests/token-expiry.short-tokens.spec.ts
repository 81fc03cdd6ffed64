import { expect, test } from '@playwright/test';
import { registerViewer } from '../support/viewer';

/**
 * Issue 23 §4 (decision 198): with 30-second access tokens, pages opened after the token ran
 * out refresh first instead of firing 401s at devices, events and account.
 */
test('crossing an access-token expiry sends no request that gets a 401', async ({ page }) => {
  test.setTimeout(120_000);
  const refused: string[] = [];
  const consoleErrors: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) refused.push(`${response.request().method()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });

  await registerViewer(page);
  const first = await page.evaluate(() => localStorage.getItem('access_token'));
  const lifetime = await page.evaluate((token) => {
    const claims = JSON.parse(
      atob(token!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')),
    ) as {
      iat: number;
      exp: number;
    };
    return claims.exp - claims.iat;
  }, first);
  expect(lifetime).toBe(30);

  // Let the token run out completely, as after a viewer's coffee break.
  await page.waitForTimeout(32_000);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Events' })
    .click();
  await expect(page).toHaveURL(/\/events$/);

  // And once more when it is about to run out, in a page that stays open.
  await page.waitForTimeout(26_000);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Account' })
    .click();
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();

  expect(await page.evaluate(() => localStorage.getItem('access_token'))).not.toBe(first);
  expect(await page.evaluate(() => localStorage.getItem('sessionExpired'))).toBeNull();
  expect(refused).toEqual([]);
  expect(consoleErrors.filter((text) => text.includes('401'))).toEqual([]);
});
