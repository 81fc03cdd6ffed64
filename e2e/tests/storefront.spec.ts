import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from '../support/axe';
import { CARDS, payByCard } from '../support/billing';
import { VIEWER_PASSWORD, freshEmail } from '../support/viewer';

/**
 * Issue 22 §3: a signed-out visitor reads what is live, the next fixtures (in the browser's own
 * time zone) and the plans with prices on /, from the public storefront read, and buys from there:
 * "Choose" goes through /register straight to that plan's payment; "Watch" through /register back
 * to that match. The browser runs far from UTC, so a time shown in UTC would read differently.
 */
const TIME_ZONE = 'Asia/Kolkata';
test.use({ timezoneId: TIME_ZONE, locale: 'en-GB' });

async function signUp(page: Page) {
  await expect(page).toHaveURL(/\/register\?returnTo=/);
  await page.getByRole('textbox', { name: 'Email' }).fill(freshEmail('storefront'));
  await page.getByLabel('Password', { exact: true }).fill(VIEWER_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

test('a visitor reads live now, the fixtures and the prices on /, then buys Monthly from there', async ({
  page,
}) => {
  const storefrontReads: { auth: string | undefined; status: number }[] = [];
  page.on('response', (response) => {
    // With the browser's region guess (en-GB: GB, decision 421).
    if (new URL(response.url()).pathname === '/api/v1/storefront')
      storefrontReads.push({
        auth: response.request().headers().authorization,
        status: response.status(),
      });
  });
  await page.goto('/');

  const live = page.getByRole('region', { name: 'Live now' });
  await expect(live.getByRole('link', { name: /^Watch / }).first()).toBeVisible();
  const next = page.getByRole('region', { name: 'Coming up' });
  const firstFixture = next.locator('time').first();
  await expect(firstFixture).toBeVisible();
  // The fixture's instant, written as the visitor's clock reads it.
  const instant = await firstFixture.getAttribute('datetime');
  const local = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  }).format(new Date(instant ?? ''));
  await expect(firstFixture).toHaveText(local);

  const plans = page.getByRole('region', { name: 'Plans and prices' });
  const monthly = plans.getByRole('listitem').filter({ hasText: 'Monthly' });
  // en-GB: the UK's guess, so pounds (decision 421).
  await expect(monthly).toContainText('£7.99');
  await expect(monthly).toContainText('renews until you cancel');
  await expect(plans.getByRole('listitem').filter({ hasText: 'Match Pass' })).toContainText(
    'paid once, never renews',
  );
  await expect(plans).toContainText('Free trial: 7 days');
  expect(await seriousAxeViolations(page)).toEqual([]);
  // Read without a token, and the page stayed public.
  expect(storefrontReads).toEqual([{ auth: undefined, status: 200 }]);

  await plans.getByRole('link', { name: 'Choose Monthly' }).click();
  await signUp(page);

  await expect(page).toHaveURL(/\/payment-process\?planId=monthly$/, { timeout: 30_000 });
  await expect(page.getByText('Monthly').first()).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/secure-payment\?session=/);
  await payByCard(page, CARDS.success);
  await expect(page).toHaveURL(/\/payment-success\?checkout=/, { timeout: 30_000 });
  await expect(page.getByText('Monthly is active')).toBeVisible();
});

test('"Watch" on a live match signs the visitor up and brings them back to that match', async ({
  page,
}) => {
  await page.goto('/');
  const watch = page
    .getByRole('region', { name: 'Live now' })
    .getByRole('link', { name: /^Watch / })
    .first();
  const href = await watch.getAttribute('href');
  const matchPath = new URL(href ?? '', 'http://x').searchParams.get('returnTo');
  expect(matchPath).toMatch(/^\/player\?event=/);
  await watch.click();
  await signUp(page);

  await expect(page).toHaveURL(new RegExp(`${matchPath?.replace(/[?]/g, '\\?')}$`), {
    timeout: 30_000,
  });
});

test('a signed-in viewer opening / is still sent on as the spec says, not shown the storefront', async ({
  page,
}) => {
  await page.goto('/');
  await page
    .getByRole('region', { name: 'Plans and prices' })
    .getByRole('link', { name: 'Choose Match Pass' })
    .click();
  await signUp(page);
  await expect(page).toHaveURL(/\/payment-process\?planId=match-pass$/, { timeout: 30_000 });
  await page.goto('/');
  await expect(page).toHaveURL(/\/events$/);
  // Signed out, / is the storefront again and a protected route still asks for sign-in.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('region', { name: 'Plans and prices' })).toBeVisible();
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/signin\?returnTo=%2Fplans$/);
});

test('at 360 px the storefront fits the screen and stays axe-clean', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(
    page
      .getByRole('region', { name: 'Plans and prices' })
      .getByRole('link', { name: 'Choose Annual' }),
  ).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  expect(await seriousAxeViolations(page)).toEqual([]);
});

for (const width of [360, 1280]) {
  test(`at ${width} px every match on / shows both teams' crests beside their names`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    for (const name of ['Live now', 'Coming up']) {
      const rows = page.getByRole('region', { name }).getByRole('listitem');
      await expect(rows.first()).toBeVisible();
      for (const row of await rows.all()) {
        const crests = row.locator('svg[data-crest]');
        await expect(crests).toHaveCount(2);
        // Each crest is drawn (a real size on screen) and names a side of the match in the row.
        for (const crest of await crests.all()) {
          const box = await crest.boundingBox();
          expect(box?.height).toBeGreaterThanOrEqual(24);
          const shortName = (await crest.getAttribute('data-crest')) ?? '';
          await expect(crest.locator('text')).toHaveText(shortName);
          expect(shortName).toMatch(/^[A-Z]{2,4}$/);
        }
        // Beside the names: level with the first line of the teams' text.
        const [crestBox, nameBox] = [
          await crests.first().boundingBox(),
          await row.locator('strong').boundingBox(),
        ];
        expect(crestBox!.x).toBeLessThan(nameBox!.x);
        expect(Math.abs(crestBox!.y - nameBox!.y)).toBeLessThan(crestBox!.height);
      }
    }
  });
}
