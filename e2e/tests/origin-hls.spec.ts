import { createRequire } from 'node:module';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { changeMatchState } from '../support/catalog-operator';
import { E2E_PORT } from '../playwright.config';

/**
 * The embedded origin's LL-HLS, commentary languages and captions as a real hls.js in low-latency
 * mode plays them in Chromium (issue 21 §4, §5; decisions 215–217), before the player uses them:
 * blocking reloads and parts, a switch to the Hindi commentary, and a caption of a timeline
 * change. hls.js runs in a page of the API host (same origin as the playlists), loaded from the
 * repository's hls.js, so this checks the origin, not the player.
 */
const DEMO = { email: 'demo@crease.test', password: 'demo-viewer-2024' };
const API = `http://api.localhost:${E2E_PORT}`;
const HLS_SCRIPT = createRequire(import.meta.url).resolve('hls.js/dist/hls.min.js');

test.use({ bypassCSP: true });

/** The part of hls.js's API this test touches (its script sets `window.Hls`). */
interface HlsLab {
  on(event: string, listener: (name: unknown, data: { id: number }) => void): void;
  loadSource(url: string): void;
  attachMedia(video: HTMLVideoElement): void;
  levels: { details?: { partList?: unknown[]; canBlockReload?: boolean; partHoldBack?: number } }[];
  currentLevel: number;
  latency: number;
  audioTracks: { lang: string; name: string }[];
  subtitleTracks: { lang: string }[];
  audioTrack: number;
  subtitleTrack: number;
  subtitleDisplay: boolean;
}
type HlsClass = { new (config: object): HlsLab; Events: Record<string, string> };

/** Signs the demo viewer in, signs its other devices out, and returns the stream grant of Watch. */
async function grantOfWatch(page: Page): Promise<{ eventId: string; playlistUrl: string }> {
  await page.goto('/signin');
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signin/, { timeout: 20_000 });
  await page.evaluate(async (api) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('access_token')}` };
    const cookie = (name: string) =>
      decodeURIComponent(new RegExp(`(?:^|; )${name}=([^;]+)`).exec(document.cookie)?.[1] ?? '');
    const list = (await (await fetch(`${api}/api/v1/devices`, { headers })).json()) as {
      devices: { vidictId: string }[];
    };
    for (const device of list.devices)
      if (device.vidictId !== cookie('vidictId'))
        await fetch(`${api}/api/v1/devices/${encodeURIComponent(device.vidictId)}`, {
          method: 'DELETE',
          headers: { ...headers, 'X-XSRF-TOKEN': cookie('XSRF-TOKEN') },
          credentials: 'include',
        });
  }, API);
  await page.goto('/events');
  const watch = page
    .getByRole('region', { name: /^Live now/ })
    .getByRole('link', { name: /^Watch / })
    .first();
  const eventId = new URL((await watch.getAttribute('href')) ?? '', 'http://x').searchParams.get(
    'event',
  );
  const granted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /\/api\/v1\/streams$/.test(r.url()),
  );
  await watch.click();
  const grant = (await (await granted).json()) as { playlistUrl: string };
  expect(grant.playlistUrl).toContain('/master.m3u8?token=');
  return { eventId: eventId ?? '', playlistUrl: grant.playlistUrl };
}

test('hls.js in low-latency mode plays the origin: parts, blocking reloads, Hindi commentary, captions', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const { eventId, playlistUrl } = await grantOfWatch(page);
  // The site's player plays on too; this page plays the same stream with its own hls.js.
  const lab = await context.newPage();
  const requests: { url: string; status: number }[] = [];
  lab.on('response', (r) => requests.push({ url: r.url(), status: r.status() }));
  await lab.goto(`${API}/healthz`);
  await lab.addScriptTag({ path: HLS_SCRIPT });
  await lab.evaluate((url) => {
    const Hls = (window as unknown as { Hls: HlsClass }).Hls;
    const video = document.createElement('video');
    video.muted = true;
    document.body.append(video);
    const hls = new Hls({ lowLatencyMode: true, enableWorker: false });
    const w = window as unknown as Record<string, unknown>;
    w.hls = hls;
    w.switched = [] as number[];
    hls.on(Hls.Events.AUDIO_TRACK_SWITCHED as string, (_, data) =>
      (w.switched as number[]).push(data.id),
    );
    hls.loadSource(url);
    hls.attachMedia(video);
    void video.play();
  }, playlistUrl);

  const currentTime = () => lab.evaluate(() => document.querySelector('video')!.currentTime);
  await expect.poll(currentTime, { timeout: 30_000 }).toBeGreaterThan(1);
  const playing = await currentTime();
  await expect.poll(currentTime, { timeout: 15_000 }).toBeGreaterThan(playing + 1);

  // LL-HLS: the playlist has parts and blocks; hls.js asks for parts and held reloads.
  const details = await lab.evaluate(() => {
    const hls = (window as unknown as { hls: HlsLab }).hls;
    const level = hls.levels[hls.currentLevel]?.details;
    return {
      parts: level?.partList?.length ?? 0,
      canBlock: level?.canBlockReload,
      partHoldBack: level?.partHoldBack,
      latency: hls.latency as number,
      audio: hls.audioTracks.map((t) => `${t.lang}:${t.name}`),
      subtitles: hls.subtitleTracks.map((t) => t.lang),
    };
  });
  expect(details).toMatchObject({ canBlock: true, partHoldBack: 1.25 });
  expect(details.parts).toBeGreaterThan(0);
  expect(details.audio).toEqual(['en:English', 'hi:Hindi']);
  expect(details.subtitles).toEqual(['en']);
  expect(details.latency).toBeLessThan(6);
  await expect
    .poll(() => requests.filter((r) => /\/\d+\.\d\.m4s\?/.test(r.url) && r.status === 200).length)
    .toBeGreaterThan(2);
  await expect
    .poll(() => requests.filter((r) => /_HLS_msn=\d+&_HLS_part=\d/.test(r.url)).length)
    .toBeGreaterThan(0);
  expect(requests.filter((r) => r.status >= 400)).toEqual([]);

  // Switch the commentary to Hindi: hls.js switches, loads audio-hi, and plays on.
  await lab.evaluate(() => {
    (window as unknown as { hls: { audioTrack: number } }).hls.audioTrack = 1;
  });
  await expect
    .poll(() => lab.evaluate(() => (window as unknown as { switched: number[] }).switched))
    .toContain(1);
  await expect
    .poll(() => requests.filter((r) => /\/audio-hi\/\d+(\.\d)?\.m4s\?/.test(r.url)).length)
    .toBeGreaterThan(0);
  const afterSwitch = await currentTime();
  await expect.poll(currentTime, { timeout: 15_000 }).toBeGreaterThan(afterSwitch + 1);

  // Captions: a timeline change now shows as a cue when the picture reaches it.
  await lab.evaluate(() => {
    const hls = (window as unknown as { hls: { subtitleTrack: number; subtitleDisplay: boolean } })
      .hls;
    hls.subtitleDisplay = true;
    hls.subtitleTrack = 0;
  });
  await changeMatchState(eventId, { playState: 'drinks' });
  await expect
    .poll(
      () =>
        lab.evaluate(() =>
          Array.from(document.querySelector('video')!.textTracks).flatMap((track) =>
            Array.from(track.cues ?? []).map((cue) => (cue as VTTCue).text),
          ),
        ),
      { timeout: 30_000 },
    )
    .toContainEqual(expect.stringMatching(/Drinks/));
  await changeMatchState(eventId, { playState: 'in_play' });
  expect(requests.filter((r) => r.status >= 400)).toEqual([]);
});
