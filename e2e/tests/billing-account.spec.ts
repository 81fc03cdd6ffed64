import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { buyMonthly } from '../support/billing';
import { VIEWER_PASSWORD, freshEmail, registerViewer } from '../support/viewer';

/**
 * /account over the whole running site, with real sessions against the real billing API:
 * cancelling a subscription (it stays active until the period ends), and signing another device
 * out, which ends that device's session (decision 104) while this one carries on.
 */
const API = `http://api.localhost:${E2E_PORT}`;

function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

const planSection = (page: Page) => page.getByRole('region', { name: 'Plan' });
const devicesSection = (page: Page) => page.getByRole('region', { name: 'Devices' });

/** Through the header, as a viewer would, so the running app (not a fresh load) handles it. */
async function openAccount(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Account' })
    .click();
  await expect(page).toHaveURL(/\/account$/);
}

/** The cancel call made again by hand, with this page's own session. */
function cancelAgainThroughTheApi(page: Page): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (api) => {
    const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    const response = await fetch(`${api}/api/v1/billing/subscription/cancel`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        Authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}`,
        'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      },
    });
    return { status: response.status, body: await response.json() };
  }, API);
}

test('cancelling on /account keeps the plan until the period ends, and is not offered twice', async ({
  page,
}) => {
  await registerViewer(page, freshEmail('canceller'));
  await buyMonthly(page);
  await openAccount(page);

  const plan = planSection(page);
  await expect(plan).toContainText('Active');
  await expect(plan.getByText(/^Renews on /)).toBeVisible();
  const end = ((await plan.getByText(/^Renews on /).textContent()) ?? '').replace('Renews on ', '');
  expect(end).not.toBe('');

  await plan.getByRole('button', { name: 'Cancel subscription' }).click();
  const question = plan.getByRole('group', { name: /Cancel your subscription\?/ });
  await expect(question).toContainText(`You keep watching until ${end}`);
  // Changing one's mind cancels nothing.
  await question.getByRole('button', { name: 'Keep my plan' }).click();
  await expect(plan.getByText(`Renews on ${end}`)).toBeVisible();

  await plan.getByRole('button', { name: 'Cancel subscription' }).click();
  await plan.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(plan.getByRole('status')).toContainText(
    `Your plan is cancelled. You can keep watching until ${end}.`,
  );
  await expect(plan).toContainText('Cancelled');
  await expect(plan.getByText(`Cancelled: you can watch until ${end}`)).toBeVisible();
  await expect(plan.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

  // Still so after a reload: the server says cancelled, still entitled, nothing to cancel.
  await page.reload();
  await expect(planSection(page).getByText(`Cancelled: you can watch until ${end}`)).toBeVisible();
  await expect(planSection(page).getByRole('button', { name: 'Cancel subscription' })).toHaveCount(
    0,
  );
  // And a second cancel sent anyway is refused with the reason.
  const again = await cancelAgainThroughTheApi(page);
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({
    code: 'SUBSCRIPTION_ALREADY_CANCELLED',
    message: 'Your subscription is already cancelled; it stays active until the end of the period.',
  });
});

test('signing another device out on /account ends its session; this device carries on', async ({
  browser,
}) => {
  // Device A: a new viewer with Monthly (two screens at a time).
  const deviceA = await browser.newContext();
  const a = await deviceA.newPage();
  const email = await registerViewer(a, freshEmail('two-devices'));
  await buyMonthly(a);

  // Device B: another browser (its own storage, its own vidictId) signs in to the same account.
  const deviceB = await browser.newContext();
  const b = await deviceB.newPage();
  await b.goto('/signin');
  await b.getByRole('textbox', { name: 'Email' }).fill(email);
  await b.getByLabel('Password', { exact: true }).fill(VIEWER_PASSWORD);
  await b.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(b).not.toHaveURL(/\/signin/, { timeout: 30_000 });
  await openAccount(b);
  // B has registered itself: it is listed as this device, beside A.
  await expect(devicesSection(b).getByText('This device')).toBeVisible();
  await expect(devicesSection(b)).toContainText('Your plan lets 2 screens watch at once');

  // A sees both, and may sign out only the other one.
  await openAccount(a);
  const devices = devicesSection(a);
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  const signOut = devices.getByRole('button', { name: /^Sign out / });
  await expect(signOut).toHaveCount(1);
  await signOut.click();
  await expect(devices.getByRole('status')).toContainText('is signed out.');
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices.getByRole('listitem')).toContainText('This device');

  // B's next step needs its session, which has ended: it lands on /signin with the notice,
  // its storage cleared (the refresh-failure rule), not on a broken page.
  await planSection(b).getByRole('link', { name: 'Payment history' }).click();
  await expect(b).toHaveURL(/\/signin\?returnTo=%2Fpayment-history$/, { timeout: 20_000 });
  await expect(
    b.getByRole('status').filter({ hasText: 'this device was signed out from another one' }),
  ).toBeVisible();
  await expect(b.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  const left = await storage(b);
  expect(left.sessionExpired).toBe('true');
  expect(left.access_token).toBeUndefined();
  expect(left.refresh_token).toBeUndefined();

  // A carries on: a fresh load of /account still works, and the server's list has one device.
  await a.reload();
  await expect(planSection(a)).toContainText('Active');
  await expect(devicesSection(a).getByRole('listitem')).toHaveCount(1);

  await deviceA.close();
  await deviceB.close();
});
