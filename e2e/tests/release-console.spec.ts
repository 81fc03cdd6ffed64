import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { E2E_RELEASE_TOKEN } from '../playwright.config';
import { seriousAxeViolations } from '../support/axe';
import { CONTRACT_RANGE_METADATA_KEY } from '@crease/contract';
import {
  appStatus,
  buildChangedCopy,
  changedCopyOfArtifact,
  liveVersion,
  release,
  replaceInFile,
} from '../support/release-cli';

/**
 * Issue 14: the release console at /release-console/, signed in with the e2e run's release
 * token (CREASE_RELEASE_TOKENS "e2e-release:…", playwright.config.ts). A release manager
 * promotes a second published mf-legal build, sees it live and in the history, meets a
 * conflict, and rolls back.
 */
const CONSOLE = '/release-console/';
let original = '';
let changed = '';
let extraDist = '';
const tempDirs: string[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  original = await liveVersion('mf-legal');
  const build = await buildChangedCopy('mf-legal', (src) => {
    replaceInFile(
      path.join(src, 'policies', 'privacy-policy.ts'),
      "title: 'Privacy Policy'",
      "title: 'Privacy Policy (console)'",
    );
  });
  tempDirs.push(build.dir);
  changed = (await release<{ version: string }>('publish', 'mf-legal', '--from', build.dist))
    .version;
  // A third build (same code, one more file: another version) that "someone else" publishes.
  extraDist = path.join(build.dir, 'extra');
  fs.cpSync(build.dist, extraDist, { recursive: true });
  fs.writeFileSync(path.join(extraDist, 'e2e-note.txt'), 'published from the CLI meanwhile\n');
});

test.afterAll(async () => {
  if (((await appStatus('mf-legal')) as { canary?: unknown } | undefined)?.canary)
    await release('rollback', 'mf-legal', '--reason', 'e2e cleanup');
  if (original && (await liveVersion('mf-legal')) !== original) {
    await release('rollback', 'mf-legal', '--to', original, '--reason', 'e2e cleanup');
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function signIn(page: Page, token: string) {
  await page.getByLabel('Release API token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const legalCard = (page: Page) => page.getByRole('article', { name: 'mf-legal' });

test('a console session without a valid token is refused', async ({ page }) => {
  const response = await page.goto(CONSOLE);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Paste a release API token');

  await signIn(page, 'not-a-release-token-0123456789');
  await expect(page.getByRole('alert')).toContainText('INVALID_RELEASE_TOKEN');
  await expect(page.getByRole('heading', { name: 'Live map' })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
});

test('a release manager promotes mf-legal, meets a conflict, and rolls back', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await page.goto(CONSOLE);
  await signIn(page, E2E_RELEASE_TOKEN);
  await expect(page.getByText('Signed in as')).toContainText('e2e-release');
  await expect(legalCard(page)).toContainText(original);
  await expect(page.getByRole('article', { name: 'shell' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Promote the second published mf-legal build, with a reason.
  const promote = page.getByRole('form', { name: 'Promote' });
  await promote.getByRole('combobox', { name: 'mf-legal', exact: true }).selectOption(changed);
  await promote.getByRole('button', { name: 'Promote' }).click();
  await expect(promote.getByRole('alert')).toContainText('A reason is required');
  await promote.getByRole('textbox', { name: /reason/i }).fill('e2e: console promote');
  await promote.getByRole('button', { name: 'Promote' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Promoted' })).toContainText(changed);
  await expect(legalCard(page)).toContainText(changed);
  expect(await liveVersion('mf-legal')).toBe(changed);

  // It is live for viewers: a fresh page of the site shows the changed build.
  const viewer = await context.newPage();
  await viewer.goto('/privacy-policy');
  await expect(viewer.getByRole('heading', { name: 'Privacy Policy (console)' })).toBeVisible();
  await viewer.close();

  // The history, filtered by remote, shows who promoted what and why.
  await page.getByRole('combobox', { name: 'Filter by remote' }).selectOption('mf-legal');
  const history = page.getByRole('table', { name: /History of mf-legal/ });
  const promoted = history.getByRole('row').filter({ hasText: 'e2e: console promote' });
  await expect(promoted).toContainText('promote');
  await expect(promoted).toContainText(changed);
  await expect(promoted).toContainText('e2e-release');
  await expect(history.getByRole('row').filter({ hasText: 'shell' })).toHaveCount(0);

  // Someone publishes from the CLI meanwhile: the console's revision is stale, a conflict.
  await release('publish', 'mf-legal', '--from', extraDist);
  const rollback = page.getByRole('form', { name: 'Roll back' });
  await rollback.getByRole('combobox', { name: 'App to roll back' }).selectOption('mf-legal');
  await rollback
    .getByRole('textbox', { name: /reason/i })
    .fill('e2e console: back to the original');
  await rollback.getByRole('button', { name: 'Roll back' }).click();
  const conflict = rollback.getByRole('alert');
  await expect(conflict).toContainText('RELEASE_CONFLICT');
  expect(await liveVersion('mf-legal')).toBe(changed);

  // Refreshed, the same rollback (to the last-known-good: the original) goes through.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(rollback.getByRole('combobox', { name: 'Roll back to' })).toContainText(original);
  await rollback.getByRole('combobox', { name: 'App to roll back' }).selectOption('mf-legal');
  await rollback
    .getByRole('textbox', { name: /reason/i })
    .fill('e2e console: back to the original');
  await rollback.getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Rolled mf-legal back' })).toBeVisible();
  // Focus moves to the outcome, so a screen reader user hears what happened.
  await expect(page.locator(':focus')).toContainText('Rolled mf-legal back');
  await expect(legalCard(page)).toContainText(original);
  expect(await liveVersion('mf-legal')).toBe(original);
  await expect(
    history.getByRole('row').filter({ hasText: 'e2e console: back to the original' }),
  ).toContainText('rollback');

  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Sign out forgets the token.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
});

test('the console marks a build needing contract ^99, asks before using it, and charts a canary', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // A copy of the live build that declares it needs contract ^99: incompatible with the shell.
  const future = changedCopyOfArtifact('mf-legal', original, (dist) => {
    const file = path.join(dist, 'mf-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      metaData: Record<string, unknown>;
    };
    manifest.metaData[CONTRACT_RANGE_METADATA_KEY] = '^99';
    fs.writeFileSync(file, JSON.stringify(manifest));
    for (const suffix of ['.gz', '.br']) fs.rmSync(`${file}${suffix}`, { force: true });
  });
  tempDirs.push(future.dir);
  const needs99 = (await release<{ version: string }>('publish', 'mf-legal', '--from', future.dist))
    .version;
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });

  await page.goto(CONSOLE);
  await signIn(page, E2E_RELEASE_TOKEN);
  await expect(legalCard(page)).toContainText(original);

  // Start a canary: the newest build is the ^99 one, and it is never the one chosen for you.
  const canary = page.getByRole('form', { name: 'Start a canary' });
  await canary.getByRole('combobox', { name: 'Remote for the canary' }).selectOption('mf-legal');
  const canaryVersion = canary.getByRole('combobox', { name: 'Canary version' });
  await expect(canaryVersion).not.toHaveValue(needs99);
  await expect(canaryVersion.locator(`option[value="${needs99}"]`)).toContainText('⚠ incompatible');

  // Promote it: marked, explained, and asked about before anything is sent.
  const promote = page.getByRole('form', { name: 'Promote' });
  const legal = promote.getByRole('combobox', { name: 'mf-legal', exact: true });
  await legal.selectOption(needs99);
  await expect(legal).toHaveAccessibleDescription(/needs contract \^99/);
  await promote.getByRole('textbox', { name: /reason/i }).fill('e2e: try the ^99 build');
  await promote.getByRole('button', { name: 'Promote' }).click();
  await expect(promote.getByRole('alert')).toContainText('CONFIRMATION_REQUIRED');
  expect(await liveVersion('mf-legal')).toBe(original);
  await promote.screenshot({
    path: path.join(import.meta.dirname, '..', 'test-results', 'promote-warning-1280.png'),
  });
  await legal.selectOption('');

  // A canary of the changed build, with a few real page views behind it.
  await release('canary', 'mf-legal', changed, '--percent', '50', '--reason', 'e2e: chart');
  const viewer = await context.newPage();
  for (let i = 0; i < 3; i += 1) await viewer.goto('/privacy-policy');
  await viewer.close();
  await page.getByRole('button', { name: 'Refresh' }).click();
  const panel = page.getByRole('region', { name: 'Canary against stable' });
  await panel.getByRole('combobox', { name: 'Remote' }).selectOption('mf-legal');
  await expect(panel).toContainText(`Canary ${changed} against stable ${original}`);
  for (const title of ['Failure rate', 'Fallback rate', 'LCP p75']) {
    const chart = panel.getByRole('img', { name: new RegExp(`^${title} per minute`) });
    await expect(chart.locator('canvas')).toHaveCount(1);
  }
  expect(await seriousAxeViolations(page)).toEqual([]);
  const shots = path.join(import.meta.dirname, '..', 'test-results', 'release-console-guards');
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, 'console-1280.png'), fullPage: true });
  await panel.screenshot({ path: path.join(shots, 'canary-panel-1280.png') });
  await page.getByRole('form', { name: 'Roll back' }).screenshot({
    path: path.join(shots, 'rollback-1280.png'),
  });
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(panel.getByRole('img', { name: /^Failure rate/ }).locator('canvas')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: path.join(shots, 'console-360.png'), fullPage: true });
  await panel.screenshot({ path: path.join(shots, 'canary-panel-360.png') });
  expect(await seriousAxeViolations(page)).toEqual([]);
  // uPlot sizes its canvas through the CSSOM: the console's strict CSP refuses nothing.
  expect(violations).toEqual([]);

  await release('rollback', 'mf-legal', '--reason', 'e2e: chart seen');
});
