import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe';
import { changeMatchState } from '../support/catalog-operator';
import {
  apiGet,
  expectPlaying,
  signIn,
  signInDemo,
  video,
  watchLiveMatch,
} from '../support/player-session';
import { freshEmail, registerViewer, VIEWER_PASSWORD } from '../support/viewer';
import { E2E_PORT } from '../playwright.config';

/**
 * mf-player over the whole running site: the real streams API, the embedded live HLS origin
 * (build-time fMP4 renditions, clock-computed window) and hls.js in Debian's Chromium, which
 * decodes H.264 and AAC through Media Source Extensions.
 */
async function startTrial(page: Page) {
  await page.getByRole('link', { name: 'Start free trial' }).click();
  await page.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/trial-activation-success$/);
}

test('a viewer with a plan presses Watch and the live match plays, with no console errors', async ({
  page,
}) => {
  await signInDemo(page);
  // Listening from here: what must be clean is watching.
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await watchLiveMatch(page);

  await expectPlaying(page);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Live match');
  await expect(page.getByRole('region', { name: 'Scorecard' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Quality: / })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Keyboard: m mutes, space pauses.
  await page.keyboard.press('m');
  await expect(page.getByRole('button', { name: 'Unmute' })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a chosen quality plays, is kept on this device and comes back after a reload', async ({
  page,
}) => {
  await signInDemo(page);
  await watchLiveMatch(page);
  await expectPlaying(page);

  await page.getByRole('button', { name: /^Quality: / }).click();
  await page.getByRole('menuitemradio', { name: '480p' }).click();
  await expect(page.getByRole('button', { name: 'Quality: 480p' })).toBeVisible();
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => v.videoHeight), { timeout: 20_000 })
    .toBe(480);

  await page.reload();
  await expectPlaying(page);
  await expect(page.getByRole('button', { name: 'Quality: 480p' })).toBeVisible();
  await expect.poll(() => video(page).evaluate((v: HTMLVideoElement) => v.videoHeight)).toBe(480);
});

test('the score follows the picture: an update shows when the video reaches it, and goes back with the playhead', async ({
  page,
}) => {
  await signInDemo(page);
  const eventId = await watchLiveMatch(page);
  await expectPlaying(page);
  const summary = page.getByRole('region', { name: 'Scorecard' }).locator('p[aria-live]');
  await expect(summary).not.toHaveText(/appears with the picture/);
  const before = (await summary.textContent()) ?? '';

  // A boundary 6 s ago on the match clock: the picture (4 s behind live) has passed it…
  const event = await apiGet<{
    teams: { shortName: string }[];
    innings: { team: string; runs: number; wickets: number; overs: string; declared: boolean }[];
  }>(page, `api/v1/events/${eventId}`);
  // The boundary adds six to the innings in progress, or opens the first one with it.
  const innings = event.innings.length
    ? event.innings.map((i, n, all) => (n === all.length - 1 ? { ...i, runs: i.runs + 6 } : i))
    : [{ team: event.teams[0]!.shortName, runs: 6, wickets: 0, overs: '0.1', declared: false }];
  // …or now, if the demo clock wrote a state since (the catalog refuses an earlier `at`).
  await changeMatchState(eventId, { innings, at: new Date(Date.now() - 6000).toISOString() }).catch(
    () => changeMatchState(eventId, { innings, at: new Date().toISOString() }),
  );
  await expect(summary).not.toHaveText(before, { timeout: 15_000 });
  const after = (await summary.textContent()) ?? '';

  // …and moving the playhead back to the start of the live window (12 s) goes before it.
  await video(page).evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = v.seekable.start(0) + 0.5;
  });
  await expect(summary).not.toHaveText(after, { timeout: 5000 });
  await expect(page.getByRole('status').filter({ hasText: /^Behind live by / })).toBeVisible();
  await page.getByRole('button', { name: 'Go to live' }).click();
  await expect(summary).toHaveText(after, { timeout: 10_000 });
});

test('a trial viewer’s minutes go down while playing and stop while paused', async ({ page }) => {
  test.setTimeout(150_000);
  await registerViewer(page, freshEmail('trial'));
  await startTrial(page);
  const renewals: string[] = [];
  const heartbeatTokens: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/v1\/streams\/[^/]+\/token$/.test(request.url()))
      renewals.push(request.url());
  });
  page.on('response', async (response) => {
    if (!/\/api\/v1\/streams\/[^/]+\/heartbeat$/.test(response.url())) return;
    const body = (await response.json().catch(() => null)) as {
      playback?: { token: string };
    } | null;
    if (body?.playback) heartbeatTokens.push(body.playback.token);
  });
  const granted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/v1\/streams$/.test(r.url()),
  );
  await watchLiveMatch(page, { mostPlayLeft: true });
  await granted;
  const grantedAt = Date.now();
  await expectPlaying(page);
  await expect(page.getByText(/^Trial: .* left today$/)).toBeVisible();
  const left = async () =>
    (await apiGet<{ trialTodaySecondsLeft: number }>(page, 'api/v1/entitlement'))
      .trialTodaySecondsLeft;

  const atStart = await left();
  // The first heartbeat after 30 s of watching settles the time played.
  await expect.poll(left, { timeout: 45_000, intervals: [2000] }).toBeLessThan(atStart - 25);
  // The heartbeat brought the next token (decision 373): 45 s after the grant, past the 60 s
  // trial token's renewAt and the player's grace, the player has not asked for one itself.
  await page.waitForTimeout(Math.max(0, grantedAt + 45_000 - Date.now()));
  expect(heartbeatTokens.length).toBeGreaterThan(0);
  expect(renewals).toEqual([]);

  // The closed stream's token is refused within seconds (decision 151): a paused player must
  // stop loading rather than knock on the origin with it.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/live/') && response.status() === 403)
      refused.push(response.url());
  });
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible();
  // The paused trial stream is closed (settled to the pause): nothing more is counted.
  await expect.poll(left, { timeout: 10_000 }).toBeLessThan(atStart - 25);
  const paused = await left();
  await page.waitForTimeout(35_000); // a whole heartbeat interval and more, doing nothing
  expect(await left()).toBeGreaterThanOrEqual(paused - 1);

  await page.getByRole('button', { name: 'Play' }).click();
  await expectPlaying(page);
  expect(refused).toEqual([]);
});

test('a viewer without a plan or trial time is sent to the plans', async ({ page }) => {
  await registerViewer(page, freshEmail('noplan'));
  await watchLiveMatch(page);
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Choose a plan to watch' })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);
  await alert.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveURL(/\/plans$/);
});

test('a second device over the trial’s one screen is told which device plays, and stopping playback there lets it in', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const a = await first.newPage();
    const email = await registerViewer(a, freshEmail('twodevices'));
    await startTrial(a);
    const eventId = await watchLiveMatch(a);
    await expectPlaying(a);

    const b = await second.newPage();
    await signIn(b, email, VIEWER_PASSWORD);
    await b.goto(`/player?event=${eventId}`);
    const alert = b.getByRole('alert');
    await expect(
      alert.getByRole('heading', { name: "Your plan's screens are in use" }),
    ).toBeVisible({
      timeout: 20_000,
    });
    const playing = alert.getByRole('list', { name: 'Playing now' });
    await expect(playing.getByRole('listitem')).toHaveCount(1);
    await expect(playing).toContainText('Chrome on Linux');

    await playing.getByRole('button', { name: 'Stop playback there: Chrome on Linux' }).click();
    await expectPlaying(b);
    await expect(a.getByRole('alert')).toContainText(
      'Playback here was stopped from Chrome on Linux',
      {
        timeout: 90_000,
      },
    );
  } finally {
    await first.close();
    await second.close();
  }
});

test('an unknown event is a designed state, not a blank video', async ({ page }) => {
  await signInDemo(page);
  await page.goto('/player?event=no-such-match');
  await expect(page.getByRole('alert')).toContainText('We could not find that match');
  await expect(page.getByRole('link', { name: 'Browse matches' })).toHaveAttribute(
    'href',
    '/events',
  );
});

async function screenshots(browser: Browser) {
  for (const [name, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 360, height: 780 }],
  ] as const) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signInDemo(page);
    await watchLiveMatch(page);
    await expectPlaying(page);
    await page.screenshot({ path: `test-results/player-${name}.png`, fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  }
}

test('the player at 360 px and wide has no serious axe violations', async ({ browser }) => {
  test.setTimeout(150_000);
  await screenshots(browser);
});

/**
 * A second site of its own (same builds, its own data) whose trial allows one minute a day, with
 * 5 s heartbeats: the trial runs out while watching, and the player sends the viewer to plans.
 */
test('a trial that runs out while watching stops the video and goes to the plans', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const port = E2E_PORT + 3;
  const dataDir = path.join(os.tmpdir(), `crease-e2e-trial-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const site = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, '..', '..', 'deploy', 'src', 'cli', 'start.ts'),
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        CREASE_DATA_DIR: dataDir,
        CREASE_REGISTER_PER_MINUTE: '1000',
        CREASE_TRIAL_DAILY_MINUTES: '1',
        CREASE_STREAM_HEARTBEAT_SECONDS: '5',
        CREASE_STREAM_TOKEN_SECONDS: '20',
      },
      stdio: 'ignore',
    },
  );
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/healthz`)
            .then((r) => r.ok)
            .catch(() => false),
        { timeout: 180_000, intervals: [1000] },
      )
      .toBe(true);
    const context = await browser.newContext({ baseURL: `http://localhost:${port}` });
    const page = await context.newPage();
    await registerViewer(page, freshEmail('shorttrial'));
    await startTrial(page);
    await watchLiveMatch(page, { mostPlayLeft: true });
    await expectPlaying(page);

    const alert = page.getByRole('alert');
    await expect(
      alert.getByRole('heading', { name: "You've used today's trial time" }),
    ).toBeVisible({ timeout: 90_000 });
    await expect(video(page)).toHaveCount(0);
    await alert.getByRole('link', { name: 'Choose a plan' }).click();
    await expect(page).toHaveURL(/\/plans$/);
    await context.close();
  } finally {
    site.kill();
  }
});
