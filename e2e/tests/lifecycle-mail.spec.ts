/**
 * Lifecycle mail in the browser (issue 22 §4, decision 290): a new viewer who says yes to news at
 * registration and confirming the address finds the welcome mail in the development outbox, with an HTML and a text part,
 * and the outbox page shows it rendered in a sandboxed frame beside its text.
 */
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { devOutbox } from '../support/dev-api';
import { VIEWER_PASSWORD, confirmEmail, freshEmail } from '../support/viewer';

test('a new viewer registers and gets the welcome mail, as HTML and as text', async ({ page }) => {
  const email = freshEmail('welcome');
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(VIEWER_PASSWORD);
  await page.getByRole('checkbox', { name: /email me match alerts/i }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/plans$/, { timeout: 30_000 });
  // The welcome mail waits until the address is confirmed (decision 405).
  await confirmEmail(page, email);

  const welcome = async () =>
    (await devOutbox(email)).find((mail) => mail.subject === 'Welcome to Crease');
  await expect.poll(welcome, { timeout: 20_000 }).toBeTruthy();
  const mail = (await welcome())!;
  expect(mail.html).toContain('<h1');
  expect(mail.text).toContain('Your account is ready.');
  expect(mail.text).not.toContain('<');
  expect(mail.links).toContain(`http://localhost:${E2E_PORT}/plans`);

  // The outbox page (development only) renders it: the HTML in a sandboxed frame, the text beside.
  await page.goto(
    `http://api.localhost:${E2E_PORT}/api/v1/dev/outbox/view?to=${encodeURIComponent(email)}`,
  );
  const message = page.getByRole('article', { name: 'Welcome to Crease' });
  await expect(message.getByText('Your account is ready.', { exact: false })).toBeVisible();
  const frame = message.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1, name: 'Welcome to Crease' })).toBeVisible();
  await expect(frame.getByRole('link', { name: 'See the plans' })).toBeVisible();
  await message.screenshot({ path: test.info().outputPath('welcome-in-outbox.png') });
});
