import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { expectPlaying, signInDemo, watchLiveMatch } from '../support/player-session';

/**
 * The player's controls get out of the way (decision 412), in Chromium over the whole site:
 * while the picture plays they hide after a few idle seconds, windowed and in full screen, and a
 * mouse moving over the picture brings them back. Reduced motion, so there is no fade to wait out.
 */

const stage = (page: Page) => page.getByTestId('player-stage');

/** How opaque an element is drawn: its own opacity times every ancestor's. */
const drawnOpacity = (element: Locator) =>
  element.evaluate((el) => {
    let opacity = 1;
    for (let node: Element | null = el; node; node = node.parentElement)
      opacity *= Number(getComputedStyle(node).opacity);
    return opacity;
  });

async function expectHiddenThenBack(page: Page, shot: string) {
  const pause = page.getByRole('button', { name: 'Pause' });
  // No input: the state changes by itself (waited for, never a fixed sleep).
  await expect(stage(page)).toHaveAttribute('data-controls', 'hidden', { timeout: 15_000 });
  expect(await drawnOpacity(pause)).toBe(0);
  expect(await drawnOpacity(page.getByRole('slider', { name: 'Seek' }))).toBe(0);
  await page.screenshot({ path: `test-results/${shot}-idle.png` });

  const box = (await stage(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.move(box.x + box.width / 2 + 20, box.y + box.height / 3);
  await expect(stage(page)).toHaveAttribute('data-controls', 'shown');
  expect(await drawnOpacity(pause)).toBe(1);
  await page.screenshot({ path: `test-results/${shot}-shown.png` });
}

for (const { name, width, height } of [
  { name: 'phone', width: 360, height: 740 },
  { name: 'laptop', width: 1280, height: 800 },
]) {
  test(`on a ${name} (${width} px) while playing the controls hide after idle seconds and come back on mouse movement, windowed and in full screen`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({
      viewport: { width, height },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    try {
      await signInDemo(page);
      await watchLiveMatch(page);
      await expectPlaying(page);
      // Out of the picture: the pointer rests on the page's title, not on the stage.
      await page.getByRole('heading', { level: 1 }).hover();

      await expectHiddenThenBack(page, `player-windowed-${width}`);

      // Behind live the way back is a "Go to live" button, not a second Live badge (decision 413).
      await page.getByRole('heading', { level: 1 }).click();
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      await expect(page.getByRole('button', { name: 'Go to live' })).toBeVisible();
      await expect(page.getByTestId('player-stage').getByText('Live', { exact: true })).toHaveCount(
        0,
      );
      await page.screenshot({ path: `test-results/player-behind-live-${width}.png` });

      // Full screen (the stage's), from the keyboard: the same rule. Focus off the controls first
      // (the title is not focusable): keyboard focus on a control would rightly keep them.
      await page.getByRole('heading', { level: 1 }).click();
      await page.keyboard.press('f');
      await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
      await expectHiddenThenBack(page, `player-fullscreen-${width}`);
    } finally {
      await context.close();
    }
  });
}

test('a key moment chosen from the list below the fold plays in view: the page scrolls to the picture', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  try {
    await signInDemo(page);
    await watchLiveMatch(page);
    await expectPlaying(page);
    const moment = page
      .getByRole('region', { name: 'Key moments' })
      .getByRole('listitem')
      .last()
      .getByRole('button');
    await moment.scrollIntoViewIfNeeded();
    // The list is below the fold: with it on screen, the picture is not.
    await expect(stage(page)).not.toBeInViewport({ ratio: 0.99 });
    await moment.click();
    await expect(stage(page)).toBeInViewport({ ratio: 0.99 });
  } finally {
    await context.close();
  }
});
