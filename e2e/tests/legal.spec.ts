import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe';

const POLICIES = [
  ['/acceptable-use-policy', 'Acceptable Use Policy'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/cookie-policy', 'Cookie Policy'],
  ['/refund-policy', 'Refund Policy'],
  ['/accessibility', 'Accessibility Statement'],
] as const;

for (const [path, title] of POLICIES) {
  test(`${path} is rendered by the mf-legal remote loaded at runtime`, async ({ page }) => {
    const manifest = page.waitForRequest(/\/apps\/mf-legal\/[^/]+\/mf-manifest\.json$/);
    await page.goto(path);
    await manifest;
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/Last updated/)).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Contents' }).getByRole('link').first(),
    ).toBeVisible();
    await expect(page).toHaveTitle('Crease');
  });
}

test('moving between two policies updates the parcel instead of remounting it', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  const article = await page.getByRole('article').elementHandle();
  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Cookie policy' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
  expect(await article?.evaluate((node) => node.isConnected)).toBe(true);
});

test('every navigation scrolls to the top', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 600 });
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Legal' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Refund policy' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the accessibility statement is linked from the footer and axe-clean', async ({ page }) => {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Accessibility' })
    .click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Accessibility Statement' }),
  ).toBeVisible();
  for (const name of ['What conforms', 'What does not conform yet', 'How to report a problem'])
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
});
