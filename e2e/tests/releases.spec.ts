import fs from 'node:fs';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { expect, test } from '@playwright/test';
import {
  appStatus,
  buildChangedCopy,
  liveVersion,
  release,
  replaceInFile,
} from '../support/release-cli';
import { startRemoteHost, stopHost } from '../support/site';

const OVERRIDE_PORT = Number(process.env.E2E_PORT ?? 4780) + 5;

/**
 * Issue 4: each remote deploys on its own. A changed mf-legal build is published and promoted
 * with the real release CLI while the site runs; the shell is never rebuilt or redeployed.
 * The tests share one open tab and run in order; afterAll puts the original version back.
 */
test.describe.configure({ mode: 'serial' });

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true });
const legalLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name });

let original: string;
let changed: string;
let broken: string;
let shellVersion: string;
let openTab: Page;
const tempDirs: string[] = [];

/** The release-map.json responses a page gets while `action` runs. */
async function mapResponses(page: Page, action: () => Promise<void>): Promise<Response[]> {
  const seen: Response[] = [];
  const listener = (response: Response) => {
    if (new URL(response.url()).pathname === '/release-map.json') seen.push(response);
  };
  page.on('response', listener);
  try {
    await action();
  } finally {
    page.off('response', listener);
  }
  return seen;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  original = await liveVersion('mf-legal');
  shellVersion = await liveVersion('shell');

  // A changed mf-legal: two policy titles reworded, built from a copy of its sources.
  const build = await buildChangedCopy('mf-legal', (src) => {
    replaceInFile(
      path.join(src, 'policies', 'privacy-policy.ts'),
      "title: 'Privacy Policy'",
      "title: 'Privacy Policy (revised)'",
    );
    replaceInFile(
      path.join(src, 'policies', 'cookie-policy.ts'),
      "title: 'Cookie Policy'",
      "title: 'Cookie Policy (revised)'",
    );
  });
  tempDirs.push(build.dir);
  changed = (await release<{ version: string }>('publish', 'mf-legal', '--from', build.dist))
    .version;

  // A broken mf-legal: the same build without its ./screens chunk, which then answers 404.
  const brokenDist = path.join(build.dir, 'broken');
  fs.cpSync(build.dist, brokenDist, { recursive: true });
  const screens = fs.readdirSync(brokenDist).filter((f) => f.startsWith('__federation_expose_'));
  expect(screens.length).toBeGreaterThan(0);
  for (const file of screens) fs.rmSync(path.join(brokenDist, file));
  broken = (await release<{ version: string }>('publish', 'mf-legal', '--from', brokenDist))
    .version;
  expect(new Set([original, changed, broken]).size).toBe(3);

  // A viewer who has the site open before anything is released.
  openTab = await browser.newPage();
  await openTab.goto('/privacy-policy');
  await expect(heading(openTab, 'Privacy Policy')).toBeVisible();
});

test.afterAll(async () => {
  await openTab?.close();
  if (original && (await liveVersion('mf-legal')) !== original) {
    await release('rollback', 'mf-legal', '--to', original, '--reason', 'e2e cleanup');
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

test('1. a promoted mf-legal build reaches a fresh page without touching the shell', async ({
  page,
}) => {
  await release('promote', 'mf-legal', changed, '--reason', 'e2e: reworded titles');

  await page.goto('/privacy-policy');
  await expect(heading(page, 'Privacy Policy (revised)')).toBeVisible();
  expect(await liveVersion('shell')).toBe(shellVersion);
  const shellScripts = await page
    .locator('script[src]')
    .evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).src));
  expect(shellScripts.some((src) => src.includes(`/apps/shell/${shellVersion}/`))).toBe(true);
});

test('2. an already-open tab shows the change after its next navigation, never mid-screen', async () => {
  // Promoted while this tab was open: it keeps the screen it shows.
  await expect(heading(openTab, 'Privacy Policy')).toBeVisible();

  // The next route change revalidates the map (one conditional request) and mounts the new build.
  const changedMap = await mapResponses(openTab, async () => {
    await legalLink(openTab, 'Cookie policy').click();
    await expect(heading(openTab, 'Cookie Policy (revised)')).toBeVisible();
  });
  expect(changedMap.map((r) => r.status())).toEqual([200]);
  expect(changedMap[0]?.request().headers()['if-none-match']).toMatch(/^"/);

  // Unchanged map: the next route change costs one 304 with no body, and updates in place.
  const article = await openTab.getByRole('article').elementHandle();
  const sameMap = await mapResponses(openTab, async () => {
    await legalLink(openTab, 'Privacy policy').click();
    await expect(heading(openTab, 'Privacy Policy (revised)')).toBeVisible();
  });
  expect(sameMap.map((r) => r.status())).toEqual([304]);
  expect(await article?.evaluate((node) => node.isConnected)).toBe(true);
});

test('3. rolling back brings the old content back', async ({ page }) => {
  await release('rollback', 'mf-legal', '--reason', 'e2e: back to the original');
  expect(await liveVersion('mf-legal')).toBe(original);

  await page.goto('/privacy-policy');
  await expect(heading(page, 'Privacy Policy')).toBeVisible();

  await legalLink(openTab, 'Cookie policy').click();
  await expect(heading(openTab, 'Cookie Policy')).toBeVisible();
});

test('developer override: one remote from a local build against the deployed others, marked on the page', async ({
  page,
}) => {
  // The developer's "localhost build": a second local server with the changed mf-legal.
  const localHost = await startRemoteHost(OVERRIDE_PORT);
  try {
    const manifest = `http://127.0.0.1:${OVERRIDE_PORT}/apps/mf-legal/${changed}/mf-manifest.json`;
    await page.goto(`/privacy-policy?crease-override=mf-legal=${encodeURIComponent(manifest)}`);

    await expect(heading(page, 'Privacy Policy (revised)')).toBeVisible();
    const banner = page.getByRole('complementary', { name: 'Developer override' });
    await expect(banner).toContainText(
      `Developer override active: mf-legal from http://127.0.0.1:${OVERRIDE_PORT}`,
    );
    expect(new URL(page.url()).search).toBe('');

    // It sticks (localStorage) across page loads until cleared; the live release is unchanged.
    await page.goto('/cookie-policy');
    await expect(heading(page, 'Cookie Policy (revised)')).toBeVisible();
    expect(await liveVersion('mf-legal')).toBe(original);

    await banner.getByRole('button', { name: 'Clear' }).click();
    await expect(heading(page, 'Cookie Policy')).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('crease:remote-overrides'))).toBeNull();

    // Garbage in the entry, or a host that is not the developer's machine: ignored and removed.
    await page.evaluate(() =>
      localStorage.setItem(
        'crease:remote-overrides',
        JSON.stringify({ 'mf-legal': 'https://evil.example/mf-manifest.json' }),
      ),
    );
    await page.reload();
    await expect(heading(page, 'Cookie Policy')).toBeVisible();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('crease:remote-overrides'))).toBeNull();
  } finally {
    await stopHost(localHost);
  }
});

test('4. a broken build falls back to the last-known-good version and is counted', async ({
  page,
}) => {
  await release('promote', 'mf-legal', broken, '--reason', 'e2e: a build missing its chunk');
  expect((await appStatus('mf-legal'))?.lastKnownGood).toBe(original);

  const missingChunk = page.waitForResponse(
    (r) => r.url().includes(`/apps/mf-legal/${broken}/__federation_expose_`) && r.status() === 404,
  );
  const report = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/_ops/remote-fallback' && r.request().method() === 'POST',
  );
  await page.goto('/privacy-policy');
  await missingChunk;
  await expect(heading(page, 'Privacy Policy')).toBeVisible({ timeout: 30_000 });
  // A 204 now means the beacon carried the page's release proof naming both versions
  // (decision 155): anything else is refused with a 400.
  expect((await report).status()).toBe(204);

  // `release status` counts the fallback against the broken version, and names what served.
  await expect
    .poll(async () => (await appStatus('mf-legal'))?.fallbacks, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(1);
  const { fallbacks } = await release<{
    fallbacks: { remote: string; failedVersion: string; fallbackVersion: string }[];
  }>('status');
  expect(fallbacks).toContainEqual(
    expect.objectContaining({
      remote: 'mf-legal',
      failedVersion: broken,
      fallbackVersion: original,
    }),
  );
});
