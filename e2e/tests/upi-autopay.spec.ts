import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe';
import { planCard } from '../support/billing';
import { freshEmail, registerViewer } from '../support/viewer';
import { languageChosen } from '../support/language';

/**
 * UPI AutoPay in the sandbox over the whole running site (issue 34 §2, decision 461): a visitor
 * in India registers, picks Monthly, pays by UPI with the test ID that approves, approves the
 * AutoPay mandate and gets the GST invoice. A UPI ID that never answers shows a waiting state
 * the viewer can leave to pay another way, and a decline shows the designed error. Each UPI
 * screen is axe-clean at 360 and 1280 px.
 */

const WIDTHS = [360, 1280] as const;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** axe (WCAG 2.1 A/AA) at both widths; a screenshot of each for the record. */
async function expectAxeCleanAtBothWidths(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, `${name}-${width}`);
  }
}

/** A rupee amount as this browser formats it (Intl, the page's own locales). */
const inr = (page: Page, amount: number) =>
  page.evaluate(
    (value) =>
      new Intl.NumberFormat([...navigator.languages], {
        style: 'currency',
        currency: 'INR',
      }).format(value),
    amount,
  );

/** Registers, chooses Monthly and opens the hosted payment page, on UPI. */
async function monthlyOnUpi(page: Page, who: string) {
  await registerViewer(page, freshEmail(who));
  await planCard(page, 'Monthly').getByRole('link', { name: 'Choose Monthly' }).click();
  await page.getByRole('button', { name: `Pay ${await inr(page, 299)}` }).click();
  await expect(page).toHaveURL(/\/secure-payment\?session=/);
  await expect(page.getByRole('heading', { name: 'Pay by card or UPI' })).toBeVisible();
  await page.getByRole('radio', { name: 'UPI' }).check();
}

test.describe('a visitor in India (hi-IN, Asia/Kolkata)', () => {
  // The browser says hi-IN, so the site speaks Hindi (decision 470); this visitor chose English
  // in the footer, as the checks read English words. The same journey in Hindi is
  // hindi-checkout.spec.ts (decision 476).
  test.use({ locale: 'hi-IN', timezoneId: 'Asia/Kolkata', storageState: languageChosen('en') });

  test('subscribes with UPI AutoPay (success@razorpay) and gets a GST invoice', async ({
    page,
  }) => {
    await monthlyOnUpi(page, 'upi-autopay');
    await expect(page.getByRole('textbox', { name: 'UPI ID' })).toBeVisible();
    await expectAxeCleanAtBothWidths(page, 'upi-form');

    await page.getByRole('textbox', { name: 'UPI ID' }).fill('success@razorpay');
    await page.getByRole('button', { name: /^Set up UPI AutoPay/ }).click();
    const approve = page.getByRole('heading', { name: 'Approve UPI AutoPay' });
    await expect(approve).toBeFocused();
    await expect(page.getByText('UPI AutoPay · success@razorpay')).toBeVisible();
    await expectAxeCleanAtBothWidths(page, 'upi-mandate');
    await page.getByRole('button', { name: 'Approve AutoPay and pay' }).click();
    await expect(page).toHaveURL(/\/payment-success\?checkout=/, { timeout: 30_000 });

    await page.goto('/payment-history');
    await page
      .getByRole('table', { name: /^Entries 1 to 1 of 1$/ })
      .getByRole('link', { name: /^Receipt CRS-\d{6}/ })
      .click();
    const invoice = page.getByRole('article', { name: 'Crease tax invoice' });
    await expect(invoice.getByRole('region', { name: 'From' })).toContainText(/GSTIN [0-9A-Z]{15}/);
    await expect(invoice).toContainText(/Place of supply\s*India \(IN\)/);
    await expect(invoice).toContainText(/Invoice number\s*CRS-\d{6}/);
    await shot(page, 'upi-invoice');
  });
});

test.describe('a visitor in India (en-IN, Asia/Kolkata)', () => {
  test.use({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });

  test('a UPI app that never answers can be left; a decline shows the designed error', async ({
    page,
  }) => {
    await monthlyOnUpi(page, 'upi-decline');
    await page.getByRole('textbox', { name: 'UPI ID' }).fill('pending@razorpay');
    await page.getByRole('button', { name: /^Set up UPI AutoPay/ }).click();
    await expect(
      page.getByRole('heading', { name: 'Approve the request in your UPI app' }),
    ).toBeFocused();
    await expect(page.getByText('Nothing is charged until you approve it.')).toBeVisible();
    await expectAxeCleanAtBothWidths(page, 'upi-waiting');
    await page.getByRole('button', { name: 'Choose another way to pay' }).click();

    await expect(page.getByRole('radio', { name: 'UPI' })).toBeChecked();
    await page.getByRole('textbox', { name: 'UPI ID' }).fill('not a upi id');
    await page.getByRole('button', { name: /^Set up UPI AutoPay/ }).click();
    await expect(page.getByRole('textbox', { name: 'UPI ID' })).toHaveAccessibleDescription(
      /Enter your UPI ID, like name@bank/,
    );
    await page.getByRole('textbox', { name: 'UPI ID' }).fill('failure@razorpay');
    await page.getByRole('button', { name: /^Set up UPI AutoPay/ }).click();
    await expect(page).toHaveURL(/\/payment-fail\?checkout=/, { timeout: 30_000 });
    await expect(
      page.getByText(
        'Your UPI app or bank declined the payment. Nothing was charged. Try again, or pay by card.',
      ),
    ).toBeVisible();
    await expectAxeCleanAtBothWidths(page, 'upi-declined');

    // The pre-debit notice's cancel page: opening it changes nothing; a bad link says what to do.
    await page.goto('/autopay-cancel?token=not_a_token_from_our_mail');
    await expect(page.getByRole('heading', { name: 'Cancel UPI AutoPay' })).toBeVisible();
    await expectAxeCleanAtBothWidths(page, 'autopay-cancel');
    await page.getByRole('button', { name: 'Cancel UPI AutoPay' }).click();
    await expect(
      page.getByText(
        'This cancel link is not valid. Cancel your plan on your account page instead.',
      ),
    ).toBeVisible();
    await expectAxeCleanAtBothWidths(page, 'autopay-cancel-invalid');
  });
});
