/**
 * Issue 31 §3 and §13 in the browser (decisions 405, 406): a new viewer can watch before
 * confirming the address; /account says it is not confirmed and sends a new link; the link
 * confirms it; and a viewer signs in with an emailed code instead of the password.
 */
import { expect, test } from '@playwright/test';
import { devOutbox } from '../support/dev-api';
import { registerViewer } from '../support/viewer';

test('a new viewer confirms the address from /account, then signs in with an emailed code', async ({
  page,
}) => {
  const email = await registerViewer(page);

  await page.goto('/account');
  const notice = page.getByRole('status').filter({ hasText: 'Confirm your email address' });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect(page.getByText('We have sent a new confirmation link')).toBeVisible();

  const confirmLinks = async () =>
    (await devOutbox(email))
      .flatMap((mail) => mail.links)
      .filter((l) => l.includes('/verify-email?'));
  await expect.poll(async () => (await confirmLinks()).length, { timeout: 20_000 }).toBe(2);
  const link = new URL((await confirmLinks())[0]!);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Email confirmed' })).toBeVisible({
    timeout: 20_000,
  });
  await page.goto('/account');
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible({ timeout: 20_000 });

  // Signed out, the viewer asks for a code instead of typing the password.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await expect(page.getByText('we have sent it a sign-in code')).toBeVisible({ timeout: 20_000 });
  const code = async () =>
    (await devOutbox(email))
      .map((mail) => /sign-in code is ([0-9A-Z-]{14})/.exec(mail.text)?.[1])
      .find(Boolean);
  await expect.poll(code, { timeout: 20_000 }).toBeTruthy();
  await page.getByRole('textbox', { name: 'Sign-in code' }).fill((await code())!.toLowerCase());
  await page.getByRole('button', { name: 'Sign in with the code' }).click();
  await expect(page).not.toHaveURL(/\/signin/, { timeout: 20_000 });
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeTruthy();
});
