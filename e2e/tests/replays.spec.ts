import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { changeMatchState, createTestMatch } from '../support/catalog-operator';
import { expectPlaying, signInDemo } from '../support/player-session';
import { signInToEvents } from '../support/viewer';

/**
 * Replays and spoilers on /events (decisions 226, 227), over the whole running site: a finished
 * match is offered as a replay with its scores and result hidden until the viewer asks, and a
 * live match the viewer watches behind live shows the score at the picture's time.
 */

const results = (page: Page) => page.getByRole('region', { name: /^Results/ });
const liveSection = (page: Page) => page.getByRole('region', { name: /^Live now/ });

test.use({ locale: 'en-GB', timezoneId: 'Europe/London' });

test('a finished match on /events is a replay: "Watch replay", the result hidden until asked', async ({
  page,
}) => {
  const { leagueId, eventId } = await createTestMatch({
    league: 'Replay League',
    title: 'Rewinders v Spoilers',
    teams: [
      ['Rewinders', 'REW'],
      ['Spoilers', 'SPO'],
    ],
    hours: [-5, -2],
  });
  await changeMatchState(eventId, {
    status: 'live',
    toss: { winner: 'REW', decision: 'bat' },
    innings: [{ team: 'REW', runs: 0, wickets: 0, overs: '0', declared: false }],
    eventStatus: 'live',
  });
  await changeMatchState(eventId, {
    status: 'completed',
    innings: [
      { team: 'REW', runs: 181, wickets: 6, overs: '20', declared: false },
      { team: 'SPO', runs: 176, wickets: 9, overs: '20', declared: false },
    ],
    result: 'Rewinders won by 5 runs',
    eventStatus: 'ended',
  });

  // Signed in as a device that may watch (the demo viewer's other devices signed out).
  await signInDemo(page);
  await page.goto(`/events?league=${leagueId}`);
  const card = results(page).getByRole('article', { name: 'Rewinders v Spoilers' });
  await expect(card.getByText('Result hidden')).toBeVisible({ timeout: 20_000 });
  await expect(
    card.getByRole('link', { name: 'Watch replay Rewinders v Spoilers' }),
  ).toHaveAttribute('href', `/player?event=${eventId}`);
  // Nothing on the card gives the match away: no result, no totals.
  await expect(card.getByText(/won by/)).toHaveCount(0);
  await expect(card.getByText('181/6')).toHaveCount(0);

  await card.getByRole('button', { name: 'Show result' }).click();
  await expect(card.getByText('Rewinders won by 5 runs')).toBeVisible();
  await expect(card.getByText('181/6')).toBeVisible();
  await card.getByRole('button', { name: 'Hide result' }).click();
  await expect(card.getByText(/won by/)).toHaveCount(0);

  // Marked live and ended together, never streamed: the replay is its scheduled time, played
  // from the start (decision 337), not an empty stream that has "ended".
  await card.getByRole('link', { name: 'Watch replay Rewinders v Spoilers' }).click();
  await expectPlaying(page);
  await expect(page.getByRole('heading', { name: 'This stream has ended' })).toHaveCount(0);
  const seek = page.getByRole('slider', { name: 'Seek' });
  // Five hours from the scheduled start to the end, the picture a few seconds into them.
  expect(Number(await seek.getAttribute('aria-valuemax'))).toBeGreaterThan(4.9 * 3600);
  expect(Number(await seek.getAttribute('aria-valuenow'))).toBeLessThan(60);
});

test('the rolling demo’s finished matches are replays too, their results hidden', async ({
  page,
}) => {
  await signInToEvents(page);
  const replay = results(page)
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: /^Watch replay / }) })
    .first();
  await expect(replay).toBeVisible({ timeout: 20_000 });
  await expect(replay.getByText('Result hidden')).toBeVisible();
  await expect(replay.getByText(/ won by |No result|Match tied/)).toHaveCount(0);
  await replay.getByRole('button', { name: 'Show result' }).click();
  await expect(replay.getByText(/ won by |No result|Match tied/)).toBeVisible();
});

test('behind live, the live match’s card shows the score at the picture time until asked', async ({
  page,
}) => {
  await signInToEvents(page);
  const live = liveSection(page).getByRole('article').first();
  await expect(live).toBeVisible({ timeout: 20_000 });
  const href = await live.getByRole('link', { name: /^Watch / }).getAttribute('href');
  const eventId = new URLSearchParams(href!.split('?')[1]).get('event')!;

  // What the player writes while the viewer watches ten minutes behind live.
  await page.evaluate(
    ([key, at]) => window.sessionStorage.setItem(key!, at!),
    [`crease.pictureTime.${eventId}`, new Date(Date.now() - 10 * 60_000).toISOString()],
  );
  await page.reload();
  // That match's card, wherever it now is: a stream going live meanwhile may come first.
  const behind = liveSection(page)
    .getByRole('article')
    .filter({ has: page.locator(`a[href*="event=${encodeURIComponent(eventId)}"]`) });
  await expect(
    behind.getByText(/You are watching behind live: the score as of \d\d:\d\d/),
  ).toBeVisible({
    timeout: 20_000,
  });
  await behind.getByRole('button', { name: 'Show live score' }).click();
  await expect(behind.getByText('Live score shown. You are watching behind live.')).toBeVisible();
});

test('"Watch replay" plays the finished match from its start, spoiler-free until revealed', async ({
  page,
}) => {
  await signInDemo(page);
  await page.goto('/events');
  // A match of the rolling demo (played ball by ball on the demo clock), not the operator's
  // Rewinders v Spoilers above, which was marked finished without being played.
  const replay = results(page)
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: /^Watch replay / }) })
    .filter({ hasNotText: 'Rewinders' })
    .first();
  // The grant says whether the stream is still on air (a just-finished match's wrap-up).
  const granted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/streams'),
  );
  await replay.getByRole('link', { name: /^Watch replay / }).click();
  const grant = (await (await granted).json()) as { eventStatus?: string };
  await expect(page).toHaveURL(/\/player\?event=/);
  await expectPlaying(page);
  await expect(page.getByRole('heading', { name: 'This stream has ended' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Spoiler-free', pressed: true })).toBeVisible();
  // A replay says so and never how far behind live it is (decision 413); only a just-finished
  // match still on air for its wrap-up keeps Go to live, its way to the presentation.
  await expect(page.getByTestId('player-stage').getByText('Replay', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Behind live by / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Go to live' })).toHaveCount(
    grant.eventStatus === 'live' ? 1 : 0,
  );
});
