import { expect, test } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe';
import { registerViewer } from '../support/viewer';

/** Issue 23 §4: the viewer-facing rough edges of the shell. */

test('signing out lands on the home page, not on /signin?returnTo=…', async ({ page }) => {
  await registerViewer(page); // lands on /plans, a signed-in-only route
  const main = page.getByRole('navigation', { name: 'Main' });
  await main.getByRole('button', { name: 'Sign out' }).click();

  await expect(main.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
});

for (const signedIn of [false, true]) {
  test(`the phone header is one row of at most 56 px at 360 px (${signedIn ? 'signed in' : 'signed out'})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    if (signedIn) await registerViewer(page);
    else await page.goto('/terms-of-service');
    const header = page.getByRole('banner');
    await expect(header).toBeVisible();

    const box = (await header.boundingBox())!;
    expect(box.height).toBeLessThanOrEqual(56); // the border included
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    const shot = (name: string) =>
      page.screenshot({
        path: test.info().outputPath(`${name}.png`),
        clip: { x: 0, y: 0, width: 360, height: 320 },
      });
    await shot(`header-360-${signedIn ? 'signed-in' : 'signed-out'}`);
    if (signedIn) {
      const menu = header.getByRole('button', { name: 'Menu' });
      await expect(header.getByRole('link', { name: 'Plans' })).toBeHidden();
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(header.getByRole('link', { name: 'Account' })).toBeVisible();
      await shot('header-360-menu-open');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await header.getByRole('link', { name: 'Account' }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(header.getByRole('link', { name: 'Account' })).toBeHidden();
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}

test('at 1280 px the signed-in nav shows in the header without a Menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerViewer(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Events' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();
  // One row on a desktop too (64 px and a 46 px button's padding, as before this change).
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
  await page.screenshot({
    path: test.info().outputPath('header-1280.png'),
    clip: { x: 0, y: 0, width: 1280, height: 200 },
  });
});

test('route changes check the release map once each, and no check shows as a failed request', async ({
  page,
}) => {
  const failed: string[] = [];
  const checks: number[] = [];
  page.on('requestfailed', (request) => {
    if (request.url().includes('/release-map.json'))
      failed.push(request.failure()?.errorText ?? '');
  });
  page.on('response', (response) => {
    if (response.url().includes('/release-map.json')) checks.push(response.status());
  });
  await registerViewer(page);
  const main = page.getByRole('navigation', { name: 'Main' });
  for (const [name, heading] of [
    ['Events', /./],
    ['Account', 'Your account'],
  ] as const) {
    const before = checks.length;
    await main.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect.poll(() => checks.length).toBe(before + 1);
  }
  expect(failed).toEqual([]);
});
