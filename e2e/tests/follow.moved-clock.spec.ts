import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createEvent, createLeague } from '../support/catalog-operator';
import { seriousAxeViolations } from '../support/axe';
import { advanceApiClock, apiNow, devOutbox } from '../support/dev-api';
import { confirmEmail, registerViewer } from '../support/viewer';

/**
 * Issue 23 §1 over the whole running site: a new viewer follows a team on /events, its match
 * moves to the top; they ask for reminders; the API's clock is moved to the matches' start
 * (the development clock route) and the reminder emails arrive in the outbox (decision 275).
 */
test.use({ locale: 'en-GB', timezoneId: 'Europe/London' });

const MINUTE = 60_000;
const run = Date.now().toString(36);
const team = (name: string, shortName: string, primary: string) => ({
  name: `${name} ${run}`,
  shortName,
  colours: { primary, secondary: '#ffffff' },
});
const OTTERS = team('Oxford Otters', 'OXO', '#1d4ed8');
const WRENS = team('Wells Wrens', 'WEW', '#16a34a');
const HAWKS = team('Hove Hawks', 'HOH', '#dc2626');
const KITES = team('Kent Kites', 'KEK', '#9333ea');
const leagueId = `follow-cup-${run}`;

const upcomingTitles = (page: Page) =>
  page
    .getByRole('region', { name: /^Coming up/ })
    .getByRole('heading', { level: 3 })
    .allTextContents();

test('follow a team: its match comes first; on a moved clock the reminder emails arrive', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Fixtures a few minutes ahead of the API's own clock: Hawks v Kites first, then Otters v Wrens.
  const now = await apiNow();
  const at = (minutes: number) => new Date(now + minutes * MINUTE).toISOString();
  await createLeague({
    leagueId,
    caption: `Follow Cup ${run}`,
    description: 'Fixtures for the follow test.',
    logo: 'crease-premier-league',
    logoAltText: 'Follow Cup logo',
    application: 'live',
    status: 'in_progress',
    active: true,
  });
  const fixture = (eventId: string, teams: [typeof OTTERS, typeof OTTERS], start: number) =>
    createEvent({
      eventId,
      leagueId,
      title: `${teams[0].name} v ${teams[1].name}`,
      teams,
      venue: { name: 'Parks Ground', city: 'Oxford', country: 'England' },
      format: 't20',
      startTime: at(start),
      estimatedEnd: at(start + 180),
      channelId: `ch-${eventId}`,
    });
  await fixture(`${leagueId}-hawks`, [HAWKS, KITES], 3);
  await fixture(`${leagueId}-otters`, [OTTERS, WRENS], 4);
  const ottersMatch = `${OTTERS.name} v ${WRENS.name}`;
  const hawksMatch = `${HAWKS.name} v ${KITES.name}`;

  const email = await registerViewer(page);
  // Reminders go only to a confirmed address (decision 405).
  await confirmEmail(page, email);
  await page.goto(`/events?league=${leagueId}`);
  await expect
    .poll(() => upcomingTitles(page), { timeout: 20_000 })
    .toEqual([hawksMatch, ottersMatch]);

  // Follow the Otters from their match's card: that match now comes first.
  await page.getByRole('button', { name: `Follow ${OTTERS.name}` }).click();
  await expect(
    page.getByRole('button', { name: `Follow ${OTTERS.name}`, pressed: true }),
  ).toBeVisible();
  await expect.poll(() => upcomingTitles(page)).toEqual([ottersMatch, hawksMatch]);

  // "Following" narrows the board to followed matches, and the URL says so.
  await page.getByRole('button', { name: 'Following', pressed: false }).click();
  await expect(page).toHaveURL(new RegExp(`/events\\?league=${leagueId}&following=1$`));
  await expect.poll(() => upcomingTitles(page)).toEqual([ottersMatch]);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Following', pressed: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect.poll(() => upcomingTitles(page)).toEqual([ottersMatch]);
  await page.getByRole('button', { name: 'Following', pressed: true }).click();

  // From a match page too: following the Hawks there lists their match under "Following".
  await page.goto(`/player?event=${leagueId}-hawks`);
  await expect(page.getByRole('heading', { level: 1, name: hawksMatch })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('button', { name: `Follow ${HAWKS.name}`, pressed: false }).click();
  await expect(
    page.getByRole('button', { name: `Follow ${HAWKS.name}`, pressed: true }),
  ).toBeVisible();
  await page.goto(`/events?league=${leagueId}&following=1`);
  await expect
    .poll(() => upcomingTitles(page), { timeout: 20_000 })
    .toEqual([hawksMatch, ottersMatch]);
  await page.getByRole('button', { name: 'Following', pressed: true }).click();

  // Reminders: every followed team's match (opt-in), and "Remind me" on the other one.
  const optIn = page.getByRole('checkbox', {
    name: 'Email me when a team I follow starts a match',
  });
  // Reminders go when the match starts here (15 minutes before until chosen: decision 419),
  // saved before anything is asked for, so no reminder goes out at another lead meanwhile.
  const lead = page.getByRole('combobox', { name: 'Send my reminders' });
  await Promise.all([
    page.waitForResponse(
      (r) => r.url().includes('/api/v1/follows/settings') && r.request().method() === 'PUT',
    ),
    lead.selectOption({ label: 'when it starts' }),
  ]);
  await expect(lead).toHaveValue('0');
  await optIn.click();
  await expect(optIn).toBeChecked();
  await page.getByRole('button', { name: `Remind me about ${hawksMatch}` }).click();
  await expect(
    page.getByRole('button', { name: `Remind me about ${hawksMatch}`, pressed: true }),
  ).toBeVisible();
  // The calendar file is one click away, on the API host.
  await expect(
    page.getByRole('link', { name: `Add to calendar for ${ottersMatch}` }),
  ).toHaveAttribute('href', new RegExp(`/api/v1/events/${leagueId}-otters/calendar\\.ics$`));
  // Only reminders count here: the address's confirmation mail is in the outbox too (decision 405).
  const reminders = async () =>
    (await devOutbox(email)).filter((mail) => mail.subject.startsWith('Starting now'));
  expect(await reminders()).toEqual([]);
  // The new controls keep the page accessible, wide and at phone width.
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Five minutes later by the API's clock both matches have started: one email each, once.
  await advanceApiClock(5 * 60);
  await expect
    .poll(async () => (await reminders()).map((mail) => mail.subject).sort(), {
      timeout: 30_000,
    })
    .toEqual([`Starting now: ${hawksMatch}`, `Starting now: ${ottersMatch}`].sort());
  const mail = (await reminders()).find((m) => m.subject.includes(ottersMatch))!;
  expect(mail.links[0]).toMatch(new RegExp(`/player\\?event=${leagueId}-otters$`));
  // Later passes (every 2 s here) send nothing more.
  await page.waitForTimeout(5_000);
  expect(await reminders()).toHaveLength(2);
});
