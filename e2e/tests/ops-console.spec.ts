import { expect, test } from '@playwright/test';
import { CONSENT_ACCEPTED } from '../support/consent';
import {
  CONSOLE,
  checkScreen,
  devAdmin,
  signInToConsole as signIn,
} from '../support/staff-console';
import { signInToEvents } from '../support/viewer';

/**
 * Issue 33 §4 and §6: the staff console at /ops/ in real Chromium. The development admin that
 * `npm start` made signs in with a TOTP code computed from its credentials file, creates a
 * support member, who signs in with the secret shown once, finds the demo viewer, refunds part
 * of their payment with a reason, extends their plan by a day, and the viewer's
 * /payment-history shows the refund.
 */
test('an admin signs in with TOTP and makes a support member, who refunds the demo viewer', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = devAdmin();
  expect(admin.secret).toMatch(/^[A-Z2-7]+$/);
  const adminContext = await browser.newContext({ storageState: CONSENT_ACCEPTED });
  const adminPage = await adminContext.newPage();
  await adminPage.goto(CONSOLE);
  await expect(
    adminPage.getByRole('heading', { name: 'Sign in to the staff console' }),
  ).toBeVisible();
  await checkScreen(adminPage, 'sign-in');
  await signIn(adminPage, admin.email, admin.password, admin.secret);

  const agentEmail = `support-${Date.now().toString(36)}@crease.test`;
  const agentPassword = 'support-password-0123';
  await adminPage.getByLabel('Their email').fill(agentEmail);
  await adminPage.getByLabel('First password').fill(agentPassword);
  await adminPage.getByRole('radio', { name: /^Support:/ }).check();
  await adminPage.getByRole('button', { name: 'Create staff member' }).click();
  const secret = (await adminPage.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await expect(adminPage.getByRole('cell', { name: agentEmail })).toBeVisible();
  await checkScreen(adminPage, 'staff');
  await adminPage.getByRole('button', { name: 'I have handed these over' }).click();

  // The support member, in a browser of their own.
  const agentContext = await browser.newContext({ storageState: CONSENT_ACCEPTED });
  const agentPage = await agentContext.newPage();
  await signIn(agentPage, agentEmail, agentPassword, secret);
  await expect(
    agentPage.getByRole('navigation', { name: 'Console' }).getByRole('button'),
  ).toHaveText(['Support']);
  await checkScreen(agentPage, 'support-empty');
  await agentPage.getByLabel('Viewer email').fill('demo@crease.test');
  await agentPage.getByRole('button', { name: 'Find viewer' }).click();
  await expect(agentPage.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await checkScreen(agentPage, 'support-viewer');
  await agentPage
    .getByRole('button', { name: /^Refund CRS-/ })
    .first()
    .click();
  await agentPage.getByLabel(/^Amount/).fill('5');
  await agentPage.getByLabel('Reason').fill('Stream dropped during the final over (ticket 8812)');
  await checkScreen(agentPage, 'support-refund');
  await agentPage.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(
    agentPage.getByText(/Refund of \$5\.00 asked of the payment provider/),
  ).toBeVisible();

  // Plan and account (decision 414): the deletion form asks for a ticked confirmation; backing
  // out changes nothing. A one-day goodwill extension goes through and is said so.
  const planPanel = agentPage.getByRole('region', { name: 'Plan and account' });
  await planPanel.getByRole('button', { name: 'Delete account' }).click();
  await expect(agentPage.getByLabel(/^The viewer asked, from their own address/)).toBeVisible();
  await checkScreen(agentPage, 'support-delete-confirm');
  await agentPage.getByRole('button', { name: 'Cancel', exact: true }).click();
  await planPanel.getByRole('button', { name: 'Extend plan' }).click();
  await agentPage.getByLabel('Days to add').fill('1');
  await agentPage.getByLabel('Reason').fill('Missed the first innings to an outage (ticket 8813)');
  await agentPage.getByRole('button', { name: 'Add the days' }).click();
  await expect(agentPage.getByText(/^1 day added: the plan now runs until/)).toBeVisible();

  // The admin reads it in the audit log: who, what, the reason.
  await adminPage.getByRole('button', { name: 'Audit log' }).click();
  const entry = adminPage.getByRole('row').filter({ hasText: 'support.refund' }).first();
  await expect(entry).toContainText(agentEmail);
  await expect(entry).toContainText('ticket 8812');
  await expect(
    adminPage.getByRole('row').filter({ hasText: 'support.extend-subscription' }).first(),
  ).toContainText('ticket 8813');
  await checkScreen(adminPage, 'audit');

  // Channels (producer and admin): a stream key shown once with the encoder settings.
  await adminPage.getByRole('button', { name: 'Channels' }).click();
  await adminPage.getByLabel('Channel id').fill('ch-ops-console-e2e');
  await adminPage.getByRole('button', { name: 'Show keys' }).click();
  await expect(adminPage.getByText('No keys yet')).toBeVisible();
  await adminPage.getByRole('button', { name: 'New primary key' }).click();
  await expect(adminPage.getByTestId('encoder-settings')).toContainText('Stream key:');
  await checkScreen(adminPage, 'channels');

  // The viewer sees the refund in their payment history once the provider's webhook lands.
  const viewerContext = await browser.newContext({ storageState: CONSENT_ACCEPTED });
  const viewer = await viewerContext.newPage();
  await signInToEvents(viewer);
  await expect(async () => {
    await viewer.goto('/payment-history');
    await expect(viewer.getByRole('row').filter({ hasText: 'Refunded' })).toContainText('−$5.00', {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await Promise.all([agentContext.close(), viewerContext.close(), adminContext.close()]);
});
