import { expect, test } from '@playwright/test';
import { CARDS, checkoutMonthly, payByCard, planCard } from '../support/billing';
import { freshEmail, registerViewer } from '../support/viewer';

/**
 * Issue 31 §9, §10 (decision 397) over the running site: every figure a page shows is the API's,
 * so SEASON50 on Season is paid at the 19.99 the page showed (the page once showed 20.00 and
 * was refused for ever), and WELCOME20 on Monthly states a renewal at the list price, 9.99, on
 * the payment page, the provider's card page, the success page and /account.
 */
test.use({ locale: 'en-US' });

test('SEASON50 on Season: the page shows the server’s 19.99, and the payment goes through', async ({
  page,
}) => {
  await registerViewer(page, freshEmail('season50'));
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('SEASON50');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('SEASON50 applied')).toBeVisible();
  await expect(planCard(page, 'Season')).toContainText('$19.99');

  await planCard(page, 'Season').getByRole('link', { name: 'Choose Season' }).click();
  await expect(page).toHaveURL(/\/payment-process\?planId=season/);
  await expect(page.getByText('Total today').locator('xpath=..')).toContainText('$19.99');
  await expect(page.getByText('Paid once: this pass never renews.')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $19.99' }).click();
  await expect(page).toHaveURL(/\/secure-payment\?session=/);
  await payByCard(page, CARDS.success);
  await expect(page).toHaveURL(/\/payment-success\?checkout=/, { timeout: 30_000 });
  await expect(page.getByText('Season is active')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('We received $19.99.');
});

test('WELCOME20 on Monthly: every page states the renewal at 9.99, not 7.99', async ({ page }) => {
  await registerViewer(page, freshEmail('welcome-renewal'));
  await page.getByRole('textbox', { name: 'Coupon code' }).fill('WELCOME20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('WELCOME20 applied')).toBeVisible();

  await planCard(page, 'Monthly').getByRole('link', { name: 'Choose Monthly' }).click();
  await expect(
    page.getByText(
      /^Then \$9\.99 every 30 days \(WELCOME20 is for the first payment only\), first charged on /,
    ),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Pay $7.99' }).click();
  await expect(page).toHaveURL(/\/secure-payment\?session=/);
  // The provider's page: the renewal as the API described it, and no "7.99 again".
  await expect(page.getByText('then 9.99 USD every 30 days until you cancel')).toBeVisible();
  await expect(page.getByText(/charged \$7\.99 again/)).toHaveCount(0);
  await payByCard(page, CARDS.success);
  await expect(page).toHaveURL(/\/payment-success\?checkout=/, { timeout: 30_000 });
  await expect(page.getByRole('status')).toContainText(/It renews on .* for \$9\.99/);

  await page.getByRole('link', { name: 'Your account' }).click();
  await expect(page.getByRole('region', { name: 'Plan' })).toContainText(
    'The renewal charges $9.99 to your saved card.',
  );
});

test('without a coupon the payment page states the renewal too', async ({ page }) => {
  await registerViewer(page, freshEmail('plain-renewal'));
  await checkoutMonthly(page);
  await expect(page.getByText('then 9.99 USD every 30 days until you cancel')).toBeVisible();
});
