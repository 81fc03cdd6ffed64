import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { seriousAxeViolations } from '../support/axe';
import { freshEmail, registerViewer } from '../support/viewer';

/**
 * Issue 19 §4 (decision 160): a link with an access_token cannot swap a signed-in viewer into
 * another account. Signed out, the link signs in (docs/product.md §4); signed in as someone else, the
 * viewer is asked, by both accounts' addresses, and nothing changes until they accept. The token
 * leaves the address bar in every case. Real accounts on the real API throughout.
 */
const API = `http://api.localhost:${E2E_PORT}`;
const PARTNER = 'http://partner.example/match/7';

function storage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

/** Another person's account, in their own browser: its email and a live access token. */
async function otherAccount(browser: Browser, { signedOut = false } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = await registerViewer(page, freshEmail('link-owner'));
  const { access_token: token } = await storage(page);
  if (signedOut) {
    // Their session ends (sign-out revokes it on the API): the token in the link is now refused.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(async () => (await storage(page)).access_token).toBeUndefined();
  }
  await context.close();
  return { email, token: token! };
}

/** The API's answer to GET /me for a token: whose account it is. */
function whoOwns(page: Page, token: string): Promise<string | null> {
  return page.evaluate(
    async ({ api, token }) => {
      const response = await fetch(`${api}/api/v1/me`, {
        headers: { Authorization: `Bearer ${token}` },
        credentials: 'include',
      });
      return response.ok ? ((await response.json()) as { email: string }).email : null;
    },
    { api: API, token },
  );
}

/** Whether the API still takes a refresh token (a revoked family answers 400). */
function refreshStatus(page: Page, refreshToken: string): Promise<number> {
  return page.evaluate(
    async ({ api, token }) => {
      const xsrf = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(`${api}/oauth2/token`, {
        method: 'POST',
        credentials: 'include',
        headers: {
          Authorization: `Basic ${btoa('crease-web:public')}`,
          'X-XSRF-TOKEN': decodeURIComponent(xsrf),
        },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token }),
      });
      return response.status;
    },
    { api: API, token: refreshToken },
  );
}

const switchDialog = (page: Page) =>
  page.getByRole('dialog', { name: 'Switch to another account?' });

/** Opens the link, as a partner site's page would send the viewer to it. */
async function openLink(page: Page, token: string) {
  await page.goto(`/events?access_token=${encodeURIComponent(token)}&from=partner`, {
    referer: PARTNER,
  });
  // In every case the token leaves the address bar at once (before any question).
  await expect(page).toHaveURL(/\/events\?from=partner$/);
}

// The attack of issue 19 §4, as it was: a signed-in viewer opens a link carrying someone else's
// token, and the shell stored it over their session and dropped their refresh token at boot.
test('opening a link with another account’s token leaves the signed-in viewer’s session alone', async ({
  page,
  browser,
}) => {
  const mine = await registerViewer(page, freshEmail('viewer'));
  const before = await storage(page);
  const other = await otherAccount(browser);

  await openLink(page, other.token);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });

  const now = await storage(page);
  expect(now.access_token).toBe(before.access_token);
  expect(now.refresh_token).toBe(before.refresh_token);
  expect(await whoOwns(page, now.access_token!)).toBe(mine);
});

test('signed in, a link to another account is only a question: declining changes nothing', async ({
  page,
  browser,
}) => {
  const mine = await registerViewer(page, freshEmail('viewer'));
  const before = await storage(page);
  const other = await otherAccount(browser);

  await openLink(page, other.token);

  const dialog = switchDialog(page);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText(other.email);
  await expect(dialog).toContainText(mine);
  // Nothing has changed while the viewer is asked, and focus starts on the safe choice.
  expect(await storage(page)).toEqual(before);
  const stay = dialog.getByRole('button', { name: `Stay signed in as ${mine}` });
  await expect(stay).toBeFocused();

  await stay.click();

  await expect(dialog).toBeHidden();
  expect(await storage(page)).toEqual(before);
  expect(await whoOwns(page, before.access_token!)).toBe(mine);
  await expect(page).toHaveURL(/\/events\?from=partner$/);
});

test('Escape declines as well', async ({ page, browser }) => {
  await registerViewer(page, freshEmail('viewer'));
  const before = await storage(page);
  const other = await otherAccount(browser);

  await openLink(page, other.token);
  await expect(switchDialog(page)).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');

  await expect(switchDialog(page)).toBeHidden();
  expect(await storage(page)).toEqual(before);
});

test('accepting signs in as the link’s account, records forwarded, and ends the old session', async ({
  page,
  browser,
}) => {
  const mine = await registerViewer(page, freshEmail('viewer'));
  const { refresh_token: myRefreshToken } = await storage(page);
  const other = await otherAccount(browser);

  await openLink(page, other.token);
  const dialog = switchDialog(page);
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  const referrer = await page.evaluate(() => document.referrer);
  expect(referrer).toContain('partner.example');
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: `Switch to ${other.email}` }).click();

  // The page starts again as the other account.
  await reloaded;
  await expect(page).toHaveURL(/\/events\?from=partner$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(switchDialog(page)).toHaveCount(0);
  const stored = await storage(page);
  expect(stored).toEqual({ access_token: other.token, forwarded: referrer });
  expect(await whoOwns(page, stored.access_token!)).toBe(other.email);
  // The replaced account's refresh family is revoked, as on sign-out (a keepalive call that
  // outlives the reload, so it is checked by its effect).
  await expect.poll(() => refreshStatus(page, myRefreshToken!)).toBe(400);
  expect(mine).not.toBe(other.email);
});

test('a link to the account already signed in changes nothing and asks nothing', async ({
  page,
}) => {
  await registerViewer(page, freshEmail('viewer'));
  const before = await storage(page);
  const checks = page.waitForResponse(
    (response) => response.url() === `${API}/api/v1/me` && response.status() === 200,
  );

  await openLink(page, before.access_token!);

  await checks;
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await storage(page)).toEqual(before);
});

test('signed out, the link signs in and records the referrer as forwarded (docs/product.md §4)', async ({
  page,
  browser,
}) => {
  const other = await otherAccount(browser);

  await openLink(page, other.token);

  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const referrer = await page.evaluate(() => document.referrer);
  expect(referrer).toContain('partner.example');
  expect(await storage(page)).toEqual({ access_token: other.token, forwarded: referrer });
});

test('signed in, a link whose token the API refuses says so and changes nothing', async ({
  page,
  browser,
}) => {
  await registerViewer(page, freshEmail('viewer'));
  const before = await storage(page);
  const ended = await otherAccount(browser, { signedOut: true });

  await openLink(page, ended.token);

  const dialog = page.getByRole('dialog', { name: 'This sign-in link did not work' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText('Nothing changed');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  expect(await storage(page)).toEqual(before);
});

for (const width of [360, 1280]) {
  test(`the question is axe-clean and fits at ${width} px`, async ({ page, browser }, testInfo) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await registerViewer(page, freshEmail('a-rather-long-viewer-address'));
    const other = await otherAccount(browser);

    await openLink(page, other.token);
    const dialog = switchDialog(page);
    await expect(dialog).toBeVisible({ timeout: 20_000 });

    expect(await seriousAxeViolations(page)).toEqual([]);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    // Nothing inside is wider than the dialog (long addresses wrap).
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBe(0);
    await page.screenshot({ path: testInfo.outputPath(`account-switch-${width}.png`) });
  });
}
