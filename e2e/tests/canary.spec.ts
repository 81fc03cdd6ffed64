import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { E2E_RELEASE_TOKEN } from '../playwright.config';
import { seriousAxeViolations } from '../support/axe';
import {
  buildChangedCopy,
  changedCopyOfArtifact,
  dropPrecompressed,
  liveVersion,
  release,
  replaceInFile,
} from '../support/release-cli';
import { registerViewer } from '../support/viewer';

/**
 * Issue 14: canary releases of one remote, in Chromium, with the real release CLI. Browsers are
 * separate contexts (their own cookies, so their own seed and bucket). The site runs with
 * CREASE_CANARY_MIN_VIEWS=4 (playwright.config.ts) so a test can make enough page views.
 */
test.describe.configure({ mode: 'serial' });

interface ReleaseStatus {
  apps: {
    app: string;
    version: string;
    canary: { version: string; percent: number; health: { verdict: string } } | null;
    lastAutomaticRollback: { version: string; reason: string } | null;
  }[];
}
interface HistoryEntry {
  action: string;
  actor: string;
  automatic?: boolean;
  to: string;
  from: string | null;
}

const legalStatus = async () =>
  (await release<ReleaseStatus>('status')).apps.find((a) => a.app === 'mf-legal')!;

let original: string;
let slice: string;
let broken: string;
const tempDirs: string[] = [];
const contexts: BrowserContext[] = [];

/** The mf-legal version the edge inlined into this page's release map. */
const inlinedVersion = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __CREASE__: { releaseMap: { remotes: Record<string, { version: string }> } };
        }
      ).__CREASE__.releaseMap.remotes['mf-legal']?.version,
  );

/**
 * New browsers until one is in the canary and one is not (the split is 50 %), each with a page on
 * the privacy policy. Every page load is a page view the shell reports.
 */
async function oneOnEachSide(browser: Browser, canaryVersion: string) {
  let inside: Page | null = null;
  let outside: Page | null = null;
  for (let i = 0; i < 30 && !(inside && outside); i += 1) {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    await page.goto('/privacy-policy');
    const version = await inlinedVersion(page);
    if (version === canaryVersion && !inside) inside = page;
    else if (version === original && !outside) outside = page;
    else await context.close();
  }
  if (!inside || !outside) throw new Error('30 browsers never split across a 50 % canary');
  return { inside, outside };
}

/** A release manager's console, signed in, in its own browser; the mf-legal card on it. */
async function releaseConsole(browser: Browser) {
  const context = await browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/release-console/');
  await page.getByLabel('Release API token').fill(E2E_RELEASE_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Live map' })).toBeVisible();
  return { page, legal: page.getByRole('article', { name: 'mf-legal' }) };
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  original = await liveVersion('mf-legal');
  // A good canary: a real build whose privacy policy title says which version served it.
  const build = await buildChangedCopy('mf-legal', (src) =>
    replaceInFile(
      path.join(src, 'policies', 'privacy-policy.ts'),
      "title: 'Privacy Policy'",
      "title: 'Privacy Policy (new slice)'",
    ),
  );
  tempDirs.push(build.dir);
  slice = (await release<{ version: string }>('publish', 'mf-legal', '--from', build.dist)).version;

  // A broken canary: the live build with a remoteEntry.js that answers HTML (a bad upload).
  const copy = changedCopyOfArtifact('mf-legal', original, (dist) => {
    const entry = path.join(dist, 'remoteEntry.js');
    fs.writeFileSync(
      entry,
      '<!doctype html><html><body><h1>Bad Gateway (canary upload)</h1></body></html>\n',
    );
    dropPrecompressed(entry);
  });
  tempDirs.push(copy.dir);
  const dist = copy.dist;
  broken = (await release<{ version: string }>('publish', 'mf-legal', '--from', dist)).version;
});

test.afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

test.afterAll(async () => {
  const status = await legalStatus();
  if (status.canary) await release('rollback', 'mf-legal', '--reason', 'e2e cleanup');
  if ((await liveVersion('mf-legal')) !== original)
    await release('rollback', 'mf-legal', '--to', original, '--reason', 'e2e cleanup');
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

test('one browser gets the canary and another does not; each stays on its side, with no extra request', async ({
  browser,
}) => {
  await release('canary', 'mf-legal', slice, '--percent', '50', '--reason', 'e2e: new slice');
  const { inside, outside } = await oneOnEachSide(browser, slice);
  await expect(
    inside.getByRole('heading', { level: 1, name: 'Privacy Policy (new slice)' }),
  ).toBeVisible();
  await expect(
    outside.getByRole('heading', { level: 1, name: 'Privacy Policy', exact: true }),
  ).toBeVisible();

  for (const [page, title] of [
    [inside, 'Privacy Policy (new slice)'],
    [outside, 'Privacy Policy'],
  ] as const) {
    const mapRequests: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/release-map.json') mapRequests.push(r.url());
    });
    for (let i = 0; i < 3; i += 1) {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    }
    // The split is in the page's own HTML: no request for the map on page load.
    expect(mapRequests).toEqual([]);
  }
  const status = await legalStatus();
  expect(status).toMatchObject({ version: original, canary: { version: slice, percent: 50 } });

  // The console shows the running canary, its verdict so far, and the step in the history.
  const manager = await releaseConsole(browser);
  await expect(manager.legal.getByText('Canary 50 %')).toBeVisible();
  const running = manager.legal.getByRole('region', { name: 'Running canary of mf-legal' });
  await expect(running).toContainText(slice);
  await expect(running).toContainText('e2e: new slice');
  await expect(running).toContainText(/Collecting|Healthy/);
  await expect(
    manager.page.getByRole('row').filter({ hasText: 'e2e: new slice' }).first(),
  ).toContainText('canary');
  expect(await seriousAxeViolations(manager.page)).toEqual([]);

  // Abort: every browser is back on the stable version at its next page load.
  await release('rollback', 'mf-legal', '--reason', 'e2e: seen enough');
  await inside.reload();
  await expect(
    inside.getByRole('heading', { level: 1, name: 'Privacy Policy', exact: true }),
  ).toBeVisible();
  expect(await inlinedVersion(inside)).toBe(original);
});

test('a canary whose remote entry is broken is rolled back by itself after enough page views', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await release('canary', 'mf-legal', broken, '--percent', '50', '--reason', 'e2e: broken entry');
  const { inside, outside } = await oneOnEachSide(browser, broken);
  // The canary's viewer signs in: only signed-in viewers' failures roll a canary back
  // (decision 411). The browser keeps its bucket, so it stays in the canary.
  await registerViewer(inside);
  await inside.goto('/privacy-policy');
  expect(await inlinedVersion(inside)).toBe(broken);
  // The canary's viewer never sees it broken: the shell falls back to the stable version.
  await expect(
    inside.getByRole('heading', { level: 1, name: 'Privacy Policy', exact: true }),
  ).toBeVisible({
    timeout: 30_000,
  });

  // Page views on both sides (each reload sends the previous page's signals).
  for (let i = 0; i < 7; i += 1) {
    for (const page of [inside, outside]) {
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Privacy Policy', exact: true }),
      ).toBeVisible({
        timeout: 30_000,
      });
    }
  }
  await expect
    .poll(async () => (await legalStatus()).lastAutomaticRollback?.version, { timeout: 20_000 })
    .toBe(broken);
  const status = await legalStatus();
  expect(status.canary).toBeNull();
  expect(status.lastAutomaticRollback?.reason).toMatch(
    /^Automatic rollback of the canary .*Significantly worse/,
  );
  const [latest] = await release<HistoryEntry[]>('history', 'mf-legal', '--limit', '1');
  expect(latest).toMatchObject({
    action: 'canary-rollback',
    actor: 'canary-guard',
    automatic: true,
    from: broken,
    to: original,
  });
  // The canary's browser is back on the stable version with no fallback at its next page load.
  await inside.reload();
  expect(await inlinedVersion(inside)).toBe(original);

  // The console shows the automatic rollback with its figures, in the card and the history, and
  // the broken version's failures in the health table.
  const manager = await releaseConsole(browser);
  await expect(manager.legal).toContainText(`Automatic rollback of ${broken}`);
  await expect(manager.legal).toContainText('Significantly worse');
  await expect(manager.legal.getByText(/^Canary \d+ %$/)).toHaveCount(0);
  await expect(
    manager.page.getByRole('row').filter({ hasText: 'canary rollback (automatic)' }).first(),
  ).toContainText(broken);
  // Its load failures are counted (how many depends on each browser's weight cap, decision 157,
  // and on when the guard acted, so the row is checked for failures, not for one exact rate).
  const brokenRow = manager.page
    .getByRole('table', { name: 'Signals and fallbacks per version' })
    .getByRole('row')
    .filter({ has: manager.page.getByText(broken, { exact: true }) });
  await expect(brokenRow.getByRole('cell').nth(3)).toHaveText(/^[1-9]\d* \(\d/, {
    timeout: 15_000,
  });
  expect(await seriousAxeViolations(manager.page)).toEqual([]);
});
