import { expect, test } from '@playwright/test';
import type { SignalEvent } from '@crease/contract';

/**
 * Web vitals through the `web-vitals` library (decisions 206, 340): its chunk arrives once the
 * page has settled (loaded, its network quiet, the main thread idle), not with the first load,
 * and the vitals it measures reach the release signals charged to the remote whose element they
 * are about.
 */
test('web vitals load once the page has settled and are charged to the remote that painted the page', async ({
  page,
}) => {
  const vitalsChunk = /\/apps\/shell\/[^/]+\/web-vitals\.[0-9a-f]+\.js$/;
  const events: SignalEvent[] = [];
  // Through a route: a beacon's body is readable there (its request event carries none).
  await page.route('**/_ops/signals', async (route) => {
    const batch = JSON.parse(route.request().postData() ?? '{}') as { events?: SignalEvent[] };
    events.push(...(batch.events ?? []));
    await route.continue();
  });
  let loaded = false;
  let chunkBeforeLoad = false;
  // How long the page's network had been quiet (no request started or finished) when the chunk
  // was asked for: at least Playwright's "network idle" (500 ms), so a first load measured until
  // then (bench:web) does not carry it.
  let lastActivity = Date.now();
  let quietBeforeChunk = -1;
  page.on('request', (request) => {
    if (!vitalsChunk.test(request.url())) lastActivity = Date.now();
    else {
      chunkBeforeLoad ||= !loaded;
      quietBeforeChunk = Date.now() - lastActivity;
    }
  });
  page.on('requestfinished', (request) => {
    if (!vitalsChunk.test(request.url())) lastActivity = Date.now();
  });
  const chunk = page.waitForResponse(vitalsChunk);
  await page.goto('/privacy-policy');
  loaded = true;
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await chunk;
  expect(chunkBeforeLoad).toBe(false);
  expect(quietBeforeChunk).toBeGreaterThanOrEqual(500);

  // The viewer clicks (LCP is final at the first input), then switches tabs: the page is hidden,
  // which is when the library reports the rest and the shell sends its batch.
  await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).click();
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect
    .poll(() => events.filter((event) => event.kind === 'vital').map((event) => event.name))
    .toEqual(expect.arrayContaining(['LCP', 'CLS']));
  for (const vital of events.filter((event) => event.kind === 'vital')) {
    expect(vital.remote).toBe('mf-legal');
    expect(vital.value).toBeGreaterThanOrEqual(0);
  }
});
