import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { catalogEventTimelinePath } from '@crease/contract';
import { seriousAxeViolations } from '../support/axe';
import {
  apiGet,
  expectPlaying,
  finishedReplays,
  signInDemo,
  video,
} from '../support/player-session';

/**
 * Issue 21 §5 in Chromium over the whole site: the viewer switches the commentary language
 * (hls.js plays the Hindi rendition: its playlist and segments are fetched) and turns captions
 * on, and the ball-by-ball caption of a known moment is on the picture at that moment; both
 * choices are this device's and are offered again after a reload, not on another device.
 */

interface Entry {
  at: string;
  commentary?: string | null;
  moment?: { kind: string; label: string } | null;
}

/** A finished match of the rolling demo with a wicket that has its commentary line. */
async function finishedMatchWithWicket(page: Page): Promise<{ eventId: string; wicket: Entry }> {
  for (const eventId of (await finishedReplays(page)).slice(0, 5)) {
    const { entries } = await apiGet<{ entries: Entry[] }>(page, catalogEventTimelinePath(eventId));
    const wicket = entries.find((e) => e.moment?.kind === 'wicket' && e.commentary?.trim());
    if (wicket) return { eventId, wicket };
  }
  throw new Error('no finished demo match with a wicket');
}

/** The caption as the origin writes it: one line, no "-->" (api/src/streams/origin/captions.ts). */
const captionOf = (commentary: string) =>
  commentary.trim().replace(/\s+/g, ' ').replace(/-->/g, '→');

/** The text of the captions on the picture now: the cues of the video's showing text track. */
const shownCaptions = (page: Page) =>
  video(page).evaluate((v: HTMLVideoElement) =>
    [...v.textTracks]
      .filter((track) => track.mode === 'showing')
      .flatMap((track) => [...(track.activeCues ?? [])])
      .map((cue) => (cue as VTTCue).text),
  );

const commentary = (page: Page) => page.getByRole('button', { name: /^Commentary: / });
const captions = (page: Page) => page.getByRole('button', { name: /^Captions: / });

test('switch the commentary to Hindi and captions on; both offered again after a reload', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  await signInDemo(page);
  const { eventId, wicket } = await finishedMatchWithWicket(page);
  await page.goto(`/player?event=${encodeURIComponent(eventId)}`);
  await expectPlaying(page);

  // The controls say what they are, in words a viewer reads and a screen reader announces.
  await expect(commentary(page)).toHaveText('Commentary: English');
  await expect(captions(page)).toHaveText('Captions: Off');
  expect(requested.filter((p) => p.includes('/audio-hi/'))).toEqual([]);

  await commentary(page).click();
  await page.getByRole('menuitemradio', { name: 'Hindi' }).click();
  // The button names Hindi once hls.js plays it (its AUDIO_TRACK_SWITCHED: a Hindi fragment is
  // playing), and says "switching" until then, as a viewer hears it (decision 345).
  await expect(commentary(page)).toHaveAccessibleName('Commentary: Hindi', { timeout: 20_000 });
  expect(requested.filter((p) => /\/audio-hi\/\d+(\.\d)?\.m4s$/.test(p)).length).toBeGreaterThan(0);
  expect(requested.some((p) => p.endsWith('/audio-hi/index.m3u8'))).toBe(true);
  await expectPlaying(page);

  // Captions of a known moment: the wicket's ball-by-ball line, when the picture reaches it.
  await captions(page).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(captions(page)).toHaveAccessibleName('Captions: English');
  // A replay starts spoiler-free, hiding the moments ahead of the picture: show them to jump.
  await page.getByRole('button', { name: 'Spoiler-free', pressed: true }).click();
  await page
    .getByRole('region', { name: 'Key moments' })
    .getByRole('button', { name: wicket.moment!.label })
    .click();
  const line = captionOf(wicket.commentary!);
  await expect.poll(() => shownCaptions(page), { timeout: 20_000 }).toContain(line);
  await page.getByTestId('player-stage').scrollIntoViewIfNeeded();
  await page.getByTestId('player-stage').screenshot({ path: 'test-results/player-captions.png' });
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Saved on this device: after a reload both are chosen again, and hls.js plays Hindi again.
  requested.length = 0;
  await page.reload();
  await expectPlaying(page);
  await expect(commentary(page)).toHaveText('Commentary: Hindi');
  await expect(captions(page)).toHaveText('Captions: English');
  await expect
    .poll(() => requested.some((p) => /\/audio-hi\/\d+(\.\d)?\.m4s$/.test(p)), { timeout: 15_000 })
    .toBe(true);
  expect(requested.some((p) => /\/audio-en\/\d+\.m4s$/.test(p))).toBe(false);
  await expect
    .poll(() =>
      video(page).evaluate((v: HTMLVideoElement) =>
        [...v.textTracks].some((t) => t.mode === 'showing'),
      ),
    )
    .toBe(true);

  // Another device of the same viewer starts from the stream's defaults.
  const other = await browser.newContext();
  try {
    const laptop = await other.newPage();
    await signInDemo(laptop);
    await laptop.goto(`/player?event=${encodeURIComponent(eventId)}`);
    await expectPlaying(laptop);
    await expect(commentary(laptop)).toHaveText('Commentary: English');
    await expect(captions(laptop)).toHaveText('Captions: Off');
  } finally {
    await other.close();
  }
});
