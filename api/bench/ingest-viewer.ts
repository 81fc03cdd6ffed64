/**
 * bench:ingest's viewer (decision 485): the demo viewer signed in to the site in headless
 * Chromium, on /player of the bench's match, every response from the site's hosts recorded in
 * the bench's ResponseCheck, and each frame Chromium presents sampled from the page: the video
 * drawn to a small canvas in requestVideoFrameCallback, the code columns' brightness and the
 * slate's three places read, and the frame's expected display time on the page's wall clock
 * (performance.timeOrigin + expectedDisplayTime). What the frame shows is decided in Node by the
 * tested frame-look.ts.
 */
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import type { ResponseCheck } from '@crease/test-utils/bench-kit';
import type { FrameSample } from '../src/ingest/bench/frame-look';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  // The bench measures the ingest path, not Chromium's autoplay policy.
  '--autoplay-policy=no-user-gesture-required',
];
const DEMO = { email: 'demo@crease.test', password: 'demo-viewer-2024' };
const OK = { status: Array.from({ length: 200 }, (_, i) => 200 + i) };
/**
 * LL-HLS's designed refusal: a blocking reload for a part too far ahead is answered 400
 * (RFC 8216bis §6.2.5.2), and hls.js then reloads without blocking (as player-hls-build.spec).
 */
const BLOCKING_RELOAD = { status: [...OK.status, 400] };

/**
 * Samples every presented frame into window.__benchFrames (a string: the page runs it as is).
 * The canvas is 128×64: 4 pixels per code column; the code band is rows 0–15, its bits in rows
 * 0–7 and the inverted bits in rows 8–15; the slate's places at 15 % and 85 % of the height.
 */
const SAMPLER = `(() => {
  const video = document.querySelector('video');
  const canvas = document.createElement('canvas');
  canvas.width = 128;
  canvas.height = 64;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  window.__benchFrames = [];
  const at = (d, x, y) => (y * 128 + x) * 4;
  const luma = (d, x, y) => { const i = at(d, x, y); return (d[i] + d[i + 1] + d[i + 2]) / 3; };
  const column = (d, c, y) => (luma(d, 4 * c + 1, y) + luma(d, 4 * c + 2, y) + luma(d, 4 * c + 1, y + 1) + luma(d, 4 * c + 2, y + 1)) / 4;
  const patch = (d, x, y) => {
    const sum = [0, 0, 0];
    for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++)
      for (let k = 0; k < 3; k++) sum[k] += d[at(d, x + dx, y + dy) + k];
    return sum.map((v) => Math.round(v / 9));
  };
  const onFrame = (now, meta) => {
    try {
      context.drawImage(video, 0, 0, 128, 64);
      const d = context.getImageData(0, 0, 128, 64).data;
      const top = [], bottom = [];
      for (let c = 0; c < 32; c++) { top.push(column(d, c, 3)); bottom.push(column(d, c, 11)); }
      window.__benchFrames.push({
        displayMs: performance.timeOrigin + meta.expectedDisplayTime,
        top, bottom,
        patches: [patch(d, 32, 10), patch(d, 96, 10), patch(d, 64, 54)],
      });
    } catch (error) {
      window.__benchFrameError = String(error);
    }
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
})()`;

export interface Viewer {
  browser: Browser;
  page: Page;
  /** The frames presented since the last call, oldest first. */
  frames(): Promise<FrameSample[]>;
  /** An error the page's sampler met (a tainted canvas, a missing video), or null. */
  samplerError(): Promise<string | null>;
}

/** Every response from the site's hosts (localhost:port, api.localhost:port) is checked. */
function watchResponses(check: ResponseCheck, page: Page, port: number): void {
  const ours = (url: string) => {
    if (!/^https?:/.test(url)) return false;
    const { host } = new URL(url);
    return host === `localhost:${port}` || host.endsWith(`.localhost:${port}`);
  };
  const callType = (method: string, url: string) => {
    const { host, pathname } = new URL(url);
    return `viewer: ${method} ${host}${pathname.replace(/\/\d+\.\d+\.m4s$/, '/<part>.m4s')}`;
  };
  page.on('response', (response) => {
    const url = response.url();
    if (!ours(url)) return;
    const { pathname, searchParams } = new URL(url);
    const blocking = pathname.endsWith('.m3u8') && searchParams.has('_HLS_msn');
    check.record(
      callType(response.request().method(), url),
      response.status(),
      blocking ? BLOCKING_RELOAD : OK,
    );
  });
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'failed';
    // A navigation cancels what the previous page still had in flight.
    if (!ours(request.url()) || error.includes('ERR_ABORTED')) return;
    check.record(callType(request.method(), request.url()), error, OK);
  });
}

/** Signs the demo viewer in, presses Watch on the match and waits until its video plays. */
export async function openViewer(options: {
  port: number;
  leagueId: string;
  eventId: string;
  /** The rendition to pick in the player's Quality menu (the transcoded one), or null. */
  quality: string | null;
  check: ResponseCheck;
}): Promise<Viewer> {
  const { port, check } = options;
  const base = `http://localhost:${port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watchResponses(check, page, port);
  await page.goto(`${base}/signin`, { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/events$/, { timeout: 60_000 });
  await page.goto(`${base}/events?league=${encodeURIComponent(options.leagueId)}`);
  const watch = page
    .getByRole('region', { name: /^Live now/ })
    .getByRole('link', { name: /^Watch / })
    .and(page.locator(`[href*="event=${encodeURIComponent(options.eventId)}"]`));
  await watch.click({ timeout: 60_000 });
  await page.waitForURL(/\/player\?event=/);
  const video = page.getByLabel(/^Live video: /);
  await page.waitForFunction(
    () => {
      const v = document.querySelector('video');
      return !!v && v.currentTime > 1 && !v.paused;
    },
    null,
    { timeout: 60_000 },
  );
  if (options.quality) {
    await page.getByRole('button', { name: /^Quality: / }).click();
    await page.getByRole('menuitemradio', { name: options.quality }).click();
    await page
      .getByRole('button', { name: `Quality: ${options.quality}` })
      .waitFor({ timeout: 30_000 });
  }
  await video.waitFor();
  await page.evaluate(SAMPLER);
  return {
    browser,
    page,
    frames: () => page.evaluate('window.__benchFrames.splice(0)') as Promise<FrameSample[]>,
    samplerError: () => page.evaluate('window.__benchFrameError ?? null') as Promise<string | null>,
  };
}
