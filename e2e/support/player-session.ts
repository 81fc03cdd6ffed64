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
 * Opens a live match from its Watch link on /events, chosen for both kinds of test: one that has
 * played a while (the DVR specs need minutes of window behind the live edge) and has a while left
 * (a test that watches for a minute or more must not see its match finish under it). The rolling
 * demo always has one near its end and one just begun; the first live match or the latest-ending
 * one each failed one of the two in CI. Prefer a match with 3 minutes behind and ahead, the one
 * with the most left; else the one whose shorter side is longest.
 */
export async function watchLiveMatch(page: Page): Promise<string> {
  await page.goto('/events');
  const latest = await page.evaluate(async () => {
    const token = localStorage.getItem('access_token');
    const response = await fetch(
      `${location.protocol}//api.${location.host}/api/v1/events?status=live&limit=50`,
      {
        headers: { Authorization: `Bearer ${token}` },
      },
    );
    const { items } = (await response.json()) as {
      items: { eventId: string; startTime: string; estimatedEnd: string }[];
    };
    const now = Date.now();
    const sides = items.map((e) => ({
      eventId: e.eventId,
      played: now - Date.parse(e.startTime),
      left: Date.parse(e.estimatedEnd) - now,
    }));
    const roomy = sides
      .filter((e) => e.played >= 180_000 && e.left >= 180_000)
      .sort((a, b) => b.left - a.left);
    const balanced = [...sides].sort(
      (a, b) => Math.min(b.played, b.left) - Math.min(a.played, a.left),
    );
    return (roomy[0] ?? balanced[0])?.eventId;
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
