import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { CARDS, payByCard, planCard } from '../support/billing';
import { freshEmail, registerViewer } from '../support/viewer';

/**
 * Issue 31 §8 (decision 391) over the whole running site: a subscriber on Annual is not sold a
 * pass on top of it. /plans says plainly why instead of offering "Choose Match Pass", and
 * /account still shows Annual, four screens and its renewal.
 */
const planSection = (page: Page) => page.getByRole('region', { name: 'Plan' });
const devicesSection = (page: Page) => page.getByRole('region', { name: 'Devices' });

/** From /plans: buy Annual with the success card, and wait for the webhook. */
async function buyAnnual(page: Page) {
  await planCard(page, 'Annual').getByRole('link', { name: 'Choose Annual' }).click();
  await expect(page).toHaveURL(/\/payment-process\?planId=/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/secure-payment\?session=/);
  await payByCard(page, CARDS.success);
  await expect(page).toHaveURL(/\/payment-success\?checkout=/, { timeout: 30_000 });
  await expect(page.getByText('Annual is active')).toBeVisible();
}

test('an Annual subscriber is told why a pass is not offered, and keeps Annual', async ({
  page,
}) => {
  await registerViewer(page, freshEmail('pass-on-annual'));
  // A new viewer may buy a pass: it is offered like any plan.
  await expect(
    planCard(page, 'Match Pass').getByRole('link', { name: 'Choose Match Pass' }),
  ).toBeVisible();
  await buyAnnual(page);

  await page.goto('/plans');
  const pass = planCard(page, 'Match Pass');
  await expect(pass).toContainText(
    'Not offered now. Your Annual subscription already includes every match on 4 screens; a Match Pass would add nothing, so it is not sold on top of it.',
  );
  await expect(pass.getByRole('link', { name: 'Choose Match Pass' })).toHaveCount(0);
  await expect(planCard(page, 'Season').getByRole('link', { name: /Choose/ })).toHaveCount(0);
  await expect(planCard(page, 'Annual').getByRole('link', { name: 'Manage Annual' })).toBeVisible();

  await page.goto('/account');
  const plan = planSection(page);
  await expect(plan).toContainText('Annual');
  await expect(plan).toContainText('Active');
  await expect(plan.getByText(/^Renews on /)).toBeVisible();
  await expect(devicesSection(page)).toContainText('Your plan lets 4 screens watch at once');
});
