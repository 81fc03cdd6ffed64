import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { CARDS, buyMonthly } from '../support/billing';
import { advanceApiClock } from '../support/dev-api';
import { VIEWER_PASSWORD, freshEmail, registerViewer } from '../support/viewer';

/**
 * Subscriptions that renew (issue 22 §1) over the whole running site: the API's clock is moved
 * with the development clock route, and the renewal job (every second here) charges the saved
 * card. A Monthly subscription renews; cancel and resume; the card that fails at renewal goes
 * through the grace period to expiry; an upgrade is charged less credit for the unused time.
 */
const DAY = 24 * 60 * 60;

const planSection = (page: Page) => page.getByRole('region', { name: 'Plan' });

/**
 * After the clock moved, /account: the session may have outlived its idle limit (the shell then
 * asks to sign in again), or still refresh; either way the viewer ends up on /account.
 */
async function backToAccount(page: Page, email: string) {
  await page.goto('/account');
  const signInButton = page.getByRole('button', { name: 'Sign in', exact: true });
  await expect(planSection(page).or(signInButton)).toBeVisible({ timeout: 30_000 });
  if (!(await signInButton.isVisible())) return;
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(VIEWER_PASSWORD);
  await signInButton.click();
  await expect(page).not.toHaveURL(/\/signin/, { timeout: 30_000 });
}

/** /account, reloaded until the plan section says `text` (the job runs every second). */
async function accountSays(page: Page, text: string | RegExp) {
  await expect(async () => {
    await page.goto('/account');
    await expect(planSection(page)).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

async function renewalDate(page: Page): Promise<string> {
  await page.goto('/account');
  const line = planSection(page).getByText(/^Renews on /);
  await expect(line).toBeVisible();
  return ((await line.textContent()) ?? '').replace('Renews on ', '');
}

async function paymentRows(page: Page) {
  await page.goto('/payment-history');
  // After a month's move the first call may wait for a token refresh, on a busy machine for
  // longer than an assertion's 5 s: wait for the page to load, as the other steps do.
  await expect(page.getByRole('table')).toBeVisible({ timeout: 30_000 });
  // The header row and one row per payment.
  return page.getByRole('table').getByRole('row');
}

test('a Monthly subscription renews at its period end on a moved clock', async ({ page }) => {
  const email = await registerViewer(page, freshEmail('renews'));
  await buyMonthly(page);
  const first = await renewalDate(page);

  await advanceApiClock(30 * DAY + 120);
  await backToAccount(page, email);
  await expect(async () => {
    const next = await renewalDate(page);
    expect(next).not.toBe(first);
  }).toPass({ timeout: 30_000 });
  await expect(await paymentRows(page)).toHaveCount(3);
  await expect(page.getByRole('table')).toContainText('Monthly');
});

test('cancel turns renewal off and keeps the plan to its end; resume turns it back on', async ({
  page,
}) => {
  await registerViewer(page, freshEmail('resumes'));
  await buyMonthly(page);
  const end = await renewalDate(page);
  const plan = planSection(page);

  await plan.getByRole('button', { name: 'Cancel subscription' }).click();
  await plan.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(
    plan.getByText(`Cancelled: you can watch until ${end}. It will not renew.`),
  ).toBeVisible();

  await plan.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(plan.getByRole('status')).toContainText(
    `Renewal is back on. Your plan renews on ${end}.`,
  );
  await page.reload();
  await expect(planSection(page).getByText(`Renews on ${end}`)).toBeVisible();
  await expect(
    planSection(page).getByRole('button', { name: 'Cancel subscription' }),
  ).toBeVisible();
});

test('the card that fails at renewal goes through the grace period, then the plan ends and says why', async ({
  page,
}) => {
  const email = await registerViewer(page, freshEmail('dunning'));
  await buyMonthly(page, CARDS.failsAtRenewal);
  await renewalDate(page);

  await advanceApiClock(30 * DAY + 120);
  await backToAccount(page, email);
  await accountSays(
    page,
    /Your renewal payment was declined\. We will try your card again on .+; you can keep watching until .+\./,
  );
  await expect(planSection(page)).toContainText('Active');

  // The retries after 1, 3 and 5 days fail too; after the last the plan ends.
  for (const days of [1, 2, 2]) await advanceApiClock(days * DAY);
  await backToAccount(page, email);
  await accountSays(page, 'your card was declined on every renewal try');
  await expect(planSection(page)).toContainText(/Ended on /);
  await expect(planSection(page).getByRole('button', { name: /Cancel|Resume/ })).toHaveCount(0);
  // The one payment, and the four renewal tries the card declined (issue 22 §5).
  const rows = await paymentRows(page);
  await expect(rows).toHaveCount(6);
  await expect(rows.filter({ hasText: 'Declined · Card declined' })).toHaveCount(4);
});

test('an upgrade to Annual is charged now, less credit for the unused time', async ({ page }) => {
  await registerViewer(page, freshEmail('upgrades'));
  await buyMonthly(page);
  await page.goto('/account');
  const plan = planSection(page);

  await plan.getByRole('button', { name: 'Switch to Annual' }).click();
  const question = plan.getByRole('group', { name: /Upgrade to Annual/ });
  await expect(question).toContainText(/You pay .+ now: .+ less .+ credit for the unused time/);
  // Before paying: what is given up, and each prepaid period's credit (decision 391).
  await expect(question).toContainText(/Your prepaid time until .+ ends today/);
  await expect(question.getByRole('list', { name: 'Credit for your prepaid time' })).toContainText(
    /^Monthly, .+: paid \$9\.99, credit \$9\.\d\d$/,
  );
  await question.getByRole('button', { name: /^Pay .+ and upgrade$/ }).click();

  await expect(plan.getByRole('status')).toContainText('You are on Annual now.');
  await expect(plan).toContainText('Annual');
  const rows = await paymentRows(page);
  await expect(rows).toHaveCount(3);
  await expect(page.getByRole('table')).toContainText('Annual');
});
