import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousAxeViolations, WCAG22_TAGS } from '../support/axe';
import { expectPlaying, signInDemo, watchLiveMatch } from '../support/player-session';

/**
 * WCAG 2.2 AA, the criteria it added (issue 34 §6, decision 424), on the pages a visitor and a
 * viewer use, at a phone's 360 px and a laptop's 1280 px:
 * - "Focus not obscured" (2.4.11): tabbing forward and back through the page, no focused control
 *   is hidden under the sticky header or the cookie banner. A visitor in London sees the banner
 *   (no consent cookie), which is the case that hid the player's controls before.
 * - "Target size (minimum)" (2.5.8): axe's target-size rule, with the 2.1 rules, on each page.
 * - "Accessible authentication" (3.3.8): sign-in fields a password manager can fill, pasting
 *   allowed, and no puzzle (the bot check is a proof of work the browser solves alone).
 * - "Consistent help" (3.2.6): the footer's help links in the same order on every page.
 */
test.use({
  storageState: { cookies: [], origins: [] },
  locale: 'en-GB',
  timezoneId: 'Europe/London',
});

interface HiddenFocus {
  control: string;
  top: number;
}

/**
 * Presses Tab `forward` times, then Shift+Tab `back` times, and lists each focused control that
 * nothing of shows: all of its centre and four inner corners lie under another element.
 */
async function focusHiddenWhileTabbing(page: Page, forward = 40, back = 15) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const hidden: HiddenFocus[] = [];
  const presses = [...Array<string>(forward).fill('Tab'), ...Array<string>(back).fill('Shift+Tab')];
  for (const key of presses) {
    await page.keyboard.press(key);
    const seen = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      if (!focused || focused === document.body) return null;
      // A control in a row that scrolls sideways (the phone's league filter) is left out: with
      // more leagues than fit, CI saw the last chips reported hidden, which this check does not
      // yet tell apart from the row's own clipping (decision 424, Consequences: open).
      for (let box = focused.parentElement; box; box = box.parentElement) {
        const overflow = getComputedStyle(box).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && box.scrollWidth > box.clientWidth)
          return null;
      }
      const box = focused.getBoundingClientRect();
      const points: [number, number][] = [
        [0.5, 0.5],
        [0.1, 0.1],
        [0.9, 0.1],
        [0.1, 0.9],
        [0.9, 0.9],
      ];
      const shows = points.some(([x, y]) => {
        const hit = document.elementFromPoint(box.left + box.width * x, box.top + box.height * y);
        return !!hit && (focused.contains(hit) || hit.contains(focused));
      });
      const control = (focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim();
      return shows ? null : { control: control.slice(0, 40), top: Math.round(box.top) };
    });
    if (seen) hidden.push(seen);
  }
  return hidden;
}

/** The footer's links, in order: the help a page offers (3.2.6 asks for the same order). */
const footerLinks = (page: Page) =>
  page.getByRole('contentinfo').getByRole('link').allTextContents();

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on Crease' });

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('signed out: nothing focused hides under the header or the cookie banner; 2.2 axe-clean; the same help on every page', async ({
      page,
    }) => {
      const footers: string[][] = [];
      for (const path of ['/', '/register', '/signin', '/privacy-policy', '/accessibility']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(banner(page)).toBeVisible();
        expect(await seriousAxeViolations(page, WCAG22_TAGS), path).toEqual([]);
        expect(await focusHiddenWhileTabbing(page), path).toEqual([]);
        footers.push(await footerLinks(page));
      }
      expect(footers[0]!.length).toBeGreaterThan(0);
      for (const links of footers) expect(links).toEqual(footers[0]);

      // Accessible authentication: the fields say what they hold, so a password manager fills
      // them, and nothing cancels a paste into the password.
      await page.goto('/signin');
      const email = page.getByRole('textbox', { name: 'Email' });
      const password = page.getByLabel('Password', { exact: true });
      await expect(email).toHaveAttribute('autocomplete', /^(email|username)$/);
      await expect(password).toHaveAttribute('autocomplete', 'current-password');
      const pasteAllowed = await password.evaluate((field) => {
        const data = new DataTransfer();
        data.setData('text/plain', 'pasted secret');
        // dispatchEvent answers false when a listener cancelled the event.
        return field.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        );
      });
      expect(pasteAllowed).toBe(true);
    });

    test('signed in: plans, account, payments, events and the player keep focused controls in sight with the banner up', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      await signInDemo(page);
      const footers: string[][] = [];
      for (const path of ['/plans', '/account', '/payment-history', '/events']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(banner(page)).toBeVisible();
        expect(await seriousAxeViolations(page, WCAG22_TAGS), path).toEqual([]);
        expect(await focusHiddenWhileTabbing(page), path).toEqual([]);
        footers.push(await footerLinks(page));
      }
      for (const links of footers) expect(links).toEqual(footers[0]);

      await watchLiveMatch(page);
      await expectPlaying(page);
      expect(await seriousAxeViolations(page, WCAG22_TAGS), '/player').toEqual([]);
      expect(await focusHiddenWhileTabbing(page), '/player').toEqual([]);

      // Once chosen, the banner gives its room back.
      await banner(page).getByRole('button', { name: 'Reject all' }).click();
      await expect(banner(page)).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.style.scrollPaddingBottom)).toBe(
        '',
      );
    });
  });
}
