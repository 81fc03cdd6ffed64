import { expect, test } from '@playwright/test';
import { CONSENT_ACCEPTED } from '../support/consent';
import { RTMP_PUBLISH_URL, startEncoder } from '../support/live-ingest';
import type { Encoder } from '../support/live-ingest';
import {
  fillNewMatch,
  healthFigure,
  newStreamKey,
  openLive,
  scheduleLeague,
  submitNewMatch,
} from '../support/producer-console';
import {
  checkScreen,
  createStaffMember,
  devAdmin,
  signInToConsole,
} from '../support/staff-console';

/**
 * Issue 33 §2 in real Chromium: the development admin signs in with TOTP and makes a producer;
 * the producer schedules a league and a match (the start in their zone, UTC beside it), makes
 * the channel's stream key, and with no encoder the Live screen says so; an ffmpeg test encoder
 * publishes RTMP to the site's ingest and the health figures appear, measured from the feed;
 * the slate goes up by hand and comes down; the match goes live; ending asks first, then ends.
 */
let encoder: Encoder | null = null;
test.afterAll(() => {
  encoder?.kill('SIGKILL');
});

test('a producer schedules a match, sees the ingest health move, goes live and ends it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const admin = devAdmin();
  const adminContext = await browser.newContext({ storageState: CONSENT_ACCEPTED });
  const adminPage = await adminContext.newPage();
  await signInToConsole(adminPage, admin.email, admin.password, admin.secret);
  const producer = await createStaffMember(adminPage, 'Producer', `producer-${run}@crease.test`);

  const context = await browser.newContext({
    storageState: CONSENT_ACCEPTED,
    timezoneId: 'Asia/Kolkata',
  });
  const page = await context.newPage();
  await signInToConsole(page, producer.email, producer.password, producer.secret);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('button')).toHaveText(['Channels', 'Schedule', 'Live']);

  // Schedule: a league, then a match on a channel of its own.
  const leagueId = `producer-cup-${run}`;
  const eventId = `owls-v-foxes-${run}`;
  const channelId = `ch-producer-${run}`;
  await scheduleLeague(page, leagueId, `Producer Cup ${run}`);
  const title = `Owls v Foxes ${run}`;
  const form = await fillNewMatch(page, {
    eventId,
    leagueId,
    title,
    teams: [
      ['Northern Owls', 'NOW'],
      ['Southern Foxes', 'SOF'],
    ],
    channelId,
    start: '2031-06-01T20:30',
    end: '2031-06-02T00:30',
  });
  // The producer's browser is in Kolkata (the context's zone; Chromium's ICU names it by its
  // older name, Asia/Calcutta): their time, and UTC beside it.
  await expect(form.getByText(/20:30 Asia\/(Kolkata|Calcutta) · 15:00 UTC/)).toBeVisible();
  await checkScreen(page, 'schedule-new-match');
  await submitNewMatch(page, form, title);
  await checkScreen(page, 'schedule');

  // Channels: the key, shown once with the encoder settings.
  const streamKey = await newStreamKey(page, channelId);

  // Live: nothing connected yet, then the encoder's figures.
  const health = await openLive(page, eventId);
  await expect(health.getByText('No encoder connected', { exact: true })).toBeVisible();
  await checkScreen(page, 'live-empty');
  encoder = startEncoder(`${RTMP_PUBLISH_URL}/${streamKey}`);
  await expect(healthFigure(health, 'Input bitrate')).toHaveText(/^\d+ kbit\/s$/, {
    timeout: 60_000,
  });
  await expect(healthFigure(health, 'Keyframe interval')).toHaveText('2 s', {
    timeout: 30_000,
  });
  await expect(healthFigure(health, 'Frame rate')).toHaveText(/^\d+(\.\d)? fps$/);
  // Each figure is charted too (uPlot draws into a canvas of the chart's size).
  const bitrateChart = health
    .locator('figure')
    .filter({ hasText: 'Input bitrate' })
    .locator('canvas');
  await expect(bitrateChart).toHaveCount(1);
  expect((await bitrateChart.boundingBox())?.height).toBeGreaterThan(50);
  await expect(health.getByText('Primary input', { exact: true })).toBeVisible({ timeout: 30_000 });
  await checkScreen(page, 'live-health');

  // The slate by hand, and back.
  await page.getByRole('button', { name: 'Put up the slate' }).click();
  await expect(page.getByText('The slate is on air.')).toBeVisible();
  await expect(health.getByText('The slate', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Take the slate down' }).click();
  await expect(health.getByText('Primary input', { exact: true })).toBeVisible({ timeout: 30_000 });

  // Go live; ending asks first.
  await page.getByRole('button', { name: 'Go live' }).click();
  await expect(page.getByText(`Owls v Foxes ${run} is live.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Live now' })).toBeDisabled();
  await page.getByRole('button', { name: 'End the stream…' }).click();
  const confirm = page.getByRole('form', { name: 'End the stream' });
  await confirm.getByLabel('Result').fill('Northern Owls won by 4 runs');
  await checkScreen(page, 'live-end-confirm');
  await confirm.getByRole('button', { name: 'End the stream now' }).click();
  await expect(page.getByText(`Owls v Foxes ${run} has ended.`)).toBeVisible();
  await checkScreen(page, 'live-ended');
  await Promise.all([context.close(), adminContext.close()]);
});
