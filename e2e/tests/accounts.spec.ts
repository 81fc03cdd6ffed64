import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';

/**
 * The accounts journey over the whole running site: mf-auth in the shell, against the real API
 * (PGlite, ALTCHA proof of work, XSRF double submit, the dev outbox for mail).
 */
const API = `http://api.localhost:${E2E_PORT}`;
const PASSWORD = 'correct horse battery';
const RESET_LINK_EXPIRED =
  'The link is expired, or you already reset your password. Please request a new password reset.';

let counter = 0;
function freshEmail(): string {
  counter += 1;
  return `viewer-${Date.now().toString(36)}-${counter}@example.com`;
}

function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

async function fillRegistration(page: Page, email: string, password = PASSWORD) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** Registers through the form; the viewer ends signed in on /plans. */
async function register(page: Page, email = freshEmail()): Promise<string> {
  await page.goto('/register');
  await fillRegistration(page, email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/plans$/, { timeout: 20_000 });
  return email;
}

async function signOut(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }),
  ).toBeVisible();
}

async function signInWith(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

interface OutboxMail {
  to: string;
  subject: string;
  links: string[];
}

/** The API's development outbox, read from the page (the API allows the site's origin). */
async function outbox(page: Page, to: string): Promise<OutboxMail[]> {
  return page.evaluate(
    async (url) => {
      const response = await fetch(url);
      return (await response.json()) as OutboxMail[];
    },
    `${API}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`,
  );
}

test('register: the viewer is signed in and continues to /plans', async ({ page }) => {
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto('/register');
  // The rules shown are the ones the API enforces.
  await fillRegistration(page, freshEmail(), 'password123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    /That password is too common\. Choose another\.$/,
  );
  await expect(page).toHaveURL(/\/register$/);

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/plans$/, { timeout: 20_000 });
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign out' }),
  ).toBeVisible();
  const stored = await storage(page);
  expect(stored.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(stored.refresh_token).toBeTruthy();
  // No bot-check UI at any point: ALTCHA runs invisibly, its proof of work in the shell's solver
  // worker, loaded from the site's own origin (the CSP's worker-src falls back to script-src 'self').
  await expect(page.getByText(/captcha|verify you are human/i)).toHaveCount(0);
  const origin = new URL(page.url()).origin;
  expect(
    workers.filter((url) => url.startsWith(`${origin}/`) && /\/altcha\.[0-9a-f]+\.js$/.test(url)),
  ).not.toEqual([]);
});

test('registering an address twice says so and offers sign-in', async ({ page }) => {
  const email = await register(page);
  await signOut(page);

  await page.goto('/register');
  await fillRegistration(page, email);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect((await storage(page)).access_token).toBeUndefined();
});

test('sign out clears all local storage and revokes the refresh token', async ({ page }) => {
  await register(page);
  const { refresh_token: refreshToken } = await storage(page);
  const revoked = page.waitForResponse(
    (response) =>
      response.url() === `${API}/oauth2/revoke` && response.request().method() === 'POST',
  );

  await signOut(page);

  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  expect((await revoked).status()).toBe(200);
  // The refresh family is dead on the API: the old refresh token no longer works.
  const status = await page.evaluate(
    async ({ api, token }) => {
      const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(`${api}/oauth2/token`, {
        method: 'POST',
        credentials: 'include',
        headers: {
          Authorization: `Basic ${btoa('crease-web:public')}`,
          'X-XSRF-TOKEN': decodeURIComponent(xsrf),
        },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }),
      });
      return response.status;
    },
    { api: API, token: refreshToken! },
  );
  expect(status).toBe(400);
});

test('sign in with the wrong password: an error, and no tokens', async ({ page }) => {
  const email = await register(page);
  await signOut(page);

  await page.goto('/signin');
  await signInWith(page, email, 'not the right password');

  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(alert).not.toHaveText('');
  await expect(page).toHaveURL(/\/signin$/);
  const stored = await storage(page);
  expect(stored.access_token).toBeUndefined();
  expect(stored.refresh_token).toBeUndefined();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
});

test('after sign-in the viewer returns to the route the guard sent them from', async ({ page }) => {
  const email = await register(page);
  await signOut(page);

  await page.goto('/payment-history');
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Fpayment-history$/);
  await signInWith(page, email, PASSWORD);

  await expect(page).toHaveURL(/\/payment-history$/, { timeout: 20_000 });
  expect((await storage(page)).access_token).toBeTruthy();
});

test('signed in on /signin without a returnTo: the / rule applies (/events)', async ({ page }) => {
  const email = await register(page);
  await signOut(page);

  await page.goto('/signin');
  await signInWith(page, email, PASSWORD);

  await expect(page).toHaveURL(/\/events$/, { timeout: 20_000 });
});

test('forgot password: outbox link, new password, sign in with it; the link works once', async ({
  page,
}) => {
  const email = await register(page);
  await signOut(page);

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('status')).toContainText('If an account exists');

  // Other mail may come too (lifecycle mail, decision 290): the reset link's is the one to read.
  const resetMail = async () =>
    (await outbox(page, email)).find((m) => m.subject === 'Reset your Crease password');
  await expect.poll(resetMail).toBeTruthy();
  const mail = await resetMail();
  const link = new URL(mail!.links[0]!);
  expect(link.pathname).toBe('/reset-password');
  expect(link.searchParams.get('email')).toBe(email);
  expect(link.searchParams.get('token')).toBeTruthy();

  const newPassword = 'a fresh new passphrase';
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been reset');

  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await signInWith(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible({ timeout: 20_000 });
  expect((await storage(page)).access_token).toBeUndefined();
  await signInWith(page, email, newPassword);
  await expect(page).toHaveURL(/\/events$/, { timeout: 20_000 });
  await signOut(page);

  // The same link again: exactly the spec's 208 message.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(RESET_LINK_EXPIRED);
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
});

test('an expired session goes to /signin with the notice; signing in clears it', async ({
  page,
}) => {
  const email = await register(page);
  // The session's refresh family is revoked elsewhere (another device signed out), and the
  // access token is no longer accepted.
  const { refresh_token: refreshToken } = await storage(page);
  await page.evaluate(
    async ({ api, token }) => {
      const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(`${api}/oauth2/revoke`, {
        method: 'POST',
        credentials: 'include',
        headers: {
          Authorization: `Basic ${btoa('crease-web:public')}`,
          'X-XSRF-TOKEN': decodeURIComponent(xsrf),
        },
        body: new URLSearchParams({ token }),
      });
      if (!response.ok) throw new Error(`revoke failed: ${response.status}`);
    },
    { api: API, token: refreshToken! },
  );
  await page.evaluate(() => localStorage.setItem('access_token', 'no.longer.valid'));

  // The first call that needs the session (the shell's device registration as the page boots):
  // 401, one refresh, which fails.
  await page.goto('/change-password');

  await expect(page).toHaveURL(/\/signin\?returnTo=%2Fchange-password$/, { timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'You were signed out' })).toBeVisible();
  expect(await storage(page)).toEqual({ sessionExpired: 'true' });

  await signInWith(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/change-password$/, { timeout: 20_000 });
  expect((await storage(page)).sessionExpired).toBeUndefined();
  await page.goto('/signin');
  // Signed in: /signin continues per the / rule, and no notice is left behind.
  await expect(page).toHaveURL(/\/events$/);
});

test('change password while signed in, then sign in with the new one', async ({ page }) => {
  const email = await register(page);
  await page.goto('/change-password');
  await page.getByLabel('Current password', { exact: true }).fill('wrong current password');
  await page.getByLabel('New password', { exact: true }).fill('changed passphrase 1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password', { exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
    {
      timeout: 20_000,
    },
  );

  await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  await signOut(page);
  await page.goto('/signin');
  await signInWith(page, email, 'changed passphrase 1');
  await expect(page).toHaveURL(/\/events$/, { timeout: 20_000 });
});
