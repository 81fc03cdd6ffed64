import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { catalogEventTimelinePath } from '@crease/contract';
import { seriousAxeViolations } from '../support/axe';
import { markerGroups, momentMarker, timelineMarkers } from '../support/key-moment-markers';
import { apiGet, expectPlaying, finishedReplays, signInDemo } from '../support/player-session';

/**
 * Key-moment markers on a whole match's seek bar (decision 336), on a phone and a laptop: markers
 * too close to draw apart share one that says how many and opens their list; none overlap; each
 * moment stays one named button away, and the list beside the player keeps them all.
 */

interface Entry {
  at: string;
  moment?: { kind: string; label: string } | null;
}

/** A finished demo match with the most key moments of the few most recent. */
async function busiestFinishedMatch(page: Page) {
  let best = { eventId: '', moments: [] as Entry[] };
  for (const eventId of (await finishedReplays(page)).slice(0, 5)) {
    const { entries } = await apiGet<{ entries: Entry[] }>(page, catalogEventTimelinePath(eventId));
    const moments = entries.filter((e) => e.moment);
    if (moments.length > best.moments.length) best = { eventId, moments };
  }
  expect(best.moments.length, 'a finished demo match with key moments').toBeGreaterThan(10);
  return best;
}

/** No two markers' boxes overlap along the bar. */
async function expectApart(page: Page) {
  const boxes = await timelineMarkers(page)
    .locator(':scope > li > button, :scope > li > div > button')
    .evaluateAll((buttons) =>
      buttons.map((b) => b.getBoundingClientRect()).map((r) => [r.left, r.right] as const),
    );
  boxes.sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < boxes.length; i++)
    expect(boxes[i]![0]).toBeGreaterThanOrEqual(boxes[i - 1]![1]);
  return boxes.length;
}

for (const { name, width, height } of [
  { name: 'phone', width: 360, height: 740 },
  { name: 'laptop', width: 1280, height: 800 },
]) {
  test(`on a ${name} (${width} px) close markers are grouped, none overlap, each moment is reachable`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    try {
      await signInDemo(page);
      const { eventId, moments } = await busiestFinishedMatch(page);
      await page.goto(`/player?event=${encodeURIComponent(eventId)}`);
      await expectPlaying(page);
      // A replay starts spoiler-free; the whole match's moments are what crowds the bar.
      await page.getByRole('button', { name: 'Spoiler-free', pressed: true }).click();
      // The list beside the player keeps every moment.
      await expect(
        page.getByRole('region', { name: 'Key moments' }).getByRole('listitem'),
      ).toHaveCount(moments.length);

      await expect(markerGroups(page).first()).toBeVisible();
      const drawn = await expectApart(page);
      expect(drawn).toBeLessThan(moments.length);
      // Every moment is on the bar once: alone, or counted in a group.
      const counted = await timelineMarkers(page)
        .locator(':scope > li')
        .evaluateAll((items) =>
          items.reduce(
            (n, li) =>
              n +
              (Number(
                // A group draws "×3" (decision 413).
                li
                  .querySelector('button[aria-expanded] > span[aria-hidden]')
                  ?.textContent?.replace('×', ''),
              ) || 1),
            0,
          ),
        );
      expect(counted).toBe(moments.length);

      // A group opens its list by keyboard, names each moment, and closes with Escape.
      const group = markerGroups(page).first();
      await group.focus();
      await page.keyboard.press('Enter');
      await expect(group).toHaveAttribute('aria-expanded', 'true');
      const list = page.locator(`#${await group.getAttribute('aria-controls')}`);
      await expect(list.getByRole('button').first()).toBeVisible();
      await page.screenshot({ path: `test-results/player-markers-${width}.png` });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.keyboard.press('Tab');
      await expect(list.getByRole('button').first()).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(group).toHaveAttribute('aria-expanded', 'false');
      await expect(group).toBeFocused();

      // The last wicket, from the bar (in its group if it has one): the picture goes there.
      const wicket = moments.filter((e) => e.moment!.kind === 'wicket').at(-1)!;
      const marker = await momentMarker(page, wicket.moment!.label);
      await marker.click();
      // It plays from 5 s before the wicket: the bar's clock (in the page's locale) is there.
      const near = await page.evaluate((at) => {
        const times: string[] = [];
        for (let ms = at - 6000; ms <= at + 20_000; ms += 1000)
          times.push(
            new Date(ms).toLocaleTimeString(undefined, {
              hour: '2-digit',
              minute: '2-digit',
              second: '2-digit',
            }),
          );
        return times;
      }, Date.parse(wicket.at));
      const seek = page.getByRole('slider', { name: 'Seek' });
      const shownAt = async () => (await seek.getAttribute('aria-valuetext'))?.split(',')[0] ?? '';
      await expect.poll(async () => near.includes(await shownAt()), { timeout: 15_000 }).toBe(true);
    } finally {
      await context.close();
    }
  });
}
