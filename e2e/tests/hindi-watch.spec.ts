import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { seriousAxeViolations, WCAG22_TAGS } from '../support/axe';
import { languageChosen } from '../support/language';
import { expectPlaying, signInDemo, video, watchLiveMatch } from '../support/player-session';
import type { SiteWords } from '../support/player-session';

/**
 * Issue 34 §4, the journey once in Hindi: a viewer in India who chose हिन्दी in the footer on an
 * earlier visit (localStorage; the demo account itself saves no language, so the English specs
 * that share it stay English) signs in, reads /events in Hindi (sections, the live card's play
 * state, Watch named with its match), presses Watch and the picture plays with the player's
 * controls named in Hindi. axe (WCAG 2.2 AA) finds nothing serious at 360 px and 1280 px.
 */
test.use({ locale: 'hi-IN', timezoneId: 'Asia/Kolkata', storageState: languageChosen('hi') });

const HINDI: SiteWords = {
  email: 'ईमेल',
  password: 'पासवर्ड',
  signIn: 'साइन इन करें',
  liveNow: /^अभी लाइव/,
  // "<match> देखें": the match first, as Hindi puts the object before the verb.
  watch: / v .+ देखें$/,
  video: /^लाइव वीडियो: /,
};

const WIDTHS = [360, 1280] as const;

/**
 * WCAG 2.2's target size, on the seek bar only (decision 481): at 360 px the slider's 16 px thumb
 * at the live edge sits on the latest key moments' marker, in every language. The pointer's
 * target is the whole 28 px track (a press anywhere on it seeks) and each marker's moment is a
 * full-size button in the Key moments list beside the player (2.5.8's "equivalent" exception),
 * so these two nodes are left out; any other target-size finding still fails.
 */
async function serious(page: Page) {
  const found = await seriousAxeViolations(page, WCAG22_TAGS);
  const onSeekBar = async (selector: string) =>
    page.evaluate((css) => {
      const element = document.querySelector(css);
      const slider = document.querySelector('[role="slider"]');
      return !!element && !!slider?.parentElement?.contains(element);
    }, selector);
  const kept = [];
  for (const violation of found) {
    if (violation.id !== 'target-size') {
      kept.push(violation);
      continue;
    }
    const nodes = [];
    for (const node of violation.nodes)
      if (!(await onSeekBar(node.target[0] ?? ''))) nodes.push(node);
    if (nodes.length > 0) kept.push({ ...violation, nodes });
  }
  return kept;
}

async function expectAxeClean(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await serious(page), `${name} at ${width} px`).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('a viewer who chose Hindi reads /events in Hindi, presses Watch and the match plays', async ({
  page,
}) => {
  await signInDemo(page, HINDI);

  await page.goto('/events');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('heading', { level: 1, name: 'मैच' })).toBeVisible();
  const live = page.getByRole('region', { name: /^अभी लाइव/ });
  await expect(live.getByRole('link', { name: HINDI.watch }).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('heading', { level: 2, name: /^आने वाले मैच/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /^नतीजे/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'लीग' })).toBeVisible();
  // A live card says what play is doing in Hindi ("खेल जारी", "बारिश से रुका खेल"…) and whose
  // innings it is; team names stay as the API gives them.
  const card = live.getByRole('article').first();
  await expect(card.getByText('लाइव', { exact: true })).toBeVisible();
  await expect(card.getByText(/की बल्लेबाज़ी$|ने टॉस जीतकर|पारी का ब्रेक/).first()).toBeVisible();
  await expect(page.getByText('Live now', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Watch / })).toHaveCount(0);
  await expectAxeClean(page, 'events-hi');

  await page.setViewportSize({ width: 1280, height: 800 });
  await watchLiveMatch(page, { words: HINDI });
  await expectPlaying(page, HINDI);
  await expect(video(page, HINDI)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'रोकें' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^क्वालिटी: / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'फ़ुल स्क्रीन' })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'आगे-पीछे करें' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'स्कोरकार्ड' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'अहम पल' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'स्पॉइलर-फ़्री' })).toBeVisible();
  await expect(page.getByRole('link', { name: '← सभी मैच' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);

  // The keyboard still works, and the names follow: m mutes, space pauses.
  await page.keyboard.press('m');
  await expect(page.getByRole('button', { name: 'आवाज़ चालू करें' })).toBeVisible();
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press(' ');
  await expect(page.getByRole('button', { name: 'चलाएँ' })).toBeVisible();
  await expectAxeClean(page, 'player-hi');
});
