import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/**
 * The producer's screens of the staff console (issue 33 §2), as producer.spec.ts and
 * match-day.spec.ts drive them: a league, a match on a channel, the channel's stream key, and the
 * Live screen's ingest health. The page is signed in as a producer (or an admin).
 */

export const consoleNav = (page: Page) => page.getByRole('navigation', { name: 'Console' });

/** Schedule › New league: made, and said so. */
export async function scheduleLeague(page: Page, leagueId: string, name: string) {
  await consoleNav(page).getByRole('button', { name: 'Schedule' }).click();
  await page.getByRole('button', { name: 'New league' }).click();
  await page.getByLabel('League id').fill(leagueId);
  await page.getByLabel('League name').fill(name);
  await page.getByLabel('Description').fill('Scheduled in the console.');
  // The Logo list is read from the API when the form opens and is required: pressed before it
  // has loaded, the browser's own validation stops the form without a word (seen on a busy
  // machine). A producer sees the list fill first.
  await expect(page.getByLabel('Logo').locator('option').first()).toBeAttached({
    timeout: 15_000,
  });
  await page.getByRole('button', { name: 'Create league' }).click();
  // A write through the API: on a busy machine it can take longer than the default 5 s.
  await expect(page.getByText(`${name} created.`)).toBeVisible({ timeout: 15_000 });
}

export interface NewMatch {
  eventId: string;
  leagueId: string;
  title: string;
  teams: [[string, string], [string, string]];
  channelId: string;
  /** `datetime-local` values, in the producer's browser's zone. */
  start: string;
  end: string;
}

/** Schedule › New match, filled in and not yet sent: the form, for the caller's checks. */
export async function fillNewMatch(page: Page, match: NewMatch): Promise<Locator> {
  await page.getByRole('button', { name: 'New match' }).click();
  const form = page.getByRole('form', { name: 'New match' });
  await form.getByLabel('Match id').fill(match.eventId);
  await form.getByLabel('League').selectOption(match.leagueId);
  await form.getByLabel('Title').fill(match.title);
  for (const side of [0, 1] as const) {
    await form.getByLabel('Team name').nth(side).fill(match.teams[side][0]);
    await form.getByLabel('Short name').nth(side).fill(match.teams[side][1]);
  }
  await form.getByLabel('Venue name').fill('Headingley');
  await form.getByLabel('Venue city').fill('Leeds');
  await form.getByLabel('Venue country').fill('England');
  await form.getByLabel('Channel id').fill(match.channelId);
  await form.getByLabel(/^Start/).fill(match.start);
  await form.getByLabel(/^Estimated end/).fill(match.end);
  return form;
}

/** Sends the filled New match form: the match is on the schedule, Scheduled. */
export async function submitNewMatch(page: Page, form: Locator, title: string) {
  await form.getByRole('button', { name: 'Schedule match' }).click();
  await expect(page.getByText(`${title} is on the schedule.`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Scheduled');
}

/** Channels › New primary key: the stream key, read from the encoder settings shown once. */
export async function newStreamKey(page: Page, channelId: string): Promise<string> {
  await consoleNav(page).getByRole('button', { name: 'Channels' }).click();
  await page.getByLabel('Channel id').fill(channelId);
  await page.getByRole('button', { name: 'Show keys' }).click();
  await page.getByRole('button', { name: 'New primary key' }).click();
  const settings = (await page.getByTestId('encoder-settings').textContent()) ?? '';
  const streamKey = /Stream key: (\S+)/.exec(settings)?.[1] ?? '';
  expect(streamKey.length).toBeGreaterThan(20);
  return streamKey;
}

/** The Live screen of a match: its Ingest health region. */
export async function openLive(page: Page, eventId: string): Promise<Locator> {
  await consoleNav(page).getByRole('button', { name: 'Live' }).click();
  await page.getByLabel('Match').selectOption(eventId);
  return page.getByRole('region', { name: 'Ingest health' });
}

/** One figure of the ingest health ("Input bitrate", "Viewers now"…): its newest value. */
export const healthFigure = (health: Locator, title: string) =>
  health.locator('figure').filter({ hasText: title }).locator('strong');
