import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** The sandbox provider's test cards (the well-known ones). */
export const CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  confirmation: '4000 0027 6000 3184',
  /** Pays now; saved for renewals, every later charge is declined (Stripe's 0341). */
  failsAtRenewal: '4000 0000 0000 0341',
};

export const planCard = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Plans' }).getByRole('listitem', { name });

/** From /plans: choose Monthly and reach the provider's card page. */
export async function checkoutMonthly(page: Page) {
  await planCard(page, 'Monthly').getByRole('link', { name: 'Choose Monthly' }).click();
  await expect(page).toHaveURL(/\/payment-process\?planId=/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/secure-payment\?session=/);
}

export async function payByCard(page: Page, card: string, click: 'click' | 'dblclick' = 'click') {
  await page.getByRole('textbox', { name: 'Card number' }).fill(card);
  await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/39');
  await page.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
  await page.getByRole('button', { name: /^Pay / })[click]();
}

/** From /plans: buy Monthly (two devices) with the success card, and wait for the webhook. */
export async function buyMonthly(page: Page, card: string = CARDS.success) {
  await checkoutMonthly(page);
  await payByCard(page, card);
  await expect(page).toHaveURL(/\/payment-success\?checkout=/, { timeout: 30_000 });
  await expect(page.getByText('Monthly is active')).toBeVisible();
}
