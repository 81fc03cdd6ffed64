import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe';
import { CARDS, checkoutMonthly, payByCard, planCard } from '../support/billing';
import { freshEmail, registerViewer } from '../support/viewer';

/**
 * The paying half of the journey over the whole running site: mf-billing in the shell, against
 * the real billing API with its embedded sandbox provider (hosted card page, signed webhooks).
 * The browser runs in a time zone far from UTC, so a date shown in UTC instead of local time is
 * a different day for most of the day.
 */
const TIME_ZONE = 'Pacific/Kiritimati';
const LOCALE = 'en-GB';
test.use({ timezoneId: TIME_ZONE, locale: LOCALE });

/** A new viewer, signed in on /plans. */
const register = (page: Page) => registerViewer(page, freshEmail('payer'));

async function expectNoSeriousAxeViolations(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

const localToday = () =>
  new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: TIME_ZONE }).format(new Date());

test('register, see plans, apply a coupon, pay, see the plan on /account and the payment on /payment-history', async ({
  page,
}) => {
  await register(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Watch every ball, live in HD');
  // The browser's en-GB is a guess at the UK (decision 421): pounds, in the locale's format.
  await expect(planCard(page, 'Monthly')).toContainText('£7.99');
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('textbox', { name: 'Coupon code' }).fill('WELCOME20');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('WELCOME20 applied')).toBeVisible();
  // WELCOME20 on £7.99: 799 − 160 = 639 pence.
  await expect(planCard(page, 'Monthly')).toContainText('£6.39');

  await checkoutMonthly(page);
  await expectNoSeriousAxeViolations(page);
  await payByCard(page, CARDS.success);
  await expect(page).toHaveURL(/\/payment-success\?checkout=/, { timeout: 30_000 });
  await expect(page.getByText('Monthly is active')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('link', { name: 'Your account' }).click();
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan).toContainText('Monthly');
  await expect(plan).toContainText('Active');
  await expectNoSeriousAxeViolations(page);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Account' })
    .click();
  await plan.getByRole('link', { name: 'Payment history' }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText(localToday());
  await expect(rows.nth(1)).toContainText('Monthly');
  await expect(rows.nth(1)).toContainText('£6.39');
  await expectNoSeriousAxeViolations(page);
});

test('the declined card goes to /payment-fail with the reason, and back to pay again', async ({
  page,
}) => {
  await register(page);
  await checkoutMonthly(page);
  await payByCard(page, CARDS.declined);

  await expect(page).toHaveURL(/\/payment-fail\?checkout=/, { timeout: 30_000 });
  await expect(page.getByRole('alert')).toContainText('Your card was declined.');
  await expect(page.getByText('You have not been charged.')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/secure-payment\?session=/);
  await payByCard(page, CARDS.success);
  await expect(page).toHaveURL(/\/payment-success\?checkout=/, { timeout: 30_000 });
  await expect(page.getByText('Monthly is active')).toBeVisible();
});

test('the 3-D-Secure card asks for the confirmation step before the payment is taken', async ({
  page,
}) => {
  await register(page);
  await checkoutMonthly(page);
  await payByCard(page, CARDS.confirmation);

  const bank = page.getByRole('region', { name: 'Confirm this payment' });
  await expect(bank).toContainText('Your bank asks you to confirm a payment of £7.99');
  await expect(page).toHaveURL(/\/secure-payment/);
  await expectNoSeriousAxeViolations(page);
  await bank.getByRole('button', { name: 'Confirm payment' }).click();

  await expect(page).toHaveURL(/\/payment-success\?checkout=/, { timeout: 30_000 });
  await expect(page.getByText('Monthly is active')).toBeVisible();
});

test('trial activation works once and is refused the second time', async ({ page }) => {
  await register(page);
  await page.getByRole('link', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/trial-activation$/);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Start free trial' }).click();

  await expect(page).toHaveURL(/\/trial-activation-success$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your free trial has started');
  await expectNoSeriousAxeViolations(page);
  await expect(page.getByRole('link', { name: 'Watch live cricket' })).toHaveAttribute(
    'href',
    '/events',
  );

  // The plans no longer offer it, and asking again is refused with the reason.
  await page.goto('/plans');
  await expect(planCard(page, 'Monthly')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start free trial' })).toHaveCount(0);
  await page.goto('/trial-activation');
  await expect(page.getByText('The free trial is not available')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start free trial' })).toHaveCount(0);
});

test('a double click on Pay makes one checkout and one charge', async ({ page }) => {
  await register(page);
  const checkouts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/billing/checkouts'))
      checkouts.push(request.headers()['idempotency-key'] ?? '');
  });
  await planCard(page, 'Monthly').getByRole('link', { name: 'Choose Monthly' }).click();
  await page.getByRole('button', { name: /^Pay / }).dblclick();
  await expect(page).toHaveURL(/\/secure-payment\?session=/);
  await payByCard(page, CARDS.success, 'dblclick');
  await expect(page).toHaveURL(/\/payment-success\?checkout=/, { timeout: 30_000 });

  expect(new Set(checkouts).size).toBe(1);
  await page.goto('/payment-history');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
});

test('the payment flow works with the keyboard alone', async ({ page }) => {
  await register(page);
  await page.getByRole('textbox', { name: 'Coupon code' }).focus();
  await page.keyboard.type('WELCOME20');
  await page.keyboard.press('Enter');
  await expect(page.getByText('WELCOME20 applied')).toBeVisible();

  await planCard(page, 'Monthly').getByRole('link', { name: 'Choose Monthly' }).focus();
  await page.keyboard.press('Enter');
  const pay = page.getByRole('button', { name: 'Pay £6.39' });
  await pay.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/secure-payment\?session=/);

  // Name, number, expiry, CVC in tab order; Enter submits the form.
  await page.getByRole('textbox', { name: 'Name on card' }).focus();
  await page.keyboard.type('Test Viewer');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Card number' })).toBeFocused();
  await page.keyboard.type('4000002760003184');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1239');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');

  // The confirmation step takes focus, and its first button is next in tab order.
  await expect(page.getByRole('heading', { name: 'Confirm this payment' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Confirm payment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment-success\?checkout=/, { timeout: 30_000 });
});
