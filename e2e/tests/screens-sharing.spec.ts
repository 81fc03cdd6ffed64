import { expect, test } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { freshEmail, registerViewer, VIEWER_PASSWORD } from '../support/viewer';

/**
 * Issue 31 §2 and §12 over the whole running site (decisions 400, 401): a screen is a device id,
 * a sign-in session and a network. Two tabs of one browser share all three and both play on a
 * 1-screen trial; a second browser given the same device id (the `vidictId` cookie copied) is a
 * second session, so a second screen, and is refused. Signing out ends the session's stream: its
 * playback address is refused soon after, not when its token would have expired (120 s).
 */
async function signIn(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(VIEWER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/, { timeout: 20_000 });
}

/** Presses Watch on the first live match of /events. */
async function watch(page: Page) {
  await page.goto('/events');
  const link = page
    .getByRole('region', { name: /^Live now/ })
    .getByRole('link', { name: /^Watch / })
    .first();
  await expect(link).toBeVisible({ timeout: 20_000 });
  await link.click();
}

const video = (page: Page) => page.getByLabel(/^Live video: /);

/** The video really plays: time moves on. */
async function expectPlaying(page: Page) {
  const time = () => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect.poll(time, { timeout: 30_000 }).toBeGreaterThan(1);
  const start = await time();
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(start + 1);
}

const screensInUse = (page: Page) =>
  page
    .getByRole('alert')
    .filter({ has: page.getByRole('heading', { name: "Your plan's screens are in use" }) });

/** A new viewer on the free trial (one screen at a time), in `context`. */
async function trialViewer(context: BrowserContext) {
  const page = await context.newPage();
  const email = await registerViewer(page, freshEmail('sharing'));
  await page.getByRole('link', { name: 'Start free trial' }).click();
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/trial-activation-success$/);
  return { page, email };
}

test('two tabs of one browser are one screen; a second browser with the copied device id is refused', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const home = await browser.newContext();
  const copy = await browser.newContext();
  try {
    const { page: first, email } = await trialViewer(home);
    const second = await home.newPage();
    await watch(first);
    await expectPlaying(first);
    await watch(second);
    await expectPlaying(second);
    await expectPlaying(first);
    await expect(screensInUse(first)).toHaveCount(0);
    await expect(screensInUse(second)).toHaveCount(0);

    // The same device id in another browser, signed in there: another session.
    const cookies = await home.cookies();
    const device = cookies.find((cookie) => cookie.name === 'vidictId');
    expect(device).toBeTruthy();
    await copy.addCookies([device!]);
    const elsewhere = await copy.newPage();
    await signIn(elsewhere, email);
    expect((await copy.cookies()).find((c) => c.name === 'vidictId')?.value).toBe(device!.value);
    await watch(elsewhere);
    await expect(screensInUse(elsewhere)).toBeVisible({ timeout: 30_000 });
    await expect(screensInUse(elsewhere)).toContainText('Your plan lets 1 screen watch at a time.');
    // The two tabs play on.
    await expectPlaying(first);
    await expectPlaying(second);
  } finally {
    await home.close();
    await copy.close();
  }
});

test('signing out while playing stops the stream: its playback address is refused soon after', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  try {
    const { page } = await trialViewer(context);
    const playlists: string[] = [];
    page.on('request', (request) => {
      if (/\/live\/.+\.m3u8\?token=/.test(request.url())) playlists.push(request.url());
    });
    await watch(page);
    await expectPlaying(page);
    // The playlist without a blocking reload's parameters, fetched as the browser fetches it
    // (api.localhost resolves in Chromium, not in the test's own process).
    const url = new URL(playlists[playlists.length - 1]!);
    for (const name of ['_HLS_msn', '_HLS_part', '_HLS_skip']) url.searchParams.delete(name);
    const playlist = url.toString();
    const status = () => page.evaluate(async (u) => (await fetch(u)).status, playlist);
    expect(await status()).toBe(200);

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }),
    ).toBeVisible();
    // Refused as a closed stream is (within 10 s through a CDN; the embedded origin within 2 s),
    // while the token itself would have lived up to 60 s more.
    await expect.poll(status, { timeout: 10_000 }).toBe(403);
  } finally {
    await context.close();
  }
});
