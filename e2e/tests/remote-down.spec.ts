import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { readLiveState, startRemoteHost, stopHost, writeLiveState } from '../support/site';

const REMOTE_PORT = Number(process.env.E2E_REMOTE_PORT ?? 4781);

test('a remote whose host is down shows Retry, the rest works, and Retry recovers', async ({
  browser,
}) => {
  const original = readLiveState();
  const legal = original.releaseMap.remotes['mf-legal'];
  // The suite publishes and promotes mf-legal at start; without it this test must fail, not skip.
  expect(legal, 'mf-legal must be live').toBeDefined();
  let host: ChildProcess | null = await startRemoteHost(REMOTE_PORT);
  try {
    // Serve mf-legal from its own host (as from a CDN), then take that host down.
    writeLiveState({
      ...original,
      releaseMap: {
        ...original.releaseMap,
        remotes: {
          ...original.releaseMap.remotes,
          'mf-legal': {
            ...legal!,
            manifestUrl: `http://127.0.0.1:${REMOTE_PORT}${legal!.manifestUrl}`,
            lastKnownGoodManifestUrl: null,
          },
        },
      },
    });
    const warm = await browser.newPage();
    await warm.goto('/privacy-policy');
    await expect(warm.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await warm.close();

    await stopHost(host);
    host = null;
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

    host = await startRemoteHost(REMOTE_PORT);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible({
      timeout: 20_000,
    });
  } finally {
    writeLiveState(original);
    if (host) await stopHost(host);
  }
});

test('a live version that fails to load falls back to the last-known-good one', async ({
  page,
}) => {
  const original = readLiveState();
  const legal = original.releaseMap.remotes['mf-legal'];
  expect(legal, 'mf-legal must be live').toBeDefined();
  try {
    writeLiveState({
      ...original,
      releaseMap: {
        ...original.releaseMap,
        remotes: {
          ...original.releaseMap.remotes,
          'mf-legal': {
            version: '9.9.9-broken',
            manifestUrl: '/apps/mf-legal/9.9.9-broken/mf-manifest.json',
            lastKnownGoodManifestUrl: legal!.manifestUrl,
          },
        },
      },
    });
    const fallbackReported = page.waitForEvent('console', (message) =>
      /last-known-good/.test(message.text()),
    );
    await page.goto('/refund-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeVisible({
      timeout: 20_000,
    });
    await fallbackReported;
  } finally {
    writeLiveState(original);
  }
});
