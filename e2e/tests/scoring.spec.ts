import type { EventTimeline } from '@crease/contract';
import { expect, test } from '@playwright/test';
import { createTestMatch } from '../support/catalog-operator';
import { CONSENT_ACCEPTED } from '../support/consent';
import { apiGet } from '../support/player-session';
import { signInToEvents } from '../support/viewer';
import {
  checkScreen,
  createStaffMember,
  devAdmin,
  signInToConsole,
} from '../support/staff-console';

/**
 * Issue 33 §3 in real Chromium: the development admin signs in with TOTP and creates a scorer,
 * who signs in with the secret shown once and scores an over of a match from the keyboard (a
 * four, a wide, a wicket), then a ball while the browser is offline: it waits in the local
 * queue and arrives once when the network is back. A viewer's timeline shows the score and the
 * key moments.
 */
test('a scorer scores an over with a wicket, a four and a wide, and a ball sent after an offline spell arrives once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { eventId } = await createTestMatch({
    league: 'Scoring',
    title: 'Owls v Foxes (scored)',
    teams: [
      ['Northern Owls', 'NOW'],
      ['Southern Foxes', 'SOF'],
    ],
    hours: [0.25, 4],
  });

  const admin = devAdmin();
  const adminContext = await browser.newContext({ storageState: CONSENT_ACCEPTED });
  const adminPage = await adminContext.newPage();
  await signInToConsole(adminPage, admin.email, admin.password, admin.secret);
  const scorer = await createStaffMember(
    adminPage,
    'Scorer',
    `scorer-${Date.now().toString(36)}@crease.test`,
  );

  const context = await browser.newContext({ storageState: CONSENT_ACCEPTED });
  const page = await context.newPage();
  await signInToConsole(page, scorer.email, scorer.password, scorer.secret);
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('button')).toHaveText([
    'Scoring',
  ]);
  await checkScreen(page, 'scoring-matches');
  await page.getByRole('button', { name: 'Score Owls v Foxes (scored)' }).click();
  await page.getByRole('button', { name: 'Start an innings' }).click();
  await page.getByLabel('Striker', { exact: true }).fill('Rahul');
  await page.getByLabel('Non-striker').fill('Gill');
  await page.getByLabel('Bowler').fill('Khan');
  await checkScreen(page, 'scoring-innings-form');
  await page.keyboard.press('Enter');
  const score = page.getByRole('region', { name: 'Score' });
  await expect(score).toContainText('NOW 0/0 (0)');

  // The over: a four, a wide, a single, a wicket (caught), two dots and two runs.
  await page.keyboard.press('4');
  await expect(score).toContainText('NOW 4/0 (0.1)');
  await page.keyboard.press('w');
  await expect(page.getByText(/Wide: press the runs/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(score).toContainText('NOW 5/0 (0.1)');
  await page.keyboard.press('1');
  await expect(score).toContainText('NOW 6/0 (0.2)');
  await page.keyboard.press('x');
  const wicket = page.getByRole('form', { name: 'Wicket' });
  await wicket.getByLabel('Fielder').fill('Smith');
  await wicket.getByLabel('New batter').fill('Kohli');
  await checkScreen(page, 'scoring-wicket-form');
  await wicket.getByLabel('New batter').press('Enter');
  await expect(score).toContainText('NOW 6/1 (0.3)');
  for (const key of ['0', '0', '2']) await page.keyboard.press(key);
  await expect(score).toContainText('NOW 8/1 (1)');
  await expect(page.getByText('The over is bowled: press O')).toBeVisible();
  await page.keyboard.press('o');
  await page.getByLabel('Next bowler').fill('Starc');
  await page.getByLabel('Next bowler').press('Enter');
  await expect(score).toContainText('Starc');
  await expect(page.getByText(/behind live/)).toBeVisible();
  await checkScreen(page, 'scoring-over');

  // Offline: the ball waits in the queue, then arrives once.
  await context.setOffline(true);
  await page.keyboard.press('6');
  await expect(page.getByText('1 ball waiting to send: 6')).toBeVisible();
  await checkScreen(page, 'scoring-offline');
  await context.setOffline(false);
  await expect(page.getByText('Every ball is sent.')).toBeVisible({ timeout: 15_000 });
  await expect(score).toContainText('NOW 14/1 (1.1)');

  // A viewer reads the match's timeline: the score and the key moments, each once.
  const viewerContext = await browser.newContext({ storageState: CONSENT_ACCEPTED });
  const viewer = await viewerContext.newPage();
  await signInToEvents(viewer);
  const timeline = await apiGet<EventTimeline>(viewer, `api/v1/events/${eventId}/timeline`);
  expect(timeline.entries.at(-1)?.state.scoreSummary).toBe('NOW 14/1 (1.1)');
  expect(timeline.entries.flatMap((e) => (e.moment ? [e.moment.kind] : []))).toEqual([
    'four',
    'wicket',
    'six',
  ]);
  await Promise.all([context.close(), viewerContext.close(), adminContext.close()]);
});
