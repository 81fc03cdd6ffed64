import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe';
import { freshEmail, registerViewer, VIEWER_PASSWORD } from '../support/viewer';

/**
 * Issue 23 §2 over the whole running site (decision 265): the plan's maxDevices counts screens
 * PLAYING. Two browsers of one trial account (one screen) press Watch at the same moment:
 * exactly one plays, the other names the device playing and can stop playback there, then plays;
 * the stopped one is told where it was stopped; /account shows which device is watching now.
 */
const EDGE_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';

async function signIn(page: Page, email: string) {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(VIEWER_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/, { timeout: 20_000 });
}

/** /events, with the first live match's Watch link ready to press. */
async function watchLink(page: Page) {
  await page.goto('/events');
  const watch = page
    .getByRole('region', { name: /^Live now/ })
    .getByRole('link', { name: /^Watch / })
    .first();
  await expect(watch).toBeVisible({ timeout: 20_000 });
  return watch;
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

async function twoBrowsers(browser: Browser) {
  const linux = await browser.newContext();
  const windows = await browser.newContext({ userAgent: EDGE_ON_WINDOWS });
  const a = await linux.newPage();
  const email = await registerViewer(a, freshEmail('screens'));
  await a.getByRole('link', { name: 'Start free trial' }).click();
  await a.getByRole('button', { name: 'Start free trial' }).click();
  await expect(a).toHaveURL(/\/trial-activation-success$/);
  const b = await windows.newPage();
  // Registering a browser is never refused for the plan's limit (it was a 409 on every page).
  const registrations: number[] = [];
  b.on('response', (response) => {
    const request = response.request();
    if (request.method() === 'POST' && /\/api\/v1\/devices$/.test(request.url()))
      registrations.push(response.status());
  });
  await signIn(b, email);
  return {
    pages: [
      { page: a, name: 'Chrome on Linux' },
      { page: b, name: 'Edge on Windows' },
    ] as const,
    registrations,
    close: async () => {
      await linux.close();
      await windows.close();
    },
  };
}

test('two browsers and one screen: exactly one plays, the other stops playback there and plays', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { pages, registrations, close } = await twoBrowsers(browser);
  try {
    // Both press Watch at the same moment.
    const links = await Promise.all(pages.map(({ page }) => watchLink(page)));
    await Promise.all(links.map((link) => link.click()));

    // Exactly one is refused (the API gives the one screen to one of them) …
    await expect
      .poll(
        async () =>
          (await Promise.all(pages.map(({ page }) => screensInUse(page).count()))).join(','),
        { timeout: 30_000 },
      )
      .toMatch(/^(1,0|0,1)$/);
    const loserIndex = (await screensInUse(pages[0].page).count()) === 1 ? 0 : 1;
    const loser = pages[loserIndex];
    const winner = pages[1 - loserIndex]!;
    // … and the other plays.
    await expectPlaying(winner.page);

    // The refusal names the device playing now and offers to stop it there.
    const refusal = screensInUse(loser.page);
    await expect(refusal).toContainText('Your plan lets 1 screen watch at a time.');
    const playingNow = refusal.getByRole('list', { name: 'Playing now' });
    await expect(playingNow.getByRole('listitem')).toHaveCount(1);
    await expect(playingNow).toContainText(winner.name);
    expect(await seriousAxeViolations(loser.page)).toEqual([]);
    await playingNow.getByRole('button', { name: `Stop playback there: ${winner.name}` }).click();

    // The screen is now this browser's; the other is told where playback was stopped.
    await expectPlaying(loser.page);
    const stopped = winner.page.getByRole('alert');
    await expect(stopped).toContainText(`Playback here was stopped from ${loser.name}`, {
      timeout: 90_000,
    });

    // /account (another tab of the playing browser) shows which device is watching now.
    const account = await loser.page.context().newPage();
    await account.goto('/account');
    const devices = account.getByRole('region', { name: 'Devices' });
    await expect(devices).toContainText('Your plan lets 1 screen watch at once; 1 watching now.');
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    await expect(devices.getByRole('listitem').filter({ hasText: loser.name })).toContainText(
      'This device · Watching now',
    );
    await expect(devices).not.toContainText(/of 1 device/);
    expect(registrations.length).toBeGreaterThan(0);
    expect(registrations.filter((status) => status >= 400)).toEqual([]);
  } finally {
    await close();
  }
});

test('closing the tab that plays frees its screen at once: the other browser plays without a refusal', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { pages, close } = await twoBrowsers(browser);
  try {
    const [first, second] = pages;
    await (await watchLink(first.page)).click();
    await expectPlaying(first.page);
    // The viewer closes the tab (pagehide runs, as when a tab or the browser window is closed).
    await first.page.close({ runBeforeUnload: true });
    // Issue 36 §4: the screen was held about 2 minutes after a tab closed; now it is free at once.
    await (await watchLink(second.page)).click();
    await expectPlaying(second.page);
    await expect(screensInUse(second.page)).toHaveCount(0);
  } finally {
    await close();
  }
});
