import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { startRemoteHost, stopHost, withLegalEntry } from '../support/site';

const REMOTE_PORT = Number(process.env.E2E_REMOTE_PORT ?? 4781);

test('a remote whose host is down shows Retry, the rest works, and Retry recovers', async ({
  browser,
}) => {
  const firstHost = await startRemoteHost(REMOTE_PORT);
  let restartedHost: ChildProcess | null = null;
  // Serve mf-legal from its own host (as from a CDN), then take that host down.
  const fromOwnHost = (live: { version: string; manifestUrl: string }) => ({
    ...live,
    manifestUrl: `http://127.0.0.1:${REMOTE_PORT}${live.manifestUrl}`,
    lastKnownGoodManifestUrl: null,
  });
  await withLegalEntry(fromOwnHost, async () => {
    const warm = await browser.newPage();
    await warm.goto('/privacy-policy');
    await expect(warm.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await warm.close();

    await stopHost(firstHost);
    // A viewer who has not cached this remote yet (its assets are immutable and cache forever).
    const page = await browser.newPage();
    await page.goto('/cookie-policy');
    await expect(
      page.getByRole('heading', { name: 'This part of Crease is unavailable' }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Legal' })).toBeVisible();

    // Every other screen keeps working.
    await page.getByRole('link', { name: 'Crease home' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /every ball/i })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible({ timeout: 20_000 });

    restartedHost = await startRemoteHost(REMOTE_PORT);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible({
      timeout: 20_000,
    });
  }).finally(async () => {
    await stopHost(firstHost);
    if (restartedHost) await stopHost(restartedHost);
  });
});

test('a live version that fails to load falls back to the last-known-good one', async ({
  page,
}) => {
  const brokenRelease = (live: { manifestUrl: string }) => ({
    version: '9.9.9-broken',
    manifestUrl: '/apps/mf-legal/9.9.9-broken/mf-manifest.json',
    lastKnownGoodManifestUrl: live.manifestUrl,
  });
  await withLegalEntry(brokenRelease, async () => {
    const fallbackReported = page.waitForEvent('console', (message) =>
      /last-known-good/.test(message.text()),
    );
    await page.goto('/refund-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible({
      timeout: 20_000,
    });
    await fallbackReported;
  });
});
