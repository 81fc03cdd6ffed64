import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** From /events: press Watch on the first live match; returns its event id. */
export async function watchFirstLiveMatch(page: Page): Promise<string> {
  await page.goto('/events');
  const watch = page
    .getByRole('region', { name: /^Live now/ })
    .getByRole('link', { name: /^Watch / })
    .first();
  const href = (await watch.getAttribute('href')) ?? '';
  await watch.click();
  await expect(page).toHaveURL(/\/player\?event=/);
  return new URL(href, 'http://x').searchParams.get('event') ?? '';
}

const video = (page: Page) => page.getByLabel(/^Live video: /);

/** The picture's position, in seconds. */
export function playhead(page: Page): Promise<number> {
  return video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
}

/** The video really plays: its time moves by more than `seconds`, and frames are decoded. */
export async function expectVideoPlaying(page: Page, seconds = 1) {
  await expect.poll(() => playhead(page), { timeout: 30_000 }).toBeGreaterThan(0);
  const start = await playhead(page);
  await expect.poll(() => playhead(page), { timeout: 30_000 }).toBeGreaterThan(start + seconds);
  const frames = await video(page).evaluate(
    (v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames,
  );
  expect(frames).toBeGreaterThan(0);
}
