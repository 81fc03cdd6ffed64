import { test } from '@playwright/test';
import { signInDemo, watchLiveMatch } from '../support/player-session';
test('debug', async ({ page }) => {
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  page.on('response', (r) => { if (r.url().includes('/live/')) console.log('RESP', r.status(), r.url().slice(0, 140)); });
  await signInDemo(page);
  await watchLiveMatch(page);
  await page.waitForTimeout(12000);
  console.log(await page.getByLabel(/^Live video/).evaluate((v: HTMLVideoElement) => JSON.stringify({ t: v.currentTime, rs: v.readyState, p: v.paused, err: v.error?.message, src: v.src })));
});
