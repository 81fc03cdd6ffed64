/** @jest-environment node */
/**
 * The embedded origin over real HTTP (issue 21), on PGlite and PostgreSQL, with two replicas of
 * one deployment: replica A serves LL-HLS (the default), replica B classic HLS
 * (CREASE_STREAM_LOW_LATENCY=false). The DVR window from the start of the match, parts, preload
 * hints and blocking reloads on the standing clock, bad `_HLS_*` input, real fMP4 across the loop
 * seam, commentary languages, captions from the timeline, and the finished match as a replay
 * (a match ended without being streamed: origin-replay-api.test.ts).
 */
import http from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CATALOG_PATHS } from '@crease/contract';
import type { StreamGrant } from '@crease/contract';
import { ensureStreamMedia } from './media/render-media';
import { PARTS_PER_SEGMENT, SEGMENT_SECONDS, SEGMENTS_PER_LOOP } from './media/media-recipe';
import { SEGMENT_MS, STREAM_EPOCH_MS, liveEdge, programDateTime } from './origin/dvr-window';
import { decodeTimes } from './media/fmp4';
import { expectErrorShape } from '../testing/billing-helpers';
import { STREAM_FIXTURES_OPERATOR, startStreamFixtures } from '../testing/stream-fixtures';
import type { StreamViewer } from '../testing/stream-fixtures';
import type { StreamFixtures } from '../testing/stream-fixtures';
import { describeEachDatabase } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';
import { hint, listed, tag } from '../testing/playlist-text';

/** Noon UTC today: sessions are checked against the database's now(); on a segment boundary. */
const T0 = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`);
const START_SEQUENCE = liveEdge(T0.getTime());

const settledWithin = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

describeEachDatabase('Stream origin: DVR, LL-HLS, languages and captions', (host) => {
  let f: StreamFixtures;
  let ll: RunningApi;
  let classic: RunningApi;
  let grant: StreamGrant;
  const edge = () => liveEdge(f.now());
  const url = (replica: RunningApi, file: string, query = '') =>
    `${replica.origin}/live/cricket/ch-${f.liveId}/${file}?token=${grant.playback.token}${query}`;
  const text = async (replica: RunningApi, file: string, query = '') => {
    const res = await fetch(url(replica, file, query));
    return { status: res.status, headers: res.headers, body: await res.text() };
  };
  const bytes = async (replica: RunningApi, file: string) => {
    const res = await fetch(url(replica, file));
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  let viewer: StreamViewer;
  /** What the player does every minute: a fresh token, so the stream stays open (decision 151). */
  const renewToken = async () => {
    const renewed = await f.renew(viewer, grant.streamId);
    expect(renewed.status).toBe(200);
    grant = { ...grant, playback: { ...grant.playback, token: renewed.body.token } };
  };

  beforeAll(async () => {
    await ensureStreamMedia(path.resolve(__dirname, '..', '..', '..', '.cache', 'stream-media'));
    f = await startStreamFixtures(host(), {
      start: T0,
      replicas: 2,
      replicaEnv: [{}, { CREASE_STREAM_LOW_LATENCY: 'false' }],
      tag: `origin-${Date.now()}`,
    });
    [ll, classic] = f.replicas as [RunningApi, RunningApi];
    viewer = await f.viewer('monthly');
    grant = (await f.request(viewer)).body;
    expect(grant.playlistUrl).toContain('/master.m3u8?token=');
  }, 600_000);
  // Two replicas stop one after the other: on a loaded machine (CI renders the stream media
  // while other suites run) that has taken over a minute.
  afterAll(async () => {
    await f.stop();
  }, 180_000);

  it('names every rendition, commentary language and captions in one playlist for every viewer', async () => {
    const res = await text(ll, 'master.m3u8');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(res.headers.get('cache-control')).toBe('public, max-age=1');
    expect(res.headers.get('set-cookie')).toBeNull();
    // The token is imported from the playlist's own URL: no viewer's token in the bytes.
    expect(res.body).toContain('#EXT-X-DEFINE:QUERYPARAM="token"\n');
    expect(res.body).not.toContain(grant.playback.token);
    expect(res.body).toContain(
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="commentary",LANGUAGE="en",NAME="English",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio-en/index.m3u8?token={$token}"\n',
    );
    expect(res.body).toContain(
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="commentary",LANGUAGE="hi",NAME="Hindi",DEFAULT=NO,AUTOSELECT=YES,CHANNELS="2",URI="audio-hi/index.m3u8?token={$token}"\n',
    );
    expect(res.body).toMatch(
      /#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="captions",LANGUAGE="en",.*URI="subs-en\/index\.m3u8\?token=\{\$token\}"/,
    );
    for (const [name, resolution] of [
      ['1080p', '1920x1080'],
      ['720p', '1280x720'],
      ['480p', '854x480'],
    ])
      expect(res.body).toMatch(
        new RegExp(
          `#EXT-X-STREAM-INF:BANDWIDTH=\\d+,AVERAGE-BANDWIDTH=\\d+,RESOLUTION=${resolution},FRAME-RATE=25.000,CODECS="avc1\\.4d40[0-9a-f]{2},mp4a\\.40\\.2",AUDIO="commentary",SUBTITLES="captions",CLOSED-CAPTIONS=NONE,NAME="${name}"\\n${name}/index\\.m3u8\\?token=\\{\\$token\\}\\n`,
        ),
      );
  });

  it('serves the match from its start, growing with the clock, with parts and a preload hint', async () => {
    const counts: number[] = [];
    for (const step of [0, 1, 61]) {
      await f.advance(step);
      const res = await text(ll, '720p/index.m3u8');
      expect(res.status).toBe(200);
      expect(tag(res.body, 'EXT-X-MEDIA-SEQUENCE')).toBe(String(START_SEQUENCE));
      const segments = listed(res.body);
      expect(segments[0]).toBe(START_SEQUENCE);
      expect(segments.at(-1)).toBe(edge() - 1);
      expect(res.body).toContain(
        `#EXT-X-PROGRAM-DATE-TIME:${programDateTime(START_SEQUENCE)}\n#EXTINF:${SEGMENT_SECONDS.toFixed(5)},\n${START_SEQUENCE}.m4s`,
      );
      expect(tag(res.body, 'EXT-X-SERVER-CONTROL')).toBe(
        'CAN-BLOCK-RELOAD=YES,CAN-SKIP-UNTIL=36.0,PART-HOLD-BACK=1.250',
      );
      expect(tag(res.body, 'EXT-X-PART-INF')).toBe('PART-TARGET=0.400');
      const partsPublished = Math.floor(((f.now() - STREAM_EPOCH_MS) % SEGMENT_MS) / 400);
      expect(hint(res.body)?.slice(1)).toEqual([String(edge()), String(partsPublished)]);
      counts.push(segments.length);
    }
    // 62 s later: that many seconds' segments more, whatever the phase of the clock.
    expect(counts[2]! - counts[0]!).toBeGreaterThanOrEqual(Math.floor(62 / SEGMENT_SECONDS));
    expect(counts[2]! - counts[0]!).toBeLessThanOrEqual(Math.ceil(62 / SEGMENT_SECONDS));
  });

  it('holds a blocking reload and the hinted part until the clock publishes that part', async () => {
    const intoSegment = (f.now() - STREAM_EPOCH_MS) % SEGMENT_MS;
    if (intoSegment !== 0) await f.advance((SEGMENT_MS - intoSegment) / 1000);
    const sequence = edge();
    const playlist = text(ll, '720p/index.m3u8', `&_HLS_msn=${sequence}&_HLS_part=0`);
    const part = fetch(url(ll, `720p/${sequence}.0.m4s`));
    expect(await settledWithin(playlist, 400)).toBe(false);
    expect(await settledWithin(part, 10)).toBe(false);
    await f.advance(0.4);
    const reloaded = await playlist;
    expect(reloaded.status).toBe(200);
    expect(reloaded.body).toContain(
      `#EXT-X-PART:DURATION=0.40000,URI="${sequence}.0.m4s?token={$token}",INDEPENDENT=YES\n`,
    );
    expect(hint(reloaded.body)?.slice(1)).toEqual([String(sequence), '1']);
    const partRes = await part;
    expect(partRes.status).toBe(200);
    expect(partRes.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const first = Buffer.from(await partRes.arrayBuffer());
    // Once the segment is whole, it is its parts end to end.
    await f.advance(SEGMENT_SECONDS - 0.4);
    const parts = [first];
    for (let p = 1; p < PARTS_PER_SEGMENT; p++)
      parts.push(await bytes(ll, `720p/${sequence}.${p}.m4s`));
    expect(Buffer.concat(parts).equals(await bytes(ll, `720p/${sequence}.m4s`))).toBe(true);
    expect(decodeTimes(first).get(1)).toBe(BigInt(sequence * SEGMENT_SECONDS) * 12_800n);
  });

  it('answers malformed or far-ahead _HLS_* with 400 at once, never a hang or a 5xx', async () => {
    for (const query of [
      '&_HLS_msn=abc',
      '&_HLS_msn=-1',
      '&_HLS_msn=1e9',
      `&_HLS_part=1`,
      `&_HLS_msn=${edge() + 3}`,
      `&_HLS_msn=${edge()}&_HLS_part=${PARTS_PER_SEGMENT}`,
      `&_HLS_msn=${edge()}&_HLS_part=x`,
      '&_HLS_skip=maybe',
    ]) {
      const started = Date.now();
      const res = await text(ll, '720p/index.m3u8', query);
      expect([query, res.status]).toEqual([query, 400]);
      expectErrorShape(JSON.parse(res.body), 'VALIDATION_FAILED');
      expect(Date.now() - started).toBeLessThan(3000);
    }
    // A part far past the hint, or a segment outside the window: 404 SEGMENT_NOT_FOUND at once.
    for (const file of [
      `720p/${edge() + 5}.0.m4s`,
      `720p/${edge()}.m4s`,
      `720p/${START_SEQUENCE - 31}.m4s`,
      `subs-en/${edge() + 1}.vtt`,
    ]) {
      const res = await text(ll, file);
      expect([file, res.status]).toEqual([file, 404]);
      expectErrorShape(JSON.parse(res.body), 'SEGMENT_NOT_FOUND');
    }
  });

  it('a delta update (_HLS_skip=YES) skips all but the last 36 s', async () => {
    const full = await text(ll, '480p/index.m3u8');
    const delta = await text(ll, '480p/index.m3u8', '&_HLS_skip=YES');
    expect(delta.status).toBe(200);
    const skipped = Number(/SKIPPED-SEGMENTS=(\d+)/.exec(delta.body)?.[1]);
    expect(skipped + listed(delta.body).length).toBe(listed(full.body).length);
    expect(listed(delta.body)).toEqual(listed(full.body).slice(skipped));
    expect(delta.body.length).toBeLessThan(full.body.length - skipped * 40);
  });

  it('serves real fMP4 whose decode times run on across the loop seam, video and audio', async () => {
    let seam = edge() - 1 - ((edge() - 1) % SEGMENTS_PER_LOOP);
    if (seam - 1 < START_SEQUENCE) seam += SEGMENTS_PER_LOOP;
    while (seam > edge() - 1) await f.advance(2);
    const init = await fetch(url(ll, '480p/init.mp4'));
    expect(init.status).toBe(200);
    expect(init.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const video = [seam - 1, seam].map(async (s) => decodeTimes(await bytes(ll, `480p/${s}.m4s`)));
    const [v1, v2] = await Promise.all(video);
    // Video (12 800 ticks/s): exactly one segment later, on both sides of the seam.
    expect((v2?.get(1) ?? 0n) - (v1?.get(1) ?? 0n)).toBe(BigInt(SEGMENT_SECONDS * 12_800));
    expect(v2?.get(1)).toBe(BigInt(seam * SEGMENT_SECONDS) * 12_800n);
    for (const language of ['en', 'hi']) {
      const [a1, a2] = await Promise.all(
        [seam - 1, seam].map(async (s) =>
          decodeTimes(await bytes(ll, `audio-${language}/${s}.m4s`)),
        ),
      );
      // Audio (48 kHz) moves on by the same segment, give or take one AAC frame.
      const step = Number((a2?.get(1) ?? 0n) - (a1?.get(1) ?? 0n));
      expect(Math.abs(step - SEGMENT_SECONDS * 48_000)).toBeLessThanOrEqual(1024);
      expect(
        Math.abs(Number(a2?.get(1) ?? 0n) - seam * SEGMENT_SECONDS * 48_000),
      ).toBeLessThanOrEqual(1024);
    }
    const en = await bytes(ll, `audio-en/${seam}.m4s`);
    expect(en.equals(await bytes(ll, `audio-hi/${seam}.m4s`))).toBe(false);
    // Same bytes for the same sequence (a CDN may keep it forever).
    expect(decodeTimes(await bytes(ll, `480p/${seam}.m4s`))).toEqual(v2);
  });

  it('answers an unknown language with 404 NOT_FOUND', async () => {
    for (const file of [
      'audio-fr/index.m3u8',
      'audio-hi-x/1.m4s',
      'subs-xx/index.m3u8',
      '4k/index.m3u8',
    ]) {
      const res = await text(ll, file);
      expect([file, res.status]).toEqual([file, 404]);
      expectErrorShape(JSON.parse(res.body), 'NOT_FOUND');
    }
    const hindi = await text(ll, 'audio-hi/index.m3u8');
    expect(hindi.status).toBe(200);
    expect(tag(hindi.body, 'EXT-X-MEDIA-SEQUENCE')).toBe(String(START_SEQUENCE));
    expect(hint(hindi.body)).not.toBeNull();
  });

  it('captions a timeline change at the picture time it happened', async () => {
    const changedAt = f.now() + 700;
    await f.advance(0.7);
    const res = await ll
      .client()
      .postJson(
        `/${CATALOG_PATHS.operatorEvents}/${f.liveId}/state`,
        { playState: 'drinks' },
        STREAM_FIXTURES_OPERATOR,
      );
    expect(res.status).toBe(200);
    await f.advance(4);
    const sequence = liveEdge(changedAt);
    const playlist = await text(ll, 'subs-en/index.m3u8');
    expect(playlist.body).toContain(`\n${sequence}.vtt?token={$token}\n`);
    const vtt = await text(ll, `subs-en/${sequence}.vtt`);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toBe('text/vtt; charset=utf-8');
    const offset = changedAt - (STREAM_EPOCH_MS + sequence * SEGMENT_MS);
    expect(vtt.body).toContain(
      `X-TIMESTAMP-MAP=MPEGTS:${sequence * SEGMENT_MS * 90},LOCAL:00:00:10.000\n`,
    );
    // Cue times run from LOCAL 00:00:10.000 at the segment's start.
    const cueAt = 10_000 + offset;
    const cue = `00:00:${String(Math.floor(cueAt / 1000)).padStart(2, '0')}\\.${String(cueAt % 1000).padStart(3, '0')}`;
    expect(vtt.body).toMatch(new RegExp(`\\n${cue} --> 00:00:\\d\\d\\.\\d{3}\\n.*Drinks`));
  });

  it('classic HLS on replica B: the same window, no parts, no holding', async () => {
    const res = await text(classic, '720p/index.m3u8');
    expect(res.status).toBe(200);
    expect(listed(res.body)[0]).toBe(START_SEQUENCE);
    expect(listed(res.body).at(-1)).toBe(edge() - 1);
    expect(res.body).not.toMatch(/EXT-X-PART|PRELOAD-HINT|SERVER-CONTROL/);
    // A blocking request is answered at once (the standing clock would hold it on replica A).
    const started = Date.now();
    const blocking = await text(classic, '720p/index.m3u8', `&_HLS_msn=${edge() + 1}`);
    expect(blocking.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await text(classic, `720p/${edge() - 1}.0.m4s`)).status).toBe(404);
    expect((await fetch(url(classic, `720p/${edge() - 1}.m4s`))).status).toBe(200);
  });

  it('sends a long window gzipped to a client that takes it, the same text, dated and whole as it grows', async () => {
    // Long enough to be kept (PlaylistHistory) and gzipped: a few minutes of match.
    while (edge() - START_SEQUENCE < 100) {
      await f.advance(30);
      await renewToken();
    }
    const raw = (encoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(url(ll, '720p/index.m3u8'), { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    for (const step of [0, 0.4, 2, 2.4]) {
      await f.advance(step);
      const [plain, zipped] = await Promise.all([raw('identity'), raw('gzip, deflate, br')]);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toBe('Accept-Encoding');
      const text = plain.body.toString('utf8');
      expect(gunzipSync(zipped.body).toString('utf8')).toBe(text);
      expect(zipped.body.length).toBeLessThan(text.length / 5);
      // Every segment from the start to the newest, each date the one of the segment it heads.
      const sequences = listed(text);
      expect(sequences).toEqual(
        Array.from({ length: edge() - START_SEQUENCE }, (_, i) => START_SEQUENCE + i),
      );
      const dated = [
        ...text.matchAll(
          /^#EXT-X-PROGRAM-DATE-TIME:(.*)\n(?:#EXT-X-PART:.*\n)*#EXTINF:.*\n(\d+)\.m4s/gm,
        ),
      ];
      for (const [, date, sequence] of dated) expect(date).toBe(programDateTime(Number(sequence)));
      expect(dated.map((m) => Number(m[2]))).toEqual(
        sequences.filter((n, i) => i === 0 || n % 15 === 0 || n >= edge() - 2),
      );
    }
  });

  it('serves the finished match as a replay from its start, frozen, with EXT-X-ENDLIST', async () => {
    // Streamed for over a minute (decision 337), however many of the tests above ran; the
    // viewer renews its token as the player does, or its stream lapses and the origin refuses it.
    await f.advance(60);
    await renewToken();
    const ended = await ll
      .client()
      .postJson(
        `/${CATALOG_PATHS.operatorEvents}/${f.liveId}/state`,
        { status: 'completed', result: 'No result', eventStatus: 'ended' },
        STREAM_FIXTURES_OPERATOR,
      );
    expect(ended.status).toBe(200);
    const last = edge() - 1;
    const playlists: string[] = [];
    for (const step of [0, 45]) {
      await f.advance(step);
      if (step) await renewToken();
      const res = await text(ll, '720p/index.m3u8', `&_HLS_msn=${last + 2}&_HLS_part=0`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=300');
      playlists.push(res.body);
    }
    expect(playlists[1]).toBe(playlists[0]);
    const replay = playlists[0] as string;
    expect(tag(replay, 'EXT-X-PLAYLIST-TYPE')).toBe('VOD');
    expect(replay.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(replay).not.toMatch(/EXT-X-PART|PRELOAD-HINT/);
    const segments = listed(replay);
    expect(segments[0]).toBe(START_SEQUENCE);
    expect(segments.at(-1)).toBe(last);
    expect(segments).toHaveLength(last - START_SEQUENCE + 1);
    expect((await fetch(url(ll, `720p/${START_SEQUENCE}.m4s`))).status).toBe(200);
  });
});
