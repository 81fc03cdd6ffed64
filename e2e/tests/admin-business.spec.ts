import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { CARDS, payByCard, planCard } from '../support/billing';
import { CONSENT_ACCEPTED } from '../support/consent';
import { checkScreen, devAdmin, signInToConsole } from '../support/staff-console';
import { freshEmail, registerViewer } from '../support/viewer';

/**
 * Issue 33 §5 in real Chromium: the development admin creates a coupon limited to one
 * redemption in the staff console, a viewer redeems it at checkout, and the admin sees the
 * redemption (who, which payment, 1 of 1, used up) and today's revenue grow by what was paid.
 * Each business screen is axe-clean and fits 1280 and 800 px.
 */
test.use({ locale: 'en-US' });

/** Today's net revenue in US dollars as the Business screen writes it (0 when there is none). */
async function usdToday(page: Page): Promise<number> {
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('button', { name: 'Business' })
    .click();
  const today = page.getByTestId('revenue-today');
  await expect(today).toBeVisible();
  const text = (await today.textContent()) ?? '';
  const dollars = /\$([\d,]+\.\d\d)/.exec(text)?.[1];
  return dollars ? Number(dollars.replace(/,/g, '')) : 0;
}

test('an admin makes a one-use coupon, a viewer redeems it, the admin sees it and the revenue', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = devAdmin();
  const adminContext = await browser.newContext({ storageState: CONSENT_ACCEPTED });
  const adminPage = await adminContext.newPage();
  await signInToConsole(adminPage, admin.email, admin.password, admin.secret);

  const before = await usdToday(adminPage);
  await expect(adminPage.getByText('Trial to paid')).toBeVisible();
  await checkScreen(adminPage, 'business');

  const nav = adminPage.getByRole('navigation', { name: 'Console' });
  await nav.getByRole('button', { name: 'Plans' }).click();
  await expect(adminPage.getByRole('region', { name: 'Plans table' })).toBeVisible();
  await checkScreen(adminPage, 'plans');

  const code = `ONCE${Date.now().toString(36).toUpperCase()}`;
  await nav.getByRole('button', { name: 'Coupons' }).click();
  await adminPage.getByRole('button', { name: 'New coupon' }).click();
  const form = adminPage.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Discount (%)').fill('20');
  await form.getByLabel('Redemption limit').fill('1');
  await form.getByRole('checkbox', { name: 'Monthly' }).check();
  await form.getByLabel('Reason').fill('One-use coupon for the e2e run');
  await checkScreen(adminPage, 'coupon-form');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(adminPage.getByText(`${code} is created: 20% off.`)).toBeVisible();
  const row = adminPage.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('0 of 1');
  await checkScreen(adminPage, 'coupons');

  // The viewer, in a browser of their own, pays Monthly with the code: $7.99.
  const viewerContext = await browser.newContext({ storageState: CONSENT_ACCEPTED });
  const viewer = await viewerContext.newPage();
  const email = freshEmail('one-use');
  await registerViewer(viewer, email);
  await viewer.getByRole('textbox', { name: 'Coupon code' }).fill(code.toLowerCase());
  await viewer.getByRole('button', { name: 'Apply' }).click();
  await expect(viewer.getByText(`${code} applied`)).toBeVisible();
  await planCard(viewer, 'Monthly').getByRole('link', { name: 'Choose Monthly' }).click();
  await viewer.getByRole('button', { name: 'Pay $7.99' }).click();
  await expect(viewer).toHaveURL(/\/secure-payment\?session=/);
  await payByCard(viewer, CARDS.success);
  await expect(viewer).toHaveURL(/\/payment-success\?checkout=/, { timeout: 30_000 });

  // The admin sees the redemption: who, which payment, and the coupon used up.
  await nav.getByRole('button', { name: 'Business' }).click();
  await nav.getByRole('button', { name: 'Coupons' }).click();
  await adminPage.getByRole('button', { name: `Open ${code}` }).click();
  const redemptions = adminPage.getByRole('region', { name: 'Redemptions table' });
  await expect(redemptions.getByRole('cell', { name: email })).toBeVisible();
  await expect(redemptions).toContainText('$7.99');
  await expect(redemptions.getByRole('cell', { name: /^[0-9a-f-]{36}$/ })).toBeVisible();
  await expect(adminPage.getByText('1 of 1')).toBeVisible();
  await expect(adminPage.getByText('Used up')).toBeVisible();
  await checkScreen(adminPage, 'coupon-redemptions');

  // Today's revenue has grown by what the viewer paid.
  await expect.poll(() => usdToday(adminPage)).toBeCloseTo(before + 7.99, 2);
  await checkScreen(adminPage, 'business-after');
  await viewerContext.close();
  await adminContext.close();
});
