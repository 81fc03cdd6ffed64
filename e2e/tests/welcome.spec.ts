import { expect, test } from '@playwright/test';

test('the welcome page renders with its title, without waiting for any remote', async ({
  page,
}) => {
  const remoteRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/apps\/mf-/.test(request.url())) remoteRequests.push(request.url());
  });
  await page.goto('/');
  await expect(page).toHaveTitle('Crease | Watch Live Cricket Streaming Online in HD');
  await expect(page.getByRole('heading', { level: 1, name: /every ball/i })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create your account' })).toHaveAttribute(
    'href',
    '/register',
  );
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(remoteRequests).toEqual([]);
});

test('an unknown path shows a proper 404 page with the chrome around it', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Legal' })).toBeVisible();
  await expect(page).toHaveTitle('Crease');
});
