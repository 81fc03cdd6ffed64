import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { changeMatchState, createTestMatch } from '../support/catalog-operator';
import { signInToEvents } from '../support/viewer';

/**
 * /events over the whole running site: the demo viewer signs in and lands on mf-catalog's screen,
 * fed by the real catalog API and its rolling demo schedule (there is always a live match).
 */
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const liveSection = (page: Page) => page.getByRole('region', { name: /^Live now/ });
const upcomingSection = (page: Page) => page.getByRole('region', { name: /^Coming up/ });

test.use({ locale: 'en-GB', timezoneId: 'Europe/London' });

test('signing in lands on /events: the live match first, and a league filter kept in the URL', async ({
  page,
}) => {
  await signInToEvents(page);

  const live = liveSection(page).getByRole('article').first();
  await expect(live).toBeVisible({ timeout: 20_000 });
  await expect(live.getByText('Live', { exact: true })).toBeVisible();
  await expect(live.getByRole('link', { name: /^Watch / })).toHaveAttribute(
    'href',
    /^\/player\?event=[a-z0-9-]+$/,
  );
  // Live comes before upcoming and results on the page.
  const order = await page
    .getByRole('heading', { level: 2 })
    .evaluateAll((headings) => headings.map((h) => h.textContent ?? ''));
  expect(order.slice(0, 3).map((text) => text.replace(/\s*\d+$/, ''))).toEqual([
    'Live now',
    'Coming up',
    'Results',
  ]);

  // Filter by the live match's league: a link, so the URL says which league.
  const title = await live.getByRole('heading', { level: 3 }).textContent();
  const watchHref = await live.getByRole('link', { name: /^Watch / }).getAttribute('href');
  const leagues = page.getByRole('navigation', { name: 'Leagues' });
  // In the all-leagues view each card names its league; pick the live match's.
  let chosen: string | null = null;
  for (const text of (await leagues.getByRole('link').allTextContents()).slice(1)) {
    if ((await live.getByText(text, { exact: true }).count()) > 0) chosen = text;
  }
  expect(chosen).toBeTruthy();
  await leagues.getByRole('link', { name: chosen! }).click();

  await expect(page).toHaveURL(/\/events\?league=[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen!);
  await expect(leagues.getByRole('link', { name: chosen! })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(liveSection(page).getByRole('heading', { level: 3, name: title! })).toBeVisible();
  const filteredUrl = page.url();

  // The link works on its own: a fresh load of it shows the same league.
  await page.goto(filteredUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen!, { timeout: 20_000 });
  await expect(liveSection(page).getByRole('link', { name: `Watch ${title}` })).toHaveAttribute(
    'href',
    watchHref!,
  );

  // And back to every league.
  await leagues.getByRole('link', { name: 'All leagues' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Matches');
});

/** Signs in a fresh browser context in the zone and reads the first upcoming match's start. */
async function upcomingIn(browser: Browser, timezoneId: string, title?: string) {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId });
  const page = await context.newPage();
  await signInToEvents(page);
  const cards = upcomingSection(page).getByRole('article');
  await expect(cards.first()).toBeVisible({ timeout: 20_000 });
  const card = title
    ? upcomingSection(page).getByRole('article', { name: title, exact: true }).first()
    : cards.first();
  const time = card.locator('time');
  const result = {
    title: (await card.getByRole('heading', { level: 3 }).textContent()) ?? '',
    iso: (await time.getAttribute('datetime')) ?? '',
    text: (await time.textContent()) ?? '',
  };
  await context.close();
  return result;
}

const clockOf = (text: string) => /\b(\d{2}):(\d{2})\b/.exec(text);

/** The zone's offset from UTC at that instant, in minutes ("GMT+05:30" → 330, "GMT" → 0). */
function utcOffsetMinutes(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')!.value;
  const offset = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!offset) return 0;
  const sign = offset[1] === '-' ? -1 : 1;
  return sign * (Number(offset[2]) * 60 + Number(offset[3]));
}

/** The zone's short label at that instant in en-GB, as the page writes it ("GMT" or "BST"). */
function shortZoneName(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')!.value;
}

test('an upcoming match shows its start in the viewer’s own time zone', async ({ browser }) => {
  const kolkata = await upcomingIn(browser, 'Asia/Kolkata');
  const london = await upcomingIn(browser, 'Europe/London', kolkata.title);

  // The same instant…
  expect(london.iso).toBe(kolkata.iso);
  // …written as each zone's clock time. The expected gap and labels come from the zones' rules at
  // that instant, never from today's date: London is GMT in winter and BST in summer (a 330 or
  // 270 minute gap to Kolkata), so a fixed 330 would fail from the last Sunday of March.
  const start = new Date(kolkata.iso);
  const inZone = (timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(
      start,
    );
  expect(clockOf(kolkata.text)?.[0]).toBe(inZone('Asia/Kolkata'));
  expect(clockOf(london.text)?.[0]).toBe(inZone('Europe/London'));
  const minutes = (match: RegExpExecArray | null) => Number(match![1]) * 60 + Number(match![2]);
  const expectedGap =
    (utcOffsetMinutes('Asia/Kolkata', start) - utcOffsetMinutes('Europe/London', start) + 1440) %
    1440;
  expect([330, 270]).toContain(expectedGap);
  expect((minutes(clockOf(kolkata.text)) - minutes(clockOf(london.text)) + 1440) % 1440).toBe(
    expectedGap,
  );
  expect(kolkata.text).toMatch(/GMT\+5:30|IST/);
  expect(london.text).toContain(shortZoneName('Europe/London', start));
});

test('an operator moves a live match to a rain delay and the open page shows it within 10 s', async ({
  page,
}) => {
  const { leagueId, eventId } = await createTestMatch({
    league: 'E2E League',
    title: 'Operators XI v Testers XI',
    teams: [
      ['Operators XI', 'OPS'],
      ['Testers XI', 'TST'],
    ],
    hours: [-1, 3],
  });
  await changeMatchState(eventId, {
    status: 'live',
    playState: 'in_play',
    toss: { winner: 'OPS', decision: 'bat' },
    innings: [{ team: 'OPS', runs: 96, wickets: 2, overs: '11.3', declared: false }],
    eventStatus: 'live',
  });

  await signInToEvents(page);
  await page.goto(`/events?league=${leagueId}`);
  const card = liveSection(page).getByRole('article', { name: 'Operators XI v Testers XI' });
  await expect(card.getByText('In play')).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText('Operators XI batting')).toBeVisible();

  await changeMatchState(eventId, { playState: 'rain_delay' });

  // The page is left alone: no reload, no navigation. Its poll brings the change.
  await expect(card.getByText('Rain delay')).toBeVisible({ timeout: 10_000 });
  await expect(card.getByText('In play')).toHaveCount(0);
  await expect(card.getByText('96/2')).toBeVisible();

  // Not left "Live now" for the rest of the run, where other specs look for live matches.
  await changeMatchState(eventId, {
    status: 'completed',
    result: 'Operators XI won by 4 runs',
    eventStatus: 'ended',
  });
});

test('the events screen has no serious axe violations and works by keyboard, at 360 px and wide', async ({
  page,
}) => {
  await signInToEvents(page);
  await expect(liveSection(page).getByRole('article').first()).toBeVisible({ timeout: 20_000 });

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Evaluated through the DevTools protocol, which the page's CSP does not govern.
    await page.evaluate(AXE);
    const { violations, passes } = await page.evaluate(async () => {
      type Result = { id: string; impact: string | null; nodes: { target: string[] }[] };
      const { axe } = window as unknown as {
        axe: { run(): Promise<{ violations: Result[]; passes: Result[] }> };
      };
      const result = await axe.run();
      return {
        violations: result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        passes: result.passes.map((p) => p.id),
      };
    });
    // axe really looked at the page (contrast, names, landmarks…)…
    expect(passes).toEqual(expect.arrayContaining(['color-contrast', 'link-name', 'image-alt']));
    // …and found nothing serious.
    expect(violations, `at ${width} px`).toEqual([]);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }

  // Keyboard: Tab reaches the league filter, Enter follows it.
  const firstLeague = page.getByRole('navigation', { name: 'Leagues' }).getByRole('link').nth(1);
  const caption = (await firstLeague.textContent()) ?? '';
  for (
    let i = 0;
    i < 30 && !(await firstLeague.evaluate((el) => el === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(firstLeague).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(caption);
});
