import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';

/** The player's e2e steps shared by player.spec.ts and player-dvr.spec.ts. */
export const DEMO = { email: 'demo@crease.test', password: 'demo-viewer-2024' };
export const API = `http://api.localhost:${E2E_PORT}`;

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/, { timeout: 20_000 });
}

/**
 * The demo viewer is signed in by many tests, each a new browser (a new device): before it
 * watches, its other devices are signed out through the API, so the plan's maxDevices is not
 * used up by earlier tests. The shell registers this browser at the next route change.
 */
export async function signInDemo(page: Page) {
  await signIn(page, DEMO.email, DEMO.password);
  await page.evaluate(async (api) => {
    const token = localStorage.getItem('access_token');
    const headers = { Authorization: `Bearer ${token}` };
    const mine = /(?:^|; )vidictId=([^;]+)/.exec(document.cookie)?.[1];
    const list = (await (await fetch(`${api}/api/v1/devices`, { headers })).json()) as {
      devices: { vidictId: string }[];
    };
    for (const device of list.devices) {
      if (device.vidictId === mine) continue;
      await fetch(`${api}/api/v1/devices/${encodeURIComponent(device.vidictId)}`, {
        method: 'DELETE',
        headers: { ...headers, 'X-XSRF-TOKEN': xsrf() },
        credentials: 'include',
      });
    }
    function xsrf() {
      return decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
    }
  }, API);
}

/**
 * From /events: press Watch on a live match; returns its event id. By default the first live
 * match, the one that began earliest: the DVR specs need minutes of window behind the live edge,
 * and in a fresh CI database only the earliest match has them (a later one's window starts when
 * the demo began it). `mostPlayLeft`: the match that ends last instead, for a test that watches
 * for a minute or more and must not see its match finish under it (the trial specs).
 */
export async function watchLiveMatch(
  page: Page,
  { mostPlayLeft = false }: { mostPlayLeft?: boolean } = {},
): Promise<string> {
  await page.goto('/events');
  const latest = !mostPlayLeft
    ? null
    : await page.evaluate(async () => {
        const token = localStorage.getItem('access_token');
        const response = await fetch(
          `${location.protocol}//api.${location.host}/api/v1/events?status=live&limit=50`,
          { headers: { Authorization: `Bearer ${token}` } },
        );
        const { items } = (await response.json()) as {
          items: { eventId: string; estimatedEnd: string }[];
        };
        return items.sort((a, b) => Date.parse(b.estimatedEnd) - Date.parse(a.estimatedEnd))[0]
          ?.eventId;
      });
  const live = page
    .getByRole('region', { name: /^Live now/ })
    .getByRole('link', { name: /^Watch / });
  const watch = latest
    ? live.and(page.locator(`[href*="event=${encodeURIComponent(latest)}"]`))
    : live.first();
  const href = (await watch.getAttribute('href')) ?? '';
  await watch.click();
  await expect(page).toHaveURL(/\/player\?event=/);
  return new URL(href, 'http://x').searchParams.get('event') ?? '';
}

export const video = (page: Page) => page.getByLabel(/^Live video: /);

/** The video really plays: time moves and frames are decoded. */
export async function expectPlaying(page: Page) {
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(1);
  const start = await video(page).evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(start + 1);
  const frames = await video(page).evaluate(
    (v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames,
  );
  expect(frames).toBeGreaterThan(0);
}

/** The API as the page sees it: the stored session's bearer, through the page's own fetch. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(
    async ([api, p]) => {
      const token = localStorage.getItem('access_token');
      const response = await fetch(`${api}/${p}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return (await response.json()) as T;
    },
    [API, path] as const,
  );
}
