import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { catalogEventTimelinePath } from '@crease/contract';
import { E2E_PORT } from '../playwright.config';

/** The player's e2e steps shared by player.spec.ts and player-dvr.spec.ts. */
export const DEMO = { email: 'demo@crease.test', password: 'demo-viewer-2024' };
export const API = `http://api.localhost:${E2E_PORT}`;

/** What the sign-in form and /events call things, per language (English by default). */
export interface SiteWords {
  email: string;
  password: string;
  signIn: string;
  liveNow: RegExp;
  watch: RegExp;
  video: RegExp;
}

export const ENGLISH_WORDS: SiteWords = {
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  liveNow: /^Live now/,
  watch: /^Watch /,
  video: /^Live video: /,
};

export async function signIn(
  page: Page,
  email: string,
  password: string,
  words: SiteWords = ENGLISH_WORDS,
) {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: words.email }).fill(email);
  await page.getByLabel(words.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: words.signIn, exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/, { timeout: 20_000 });
}

/**
 * The demo viewer is signed in by many tests, each a new browser (a new device): before it
 * watches, its other devices are signed out through the API, so the plan's maxDevices is not
 * used up by earlier tests. The shell registers this browser at the next route change.
 */
export async function signInDemo(page: Page, words: SiteWords = ENGLISH_WORDS) {
  await signIn(page, DEMO.email, DEMO.password, words);
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
 * The rolling demo's leagues (api/src/catalog/demo/demo-leagues.ts). Only their matches play the
 * test card with key moments, two commentary languages and captions. Other specs create live
 * matches of their own (events.spec.ts, match-day.spec.ts, live-ingest.spec.ts…), running in
 * parallel workers: once such a match has been live for minutes it would look like the best pick,
 * and a player test watching it finds no wicket marker and no Hindi.
 */
export const DEMO_LEAGUE_IDS = new Set([
  'crease-premier-league',
  'coastal-hundred',
  'continental-odi-series',
]);

/**
 * From /events: press Watch on a live match of the rolling demo; returns its event id. Which one
 * matters, because the rolling demo follows the wall clock and the suite runs at any time of day:
 * - by default a match whose stream has been live for minutes (its timeline's first `live`): the
 *   DVR specs need minutes of window behind the live edge, and a stream that went live a minute
 *   ago has one minute, whatever its place on the page (see `longWindow`);
 * - `mostPlayLeft`: the match that ends last, for a test that watches for a minute or more and
 *   must not see its match finish under it (the trial specs).
 */
export async function watchLiveMatch(
  page: Page,
  {
    mostPlayLeft = false,
    words = ENGLISH_WORDS,
  }: { mostPlayLeft?: boolean; words?: SiteWords } = {},
): Promise<string> {
  await page.goto('/events');
  const live = page
    .getByRole('region', { name: words.liveNow })
    .getByRole('link', { name: words.watch });
  await expect(live.first()).toBeVisible({ timeout: 20_000 });
  // Only the matches this page offers to watch: the API's "live" may hold one not shown as such.
  const offered = new Set(
    (await live.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))).map(
      (href) => new URL(href, 'http://x').searchParams.get('event') ?? '',
    ),
  );
  const items = (await liveEvents(page)).filter(
    (item) => offered.has(item.eventId) && DEMO_LEAGUE_IDS.has(item.leagueId),
  );
  const eventId = mostPlayLeft ? endingLast(items) : await longWindow(page, items);
  const watch = live.and(page.locator(`[href*="event=${encodeURIComponent(eventId)}"]`));
  await watch.click();
  await expect(page).toHaveURL(/\/player\?event=/);
  return eventId;
}

interface LiveItem {
  eventId: string;
  leagueId: string;
  estimatedEnd: string;
}

/** The API of the site this page is on (a test may run a second site on its own port). */
const siteApiGet = <T>(page: Page, path: string): Promise<T> =>
  page.evaluate(async (p) => {
    const token = localStorage.getItem('access_token');
    const response = await fetch(`${location.protocol}//api.${location.host}/${p}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return (await response.json()) as T;
  }, path);

const liveEvents = async (page: Page) =>
  (await siteApiGet<{ items: LiveItem[] }>(page, 'api/v1/events?status=live&limit=50')).items;

function endingLast(items: LiveItem[]): string {
  items.sort((a, b) => Date.parse(b.estimatedEnd) - Date.parse(a.estimatedEnd));
  if (!items[0]) throw new Error('no live match of the rolling demo');
  return items[0].eventId;
}

/** Minutes of window behind the live edge that the DVR specs need (Home, two minutes back). */
const ENOUGH_WINDOW_MS = 5 * 60_000;

/**
 * A match with a long window that will not end under the test: of the streams live for
 * ENOUGH_WINDOW_MS or more, the one that ends last; with none, the one live longest.
 */
async function longWindow(page: Page, items: LiveItem[]): Promise<string> {
  const since = new Map<string, number>();
  for (const { eventId } of items) {
    const { entries } = await siteApiGet<{
      entries: { at: string; state: { eventStatus: string } }[];
    }>(page, catalogEventTimelinePath(eventId));
    const wentLive = entries.find((entry) => entry.state.eventStatus === 'live');
    since.set(eventId, wentLive ? Date.parse(wentLive.at) : Number.POSITIVE_INFINITY);
  }
  const long = items.filter((item) => since.get(item.eventId)! <= Date.now() - ENOUGH_WINDOW_MS);
  if (long.length > 0) return endingLast(long);
  const longest = [...items].sort((a, b) => since.get(a.eventId)! - since.get(b.eventId)!)[0];
  if (!longest) throw new Error('no live match of the rolling demo');
  return longest.eventId;
}

export const video = (page: Page, words: SiteWords = ENGLISH_WORDS) => page.getByLabel(words.video);

/** The player's Quality menu: picks `name` ("480p", "720p"…) and waits until it says so. */
export async function chooseQuality(page: Page, name: string) {
  await page.getByRole('button', { name: /^Quality: / }).click();
  await page.getByRole('menuitemradio', { name }).click();
  await expect(page.getByRole('button', { name: `Quality: ${name}` })).toBeVisible();
}

/** The video really plays: time moves and frames are decoded. */
export async function expectPlaying(page: Page, words: SiteWords = ENGLISH_WORDS) {
  const picture = video(page, words);
  await expect
    .poll(() => picture.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(1);
  const start = await picture.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => picture.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(start + 1);
  const frames = await picture.evaluate(
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

/**
 * The most recent finished matches whose stream has ended too, newest first: replays, which open
 * spoiler-free at the match's start with a VOD playlist. A match can be finished while its stream
 * is still live (the result is in, the broadcast runs on): that one also opens spoiler-free from
 * its start (decision 430) but keeps a live edge, so a spec that needs a VOD replay must not take
 * it (the rolling demo makes both, by time of day).
 */
export async function finishedReplays(page: Page, limit = 20): Promise<string[]> {
  const finished = await apiGet<{
    items: { eventId: string; leagueId: string; eventStatus: string }[];
  }>(page, `api/v1/events?status=finished&limit=${limit}`);
  // Only the rolling demo's: other specs end matches of their own (producer.spec.ts,
  // match-day.spec.ts…), whose replays last a minute or two, not a whole match.
  return finished.items
    .filter((e) => e.eventStatus === 'ended' && DEMO_LEAGUE_IDS.has(e.leagueId))
    .map((e) => e.eventId);
}
