/**
 * Issue 36 §6 in the browser (decision 423), at 360 px and 1280 px: a confirmed viewer moves the
 * account to a new address from /account. The page says where the link went; the link from the
 * new mailbox finishes the change; /account then shows the new address, the old address has the
 * "Your Crease email was changed" notice, and the viewer signs in with the new address.
 */
import { expect, test } from '@playwright/test';
import { devOutbox } from '../support/dev-api';
import { VIEWER_PASSWORD, confirmEmail, freshEmail, registerViewer } from '../support/viewer';

for (const width of [360, 1280]) {
  test(`a viewer changes the account email from /account at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const email = await registerViewer(page);
    await confirmEmail(page, email);
    const newEmail = freshEmail('moved');

    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Email' });
    await expect(section).toContainText(email, { timeout: 20_000 });
    await section.getByRole('button', { name: 'Change email' }).click();
    await section.getByLabel('New email address').fill(newEmail);
    await section.getByLabel('Current password').fill('not my password');
    await section.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(section.getByRole('alert')).toContainText('Your password is incorrect.');

    await section.getByLabel('Current password').fill(VIEWER_PASSWORD);
    await section.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(section.getByRole('status')).toContainText(`We sent a link to ${newEmail}`);

    const changeLink = async () =>
      (await devOutbox(newEmail))
        .flatMap((mail) => mail.links)
        .find((link) => link.includes('/verify-email?change=1&'));
    await expect.poll(changeLink, { timeout: 20_000 }).toBeTruthy();
    const link = new URL((await changeLink())!);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Email changed' })).toBeVisible({
      timeout: 20_000,
    });

    await page.goto('/account');
    await expect(page.getByRole('region', { name: 'Email' })).toContainText(newEmail, {
      timeout: 20_000,
    });
    const notice = async () =>
      (await devOutbox(email)).find((mail) => mail.subject === 'Your Crease email was changed');
    await expect.poll(notice, { timeout: 20_000 }).toBeTruthy();
    expect((await notice())!.text).not.toContain(newEmail);

    // Opening the link again changes nothing and says so.
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('alert')).toContainText('expired or was already used', {
      timeout: 20_000,
    });
  });
}
