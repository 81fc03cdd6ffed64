import { expect, test } from '@playwright/test';
import { changeMatchState } from '../support/catalog-operator';
import { expectPlaying, signInDemo, video, watchLiveMatch } from '../support/player-session';

/**
 * The player's own hls.js, built from hls.js's source with only the features the player uses
 * (decision 330), against the embedded origin: it arrives as its own chunk only once a stream
 * starts, plays LL-HLS (parts and blocking reloads), switches the commentary language (hls.js's
 * audio track) and shows the WebVTT captions. origin-hls.spec.ts checks the origin with the
 * published hls.js build; this checks that our build lost nothing the player needs.
 */

const hlsChunk = /\/mf-player\/.*\/hls\.[0-9a-f]+\.js$|\/hls\.[0-9a-f]+\.js$/;

test('the player’s hls.js build plays low latency, switches commentary to Hindi and shows captions', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const errors: string[] = [];
  page.on('console', (m) => {
    // A failed load is checked by its response below, where its address is known: Chromium's
    // console line for it names no URL.
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('response', (r) => {
    if (r.status() < 400) return;
    const url = new URL(r.url());
    // The one refusal LL-HLS designs: a blocking reload for a sequence more than two segments
    // past the live edge is answered 400 (RFC 8216bis §6.2.5.2; origin-media.ts), and hls.js
    // reloads without blocking. Seen once in CI, on a loaded machine; the picture must still
    // play (expectPlaying below). Any other failed load fails the test, by its address.
    if (r.status() === 400 && url.pathname.endsWith('.m3u8') && url.searchParams.has('_HLS_msn'))
      return;
    // A real-user signal beacon the edge dropped (400 INVALID_SIGNALS: an expired proof, a
    // version another spec's release replaced meanwhile, one browser's share used up) is
    // telemetry judged by the release specs, not a load the player needs; seen in CI twice. Its
    // reason is printed, so a real fault in the player's signals still shows in the log.
    if (r.status() === 400 && url.pathname === '/_ops/signals') {
      void r.text().then((body) => console.info(`[player-hls-build] signals dropped: ${body}`));
      return;
    }
    errors.push(`${r.status()} ${r.request().method()} ${url.pathname}${url.search}`);
  });

  await signInDemo(page);
  await page.goto('/events');
  await expect(page.getByRole('region', { name: /^Live now/ })).toBeVisible();
  expect(requests.filter((url) => hlsChunk.test(url))).toEqual([]);

  const eventId = await watchLiveMatch(page);
  await expectPlaying(page);
  // Its own chunk, fetched for the stream.
  expect(requests.filter((url) => hlsChunk.test(url))).toHaveLength(1);

  // LL-HLS: held playlist reloads for the next part, and parts of segments.
  await expect
    .poll(() => requests.filter((url) => /_HLS_msn=\d+&_HLS_part=\d/.test(url)).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(2);
  expect(requests.some((url) => /\/\d+\.\d\.m4s\?/.test(url))).toBe(true);

  // Commentary: English plays first; choosing Hindi switches hls.js's audio track, which the
  // menu reads back, and the Hindi rendition is fetched while the picture plays on.
  const commentary = page.getByRole('button', { name: /^Commentary: / });
  await expect(commentary).toHaveAccessibleName('Commentary: English');
  await commentary.click();
  await page.getByRole('menuitemradio', { name: 'Hindi' }).click();
  await expect(commentary).toHaveAccessibleName('Commentary: Hindi', { timeout: 15_000 });
  await expect
    .poll(() => requests.filter((url) => /\/audio-hi\/\d+(\.\d)?\.m4s\?/.test(url)).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await expectPlaying(page);

  // Captions: off until chosen; then hls.js loads the WebVTT rendition, and a change in the
  // match (drinks) shows as a cue when the picture reaches it.
  const captions = page.getByRole('button', { name: /^Captions: / });
  await expect(captions).toHaveAccessibleName('Captions: Off');
  await captions.click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(captions).toHaveAccessibleName('Captions: English');
  await expect
    .poll(() => requests.filter((url) => /\/subs-en\/\d+\.vtt\?/.test(url)).length, {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await changeMatchState(eventId, { playState: 'drinks' });
  try {
    await expect
      .poll(
        () =>
          video(page).evaluate((v: HTMLVideoElement) =>
            [...v.textTracks]
              .filter((track) => track.mode === 'showing')
              .flatMap((track) => [...(track.cues ?? [])].map((cue) => (cue as VTTCue).text)),
          ),
        { timeout: 30_000 },
      )
      .toContainEqual(expect.stringMatching(/Drinks/));
  } finally {
    await changeMatchState(eventId, { playState: 'in_play' });
  }

  expect(errors).toEqual([]);
});
