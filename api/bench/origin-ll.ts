/**
 * bench:origin's LL-HLS phases (decision 216). Simulated hls.js viewers in low-latency mode:
 * each holds a blocking reload `_HLS_msn/_HLS_part` with `_HLS_skip=YES` (a delta update) for
 * the part after the newest, then fetches the hinted part (held too until it exists), and so on,
 * 2.5 playlist and 2.5 part requests per viewer per second. Then a thousand blocking reloads held
 * at once on the one API process, while the bench times /healthz to show the event loop stays free.
 */
import { performance } from 'node:perf_hooks';
import type { Expectation, ResponseCheck } from '@crease/test-utils/bench-kit';
import { PARTS_PER_SEGMENT } from '../src/streams/media/media-recipe';

const PLAYLIST: Expectation = { status: 200, body: (body) => body.startsWith('#EXTM3U') };
const PART: Expectation = { status: 200 };
const HINT = /#EXT-X-PRELOAD-HINT:TYPE=PART,URI="(\d+)\.(\d)\.m4s/;

export interface LowLatencyStats {
  playlists: number;
  parts: number;
  playlistBytes: number;
  /** Milliseconds a blocking reload took beyond the moment its part was due (how late it woke). */
  lateMs: number[];
}

/** The part a viewer waits for next: the preload hint of the playlist it has. */
function hinted(text: string): { msn: number; part: number } {
  const match = HINT.exec(text);
  if (!match) throw new Error('an LL-HLS playlist without EXT-X-PRELOAD-HINT');
  return { msn: Number(match[1]), part: Number(match[2]) };
}

/** One LL-HLS viewer at the live edge until `until` (ms). */
export async function lowLatencyViewer(
  playlistUrl: string,
  token: string,
  until: number,
  stats: LowLatencyStats,
  check: ResponseCheck,
  partDueMs: (msn: number, part: number) => number,
): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 1000));
  const first = await fetch(playlistUrl);
  let text = await check.response('GET index.m3u8 (LL first load)', first, PLAYLIST);
  while (Date.now() < until) {
    const next = hinted(text);
    const part = fetch(new URL(`${next.msn}.${next.part}.m4s?token=${token}`, playlistUrl));
    const reload = fetch(
      `${playlistUrl}&_HLS_msn=${next.msn}&_HLS_part=${next.part}&_HLS_skip=YES`,
    );
    const [partRes, playlistRes] = await Promise.all([part, reload]);
    stats.lateMs.push(Date.now() - partDueMs(next.msn, next.part));
    await check.response('GET <msn>.<part>.m4s (LL, held)', partRes, PART);
    text = await check.response(
      'GET index.m3u8?_HLS_msn&_HLS_part&_HLS_skip (LL, held)',
      playlistRes,
      PLAYLIST,
    );
    stats.playlists += 1;
    stats.parts += 1;
    stats.playlistBytes += text.length;
  }
}

export interface HeldResult {
  held: number;
  answered: number;
  /** /healthz latencies, probed every 50 ms from sending them until the last answer. */
  healthMs: number[];
  /** From sending them to the first answer (they were all in flight until then) and the last. */
  firstSeconds: number;
  seconds: number;
}

/**
 * HELD blocking reloads at once, each for a part about 1–3 s ahead; while they wait, /healthz
 * every 50 ms. Every reload must end 200 with a playlist.
 */
export async function holdMany(
  origin: string,
  playlistUrl: string,
  held: number,
  check: ResponseCheck,
): Promise<HeldResult> {
  const text = await check.response(
    'GET index.m3u8 (before holding)',
    await fetch(playlistUrl),
    PLAYLIST,
  );
  const next = hinted(text);
  const started = performance.now();
  let answered = 0;
  let firstSeconds = 0;
  const requests = Array.from({ length: held }, async (_, i) => {
    // Spread over the next few parts: the edge publishes one every 0.4 s.
    const part = next.part + 2 + (i % 5);
    const msn = next.msn + Math.floor(part / PARTS_PER_SEGMENT);
    const res = await fetch(
      `${playlistUrl}&_HLS_msn=${msn}&_HLS_part=${part % PARTS_PER_SEGMENT}&_HLS_skip=YES`,
    );
    await check.response('GET index.m3u8 (1,000 held at once)', res, PLAYLIST);
    if (answered === 0) firstSeconds = (performance.now() - started) / 1000;
    answered += 1;
  });
  const healthMs: number[] = [];
  let done = false;
  const all = Promise.all(requests).finally(() => {
    done = true;
  });
  while (!done) {
    const t = performance.now();
    const res = await fetch(`${origin}/healthz`);
    await res.arrayBuffer();
    healthMs.push(performance.now() - t);
    check.record('GET /healthz (while 1,000 held)', res.status, { status: 200 });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await all;
  return { held, answered, healthMs, firstSeconds, seconds: (performance.now() - started) / 1000 };
}
