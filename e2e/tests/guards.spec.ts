import { expect, test } from '@playwright/test';
import { registerViewer } from '../support/viewer';

test('a signed-out viewer opening a protected route lands on /signin, remembering the route', async ({
  page,
}) => {
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Fplans$/);
});

test('after signing in, the viewer returns to the route the guard sent them from', async ({
  page,
  context,
}) => {
  await page.goto('/payment-history?page=2');
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Fpayment-history%3Fpage%3D2$/);
  // The viewer signs in (here in another tab of the same browser: a real session the API
  // accepts, arriving through the storage event).
  await registerViewer(await context.newPage());
  await expect(page).toHaveURL(/\/payment-history\?page=2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment history');
});

test('a returnTo that leaves the site is ignored after sign-in', async ({ page, context }) => {
  await page.goto('/signin?returnTo=%2F%2Fevil.example%2F');
  await registerViewer(await context.newPage());
  await expect(page).toHaveURL(/localhost:\d+\/events$/);
});

// A real session (registerViewer), not a made-up token: the shell registers the device and
// the billing screens call the API at once, and the API refuses a made-up token.
test('a signed-in viewer on / goes to /events', async ({ page }) => {
  await registerViewer(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('a signed-in viewer with a forwarded marker on / goes to /plans', async ({ page }) => {
  await registerViewer(page);
  await page.goto('/events');
  await page.evaluate(() => localStorage.setItem('forwarded', 'https://partner.example/'));
  await page.goto('/');
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Watch every ball, live in HD');
});

test('an access_token in the query signs the viewer in, records forwarded and leaves the URL', async ({
  page,
}) => {
  // A real access token, as a partner site would hand over: the shell calls the API at once
  // (device registration), and a made-up token would rightly end the session (docs/product.md §4).
  await registerViewer(page);
  const accessToken = await page.evaluate(() => localStorage.getItem('access_token'));
  expect(accessToken).toBeTruthy();
  await page.evaluate(() => localStorage.clear());

  await page.goto(`/?access_token=${accessToken}&from=partner`);
  // Signed in with a forwarded marker: the / rule sends the viewer to /plans.
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('access_token'),
    forwarded: localStorage.getItem('forwarded'),
    sessionExpired: localStorage.getItem('sessionExpired'),
  }));
  expect(stored.token).toBe(accessToken);
  expect(stored.forwarded).not.toBeNull();
  expect(stored.sessionExpired).toBeNull();
});

test('signing out clears all local storage and shows in other open tabs', async ({ context }) => {
  const second = await context.newPage();
  await second.goto('/terms-of-service');
  const first = await context.newPage();
  // Signing in in one tab shows in the other (the storage event).
  await registerViewer(first);
  await expect(second.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await first.reload();
  await first.getByRole('button', { name: 'Sign out' }).click();
  expect(await first.evaluate(() => localStorage.length)).toBe(0);
  await expect(
    second.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }),
  ).toBeVisible();
});
