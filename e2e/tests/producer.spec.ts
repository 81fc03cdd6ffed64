import { expect, test } from '@playwright/test';
import { CONSENT_ACCEPTED } from '../support/consent';
import { RTMP_PUBLISH_URL, startEncoder } from '../support/live-ingest';
import type { Encoder } from '../support/live-ingest';
import { checkScreen, devAdmin, signInToConsole } from '../support/staff-console';

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
  const email = `producer-${run}@crease.test`;
  const password = 'producer-password-0123';
  await adminPage.getByLabel('Their email').fill(email);
  await adminPage.getByLabel('First password').fill(password);
  await adminPage.getByRole('radio', { name: /^Producer:/ }).check();
  await adminPage.getByRole('button', { name: 'Create staff member' }).click();
  const secret = (await adminPage.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await adminPage.getByRole('button', { name: 'I have handed these over' }).click();

  const context = await browser.newContext({
    storageState: CONSENT_ACCEPTED,
    timezoneId: 'Asia/Kolkata',
  });
  const page = await context.newPage();
  await signInToConsole(page, email, password, secret);
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav.getByRole('button')).toHaveText(['Channels', 'Schedule', 'Live']);

  // Schedule: a league, then a match on a channel of its own.
  const leagueId = `producer-cup-${run}`;
  const eventId = `owls-v-foxes-${run}`;
  const channelId = `ch-producer-${run}`;
  await nav.getByRole('button', { name: 'Schedule' }).click();
  await page.getByRole('button', { name: 'New league' }).click();
  await page.getByLabel('League id').fill(leagueId);
  await page.getByLabel('League name').fill(`Producer Cup ${run}`);
  await page.getByLabel('Description').fill('Scheduled in the console.');
  await page.getByRole('button', { name: 'Create league' }).click();
  await expect(page.getByText(`Producer Cup ${run} created.`)).toBeVisible();
  await page.getByRole('button', { name: 'New match' }).click();
  const form = page.getByRole('form', { name: 'New match' });
  await form.getByLabel('Match id').fill(eventId);
  await form.getByLabel('League').selectOption(leagueId);
  await form.getByLabel('Title').fill(`Owls v Foxes ${run}`);
  await form.getByLabel('Team name').nth(0).fill('Northern Owls');
  await form.getByLabel('Short name').nth(0).fill('NOW');
  await form.getByLabel('Team name').nth(1).fill('Southern Foxes');
  await form.getByLabel('Short name').nth(1).fill('SOF');
  await form.getByLabel('Venue name').fill('Headingley');
  await form.getByLabel('Venue city').fill('Leeds');
  await form.getByLabel('Venue country').fill('England');
  await form.getByLabel('Channel id').fill(channelId);
  await form.getByLabel(/^Start/).fill('2031-06-01T20:30');
  await form.getByLabel(/^Estimated end/).fill('2031-06-02T00:30');
  // The producer's browser is in Kolkata (the context's zone; Chromium's ICU names it by its
  // older name, Asia/Calcutta): their time, and UTC beside it.
  await expect(form.getByText(/20:30 Asia\/(Kolkata|Calcutta) · 15:00 UTC/)).toBeVisible();
  await checkScreen(page, 'schedule-new-match');
  await form.getByRole('button', { name: 'Schedule match' }).click();
  await expect(page.getByText(`Owls v Foxes ${run} is on the schedule.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Owls v Foxes ${run}` })).toContainText(
    'Scheduled',
  );
  await checkScreen(page, 'schedule');

  // Channels: the key, shown once with the encoder settings.
  await nav.getByRole('button', { name: 'Channels' }).click();
  await page.getByLabel('Channel id').fill(channelId);
  await page.getByRole('button', { name: 'Show keys' }).click();
  await page.getByRole('button', { name: 'New primary key' }).click();
  const settings = (await page.getByTestId('encoder-settings').textContent()) ?? '';
  const streamKey = /Stream key: (\S+)/.exec(settings)?.[1] ?? '';
  expect(streamKey.length).toBeGreaterThan(20);

  // Live: nothing connected yet, then the encoder's figures.
  await nav.getByRole('button', { name: 'Live' }).click();
  await page.getByLabel('Match').selectOption(eventId);
  const health = page.getByRole('region', { name: 'Ingest health' });
  await expect(health.getByText('No encoder connected', { exact: true })).toBeVisible();
  await checkScreen(page, 'live-empty');
  encoder = startEncoder(`${RTMP_PUBLISH_URL}/${streamKey}`);
  const figure = (title: string) => health.locator('figure').filter({ hasText: title });
  await expect(figure('Input bitrate').locator('strong')).toHaveText(/^\d+ kbit\/s$/, {
    timeout: 60_000,
  });
  await expect(figure('Keyframe interval').locator('strong')).toHaveText('2 s', {
    timeout: 30_000,
  });
  await expect(figure('Frame rate').locator('strong')).toHaveText(/^\d+(\.\d)? fps$/);
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
