import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { billingPath } from '@crease/contract';
import type { RefundAccepted } from '@crease/contract';
import { buyMonthly } from '../support/billing';
import { operatorCall } from '../support/catalog-operator';
import { freshEmail, registerViewer } from '../support/viewer';

/**
 * Refunds over the whole running site (decision 351): support refunds a viewer's Monthly payment
 * in full through the operator API; the sandbox's charge.refunded webhook records it; the
 * viewer's history lists it, the receipt shows it, and /account says the plan ended because of it.
 */
test('a payment refunded in full is in the history and on the receipt, and ends the plan', async ({
  page,
}) => {
  await registerViewer(page, freshEmail('refund'));
  await buyMonthly(page);

  await page.goto('/payment-history');
  const receiptLink = page.getByRole('link', { name: /^Receipt CRS-\d{6}/ });
  const href = (await receiptLink.getAttribute('href')) ?? '';
  const paymentId = new URL(href, 'http://x').searchParams.get('receipt') ?? '';
  expect(paymentId).not.toBe('');

  const refund = await operatorCall<RefundAccepted>(
    'POST',
    billingPath('operatorRefunds', { paymentId }),
    {},
    { 'idempotency-key': randomUUID() },
  );
  expect(refund).toMatchObject({ paymentId, amount: 9.99 });

  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('table', { name: /^Entries 1 to 2 of 2$/ })).toBeVisible({
      timeout: 1000,
    });
  }).toPass({ timeout: 20_000 });
  const rows = page.getByRole('table', { name: /^Entries 1 to 2 of 2$/ }).getByRole('row');
  await expect(page.getByRole('row').filter({ hasText: 'Refunded' })).toContainText('−$9.99');
  await rows.getByRole('link', { name: /^Receipt CRS-\d{6}/ }).click();
  const receipt = page.getByRole('article', { name: 'Crease receipt' });
  await expect(receipt).toContainText(/Refunded .+\s*\$9\.99/);

  await page.goto('/account');
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan).toContainText('It ended when its payment was refunded in full.');
});
