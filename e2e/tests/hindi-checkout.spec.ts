import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousAxeViolations, WCAG22_TAGS } from '../support/axe';
import { VIEWER_PASSWORD, freshEmail } from '../support/viewer';

/**
 * The checkout in Hindi (issue 34 §4, decision 476): a visitor in India whose browser speaks
 * English (en-IN) picks हिन्दी in the footer, registers, and reads /plans, the checkout and the
 * payment page in Hindi with `<html lang="hi">`, rupee prices as hi-IN writes them and the GST
 * break-up; then pays by UPI AutoPay in Hindi. Each screen is axe-clean (WCAG 2.2 AA) at a phone's
 * 360 px and a laptop's 1280 px.
 */
test.use({ locale: 'en-IN', timezoneId: 'Asia/Kolkata' });

const WIDTHS = [360, 1280] as const;

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function expectAxeClean(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousAxeViolations(page, WCAG22_TAGS), `${name} at ${width} px`).toEqual([]);
    // Nothing wider than the screen: long Hindi words wrap instead of pushing the page sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${width} px`,
    ).toBeLessThanOrEqual(width);
    await shot(page, `${name}-${width}`);
  }
}

/** Rupees as hi-IN writes them (lakh grouping), by the browser's own Intl. */
const hindiRupees = (page: Page, amount: number) =>
  page.evaluate(
    (value) => new Intl.NumberFormat('hi-IN', { style: 'currency', currency: 'INR' }).format(value),
    amount,
  );

test('a visitor who chose हिन्दी registers, reads the plans and the checkout in Hindi, and pays by UPI', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The prerendered footer's button answers once the shell has started; on a loaded machine a
  // first click can land before that (seen in CI), so it is pressed again until Hindi is on.
  await expect(async () => {
    await page.getByRole('contentinfo').getByRole('button', { name: 'हिन्दी' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // Registers in Hindi (mf-auth) and lands on /plans.
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'ईमेल' }).fill(freshEmail('hindi-checkout'));
  await page.getByLabel('पासवर्ड', { exact: true }).fill(VIEWER_PASSWORD);
  await page.getByRole('button', { name: 'खाता बनाएँ' }).click();
  await expect(page).toHaveURL(/\/plans$/, { timeout: 30_000 });

  // /plans in Hindi, priced in rupees for India with the GST shown.
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('हर गेंद देखें, HD में लाइव');
  const monthly = page
    .getByRole('list', { name: 'प्लान' })
    .getByRole('listitem', { name: 'Monthly' });
  const price = await hindiRupees(page, 299);
  await expect(monthly).toContainText(`${price} 30 दिन के लिए`);
  await expect(monthly.getByTestId('tax-breakdown')).toHaveText(
    /^GST 18% सहित: ₹[\d,.]+ \+ ₹[\d,.]+ GST$/,
  );
  await expect(monthly).toContainText('सब्सक्रिप्शन: रद्द करने तक हर 30 दिन अपने-आप रिन्यू होता है');
  await expect(page.getByRole('textbox', { name: 'कूपन कोड' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'लागू करें' })).toBeVisible();
  await expectAxeClean(page, 'plans-hi');

  // The checkout in Hindi: the total, its tax, the renewal stated before paying.
  await monthly.getByRole('link', { name: 'Monthly चुनें' }).click();
  await expect(page).toHaveURL(/\/payment-process\?planId=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('जाँचें और भुगतान करें');
  const pay = page.getByRole('button', { name: `${price} का भुगतान करें` });
  await expect(pay).toBeVisible();
  await expect(page.getByText('आज का कुल')).toBeVisible();
  await expect(page.getByTestId('tax-breakdown')).toContainText('GST 18% सहित');
  await expect(
    page.getByText(new RegExp(`^इसके बाद हर 30 दिन में ${price.replace('.', '\\.')}, पहली बार`)),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'प्लान पर वापस जाएँ' })).toBeVisible();
  await expectAxeClean(page, 'checkout-hi');

  // The provider's page in Hindi, UPI first for rupees.
  await pay.click();
  await expect(page).toHaveURL(/\/secure-payment\?session=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('कार्ड या UPI से भुगतान करें');
  await page.getByRole('radio', { name: 'UPI' }).check();
  await expect(page.getByRole('textbox', { name: 'UPI ID' })).toBeVisible();
  await expectAxeClean(page, 'secure-payment-hi');

  // A UPI ID that is not one: the check says so in Hindi, on the field.
  await page.getByRole('button', { name: `UPI AutoPay सेट करें · ${price}` }).click();
  await expect(page.getByRole('textbox', { name: 'UPI ID' })).toHaveAccessibleDescription(
    /अपना UPI ID name@bank जैसा लिखें/,
  );
  await page.getByRole('textbox', { name: 'UPI ID' }).fill('success@razorpay');
  await page.getByRole('button', { name: `UPI AutoPay सेट करें · ${price}` }).click();
  await expect(page.getByRole('heading', { name: 'UPI AutoPay मंज़ूर करें' })).toBeFocused();
  await expectAxeClean(page, 'upi-mandate-hi');
  await page.getByRole('button', { name: 'AutoPay मंज़ूर करें और भुगतान करें' }).click();

  await expect(page).toHaveURL(/\/payment-success\?checkout=/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('सब तैयार है। क्रिकेट का मज़ा लें!');
  await expect(page.getByText('Monthly चालू है')).toBeVisible();
  await expect(page.getByText(`हमें ${price} मिल गए।`, { exact: false })).toBeVisible();
  await expectAxeClean(page, 'payment-success-hi');
});
