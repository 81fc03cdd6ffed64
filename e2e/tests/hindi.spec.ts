import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { UI_LANGUAGE_STORAGE } from '@crease/contract';
import { seriousAxeViolations, WCAG22_TAGS } from '../support/axe';
import { VIEWER_PASSWORD, freshEmail, registerViewer } from '../support/viewer';

/**
 * Hindi (issue 34 §4, decisions 469–472): a visitor whose browser says hi-IN, in India's time
 * zone, gets the shell's chrome, / and the sign-in screen (mf-auth) in Hindi with
 * `<html lang="hi">`; the footer switches to English and the choice sticks on reload. Signed in,
 * the choice is the account's and follows the viewer to another browser. axe (WCAG 2.2 AA) finds
 * nothing serious in Hindi at a phone's 360 px and a laptop's 1280 px.
 */
test.use({ locale: 'hi-IN', timezoneId: 'Asia/Kolkata' });

const WIDTHS = [360, 1280] as const;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function expectAxeClean(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await seriousAxeViolations(page, WCAG22_TAGS), `${name} at ${width} px`).toEqual([]);
    await shot(page, `${name}-${width}`);
  }
}

const footer = (page: Page) => page.getByRole('contentinfo');

test('a hi-IN visitor reads / and sign-in in Hindi, and English sticks once chosen', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'हर गेंद। हर चौका-छक्का। HD में लाइव।',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  const nav = page.getByRole('navigation', { name: 'मुख्य' });
  await expect(nav.getByRole('link', { name: 'साइन इन करें' })).toBeVisible();
  await expect(footer(page).getByRole('link', { name: 'गोपनीयता नीति' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'प्लान और क़ीमतें' })).toBeVisible();
  await expect(footer(page).getByRole('button', { name: 'हिन्दी' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectAxeClean(page, 'welcome-hi');

  await nav.getByRole('link', { name: 'साइन इन करें' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('साइन इन करें');
  await expect(page.getByRole('textbox', { name: 'ईमेल' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'पासवर्ड भूल गए?' })).toBeVisible();
  await page.getByRole('button', { name: 'साइन इन करें' }).click();
  await expect(page.getByText('अपना ईमेल पता लिखें।')).toBeVisible();
  await expectAxeClean(page, 'signin-hi');

  // English from the footer: the open screen (a remote) changes with the chrome, no reload.
  await footer(page).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(footer(page).getByRole('link', { name: 'Privacy policy' })).toBeVisible();

  await page.goto('/');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Every ball. Every boundary. Live in HD.',
  );
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(
    await page.evaluate((key) => localStorage.getItem(key), UI_LANGUAGE_STORAGE.localStorage),
  ).toBe('en');
});

test('garbage in storage falls back to the browser: Hindi', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(
    (key) => localStorage.setItem(key, '{"not":"a language"}'),
    UI_LANGUAGE_STORAGE.localStorage,
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('link', { name: 'रजिस्टर करें' })).toBeVisible();
});

test('a signed-in choice is the account’s: another browser signs in to Hindi', async ({
  page,
  browser,
}) => {
  // Registered in English (a visitor who had chosen English), then Hindi from the footer.
  await page.goto('/');
  // Hindi on screen: React has replaced the prerendered (English, script-less) markup.
  await expect(page.getByRole('link', { name: 'रजिस्टर करें' })).toBeVisible();
  await footer(page).getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const email = await registerViewer(page, freshEmail('hindi'));
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/auth/ui-language') && response.request().method() === 'PUT',
  );
  await footer(page).getByRole('button', { name: 'हिन्दी' }).click();
  await expect(page.getByRole('navigation', { name: 'मुख्य' })).toBeVisible();
  expect((await saved).status()).toBe(200);

  // A browser in London with no choice of its own: signing in brings the account's Hindi.
  const london = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
  const other = await london.newPage();
  await other.goto('/signin');
  await expect(other.locator('html')).toHaveAttribute('lang', 'en');
  await other.getByRole('textbox', { name: 'Email' }).fill(email);
  await other.getByLabel('Password', { exact: true }).fill(VIEWER_PASSWORD);
  await other.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(other.locator('html')).toHaveAttribute('lang', 'hi', { timeout: 20_000 });
  await expect(other.getByRole('button', { name: 'साइन आउट करें' })).toBeVisible();
  await london.close();
});
