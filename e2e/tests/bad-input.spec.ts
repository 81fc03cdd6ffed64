import { expect, test } from '@playwright/test';

test('garbage in localStorage is a signed-out viewer, not a crash', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    localStorage.setItem('access_token', '{"not": "a token"}\n' + 'x'.repeat(1_000_000));
    localStorage.setItem('refresh_token', '\u0000\u0001garbage');
    localStorage.setItem('forwarded', '%%%');
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /every ball/i })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/signin/);
  expect(errors).toEqual([]);
});

test('a junk access_token query parameter is ignored and removed from the URL', async ({
  page,
}) => {
  await page.goto('/?access_token=%3Cscript%3Ealert(1)%3C%2Fscript%3E%20junk');
  await expect(page.getByRole('heading', { level: 1, name: /every ball/i })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
});

test('a malformed release map still boots the shell; remote screens say unavailable', async ({
  page,
}) => {
  await page.route('**/privacy-policy', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(
      /"releaseMap":\{.*?\}\}\}/,
      '"releaseMap":{"schemaVersion":1,"remotes":"nonsense"}',
    );
    await route.fulfill({ response, body: html });
  });
  await page.goto('/privacy-policy');
  await expect(
    page.getByRole('heading', { name: 'This part of Crease is unavailable' }),
  ).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Register' })
    .isVisible();
  await page.getByRole('link', { name: 'Crease home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /every ball/i })).toBeVisible();
});

for (const [kind, body, contentType, status] of [
  ['404', 'Not found', 'text/plain', 404],
  ['HTML', '<!doctype html><h1>Welcome to nginx</h1>', 'text/html', 200],
] as const) {
  test(`a remote manifest that answers ${kind} shows the unavailable screen`, async ({ page }) => {
    await page.route(/\/apps\/mf-legal\/.*\/mf-manifest\.json$/, (route) =>
      route.fulfill({ status, body, contentType }),
    );
    await page.goto('/refund-policy');
    await expect(
      page.getByRole('heading', { name: 'This part of Crease is unavailable' }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  });
}
