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

test('every route change sends one first-party page view', async ({ page }) => {
  const views: string[] = [];
  await page.route('**/api/v1/analytics/page-views', async (route) => {
    const body = route.request().postDataJSON() as { path?: string } | null;
    views.push(body?.path ?? '(no body)');
    await route.fulfill({ status: 204 });
  });
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Cookie policy' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
  await expect.poll(() => views).toEqual(['/terms-of-service', '/cookie-policy']);
});
