import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe';

/**
 * Consent first (issue 34 §5, decision 436): a visitor in the UK chooses before any analytics
 * page view is sent; a visitor in the US is not asked. Starts with no consent cookie (the
 * config's storageState has the choice made for every other spec).
 */
test.use({ storageState: { cookies: [], origins: [] } });

/** Every page view the browser sends, by path, in order (answered here, as welcome.spec does). */
async function recordPageViews(page: Page): Promise<string[]> {
  const views: string[] = [];
  await page.route('**/api/v1/analytics/page-views', async (route) => {
    const body = route.request().postDataJSON() as { path?: string } | null;
    views.push(body?.path ?? '(no body)');
    await route.fulfill({ status: 204 });
  });
  return views;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on Crease' });

async function openTwoPages(page: Page) {
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Legal' })
    .getByRole('link', { name: 'Privacy policy' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
}

test.describe('a visitor in London', () => {
  test.use({ locale: 'en-GB', timezoneId: 'Europe/London' });

  test('chooses before any page view is sent; Accept sends the views that waited', async ({
    page,
  }) => {
    const views = await recordPageViews(page);
    await openTwoPages(page);
    await expect(banner(page)).toBeVisible();
    const accept = banner(page).getByRole('button', { name: 'Accept' });
    const reject = banner(page).getByRole('button', { name: 'Reject all' });
    await expect(reject).toBeVisible();
    await expect(banner(page).getByRole('button', { name: 'Settings' })).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);

    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      // Reject all is as easy to reach as Accept: the same size, both on screen.
      const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
      expect(r?.height).toBe(a?.height);
      await expect(reject).toBeInViewport();
      await page.screenshot({ path: test.info().outputPath(`consent-banner-${width}.png`) });
    }
    expect(views).toEqual([]);

    await accept.click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => views).toEqual(['/terms-of-service', '/privacy-policy']);
    // The choice is kept: the next visit asks nothing.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect.poll(() => views.length).toBe(3);
    await expect(banner(page)).toBeHidden();
  });

  test('after Reject all no page view is sent, until the footer changes the choice', async ({
    page,
  }) => {
    const views = await recordPageViews(page);
    await openTwoPages(page);
    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await expect(banner(page)).toBeHidden();
    await page
      .getByRole('navigation', { name: 'Legal' })
      .getByRole('link', { name: 'Cookie policy' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
    await expect(banner(page)).toBeHidden();

    // Changed from the footer: Settings, tick Analytics, save. Only views after that are sent.
    await page
      .getByRole('navigation', { name: 'Legal' })
      .getByRole('button', { name: 'Cookie settings' })
      .click();
    await banner(page).getByRole('button', { name: 'Settings' }).click();
    await banner(page)
      .getByRole('checkbox', { name: /Analytics/ })
      .check();
    await banner(page).getByRole('button', { name: 'Save settings' }).click();
    await page
      .getByRole('navigation', { name: 'Legal' })
      .getByRole('link', { name: 'Refund policy' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible();
    await expect.poll(() => views).toEqual(['/refund-policy']);
  });
});

test.describe('a visitor in New York', () => {
  test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

  test('is not asked, and page views are sent', async ({ page }) => {
    const views = await recordPageViews(page);
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect.poll(() => views).toEqual(['/terms-of-service']);
    await expect(banner(page)).toHaveCount(0);
  });
});
