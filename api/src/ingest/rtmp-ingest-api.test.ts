/** @jest-environment node */
/**
 * The real ingest path (issue 32 §1–2), on PGlite: an API that runs the embedded media server
 * (node-media-server in its own process, port 19350+, never 1935), encoders that are real ffmpeg
 * processes publishing RTMP, the transcoder writing the renditions as parts, and the origin
 * serving them over HTTP with a viewer's token; a transcoder killed is started again. A wrong key is refused at connect, a second
 * encoder on a publishing key too, and a revoked key's encoder is dropped while it publishes.
 * Stream keys' rules on both databases are ingest-keys-api.test.ts's.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { IngestKeyCreated, StreamGrant } from '@crease/contract';
import { ffmpegPath } from '../streams/media/render-media';
import { SEGMENT_MS, STREAM_EPOCH_MS } from '../streams/origin/dvr-window';
import { ApiHost } from '../testing/test-api';
import type { RunningApi } from '../testing/test-api';
import { STREAM_FIXTURES_OPERATOR, startStreamFixtures } from '../testing/stream-fixtures';
import type { StreamFixtures } from '../testing/stream-fixtures';
import { ensureStreamMedia } from '../streams/media/render-media';

const RTMP_PORT = 19350 + (process.pid % 40);
const liveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-live-'));

/** A synthetic encoder: ffmpeg's test pattern and a tone, published in real time over RTMP. */
function encoder(streamKey: string): ChildProcess & { exited: Promise<number | null> } {
  const child = spawn(
    ffmpegPath(),
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '50'],
      ...['-c:a', 'aac', '-f', 'flv', `rtmp://127.0.0.1:${RTMP_PORT}/live/${streamKey}`],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return Object.assign(child, { exited });
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function until<T>(what: string, probe: () => Promise<T | null> | T | null): Promise<T> {
  for (let i = 0; i < 240; i++) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** The newest live part files of a rendition, as [sequence, part]. */
function liveParts(channelId: string, rendition: string): [number, number][] {
  const dir = path.join(liveDir, channelId, rendition);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => /^(\d+)\.(\d)\.m4s$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => [Number(m[1]), Number(m[2])] as [number, number])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

describe('RTMP ingest through the embedded media server [PGlite]', () => {
  let host: ApiHost;
  let f: StreamFixtures;
  let api: RunningApi;
  const channelId = () => `ch-${f.liveId}`;
  const encoders: ChildProcess[] = [];
  const publish = (key: string) => {
    const child = encoder(key);
    encoders.push(child);
    return child;
  };
  const newKey = async (role?: 'backup') => {
    const created = await api
      .client()
      .postJson<IngestKeyCreated>(
        `/api/v1/operator/channels/${channelId()}/ingest-keys`,
        role ? { role } : {},
        STREAM_FIXTURES_OPERATOR,
      );
    expect(created.status).toBe(201);
    return created.body;
  };

  beforeAll(async () => {
    await ensureStreamMedia(path.resolve(__dirname, '..', '..', '..', '.cache', 'stream-media'));
    host = await ApiHost.launch(null);
    f = await startStreamFixtures(host, {
      // The origin's clock starts at the wall clock here: the transcoder stamps parts with the
      // ingest clock (real time), and the test moves the origin's clock up to it to read them.
      start: new Date(Math.floor(Date.now() / SEGMENT_MS) * SEGMENT_MS),
      replicas: 1,
      env: {
        CREASE_INGEST_RTMP_PORT: String(RTMP_PORT),
        CREASE_INGEST_LIVE_DIR: liveDir,
        CREASE_INGEST_RTMP_URL: `rtmp://127.0.0.1:${RTMP_PORT}/live`,
        // One rendition: a loaded 2-core machine cannot encode the whole ladder in real time.
        CREASE_INGEST_RENDITIONS: '720p',
      },
      tag: `rtmp-${process.pid}`,
    });
    [api] = f.replicas as [RunningApi];
    await until('the RTMP port', () => portOpen(RTMP_PORT));
  }, 600_000);

  afterAll(async () => {
    for (const child of encoders) child.kill('SIGKILL');
    await f?.stop();
    await host?.close();
    fs.rmSync(liveDir, { recursive: true, force: true });
  }, 180_000);

  it('refuses an encoder with a wrong key when it connects', async () => {
    const stranger = publish(`live_${crypto.randomBytes(32).toString('base64url')}`);
    expect(await stranger.exited).not.toBe(0);
  }, 60_000);

  it('plays a publishing encoder’s feed through the origin, refuses a second encoder on its key, and drops it when the key is revoked', async () => {
    const key = await newKey();
    expect(key.rtmpUrl).toBe(`rtmp://127.0.0.1:${RTMP_PORT}/live`);
    const camera = publish(key.streamKey);
    let cameraExit: number | null | undefined;
    void camera.exited.then((code) => (cameraExit = code));

    // The transcoder writes the feed's parts (720p and the audio here: CREASE_INGEST_RENDITIONS).
    const [sequence, part] = await until('live parts', () => {
      const written = liveParts(channelId(), '720p');
      return written.length > 12 ? (written[written.length - 1] as [number, number]) : null;
    });
    expect(liveParts(channelId(), 'audio-en').length).toBeGreaterThan(0);

    // The origin's clock up to the ingest clock, past the end of that part's segment: the part
    // and its whole segment are published then. (A part is stamped a little ahead of its
    // arrival, decision 417's margin; a segment is published once its last part is,
    // dvr-window.ts. Moving only to the part's end left the segment unpublished, a 404, whenever
    // the newest part written was not its segment's last.)
    const segmentPublishedAt = STREAM_EPOCH_MS + (sequence + 1) * SEGMENT_MS;
    await f.advance(Math.max(0, Math.ceil((segmentPublishedAt - f.now()) / 1000)) + 1);
    const viewer = await f.viewer('monthly');
    const grant = (await f.request(viewer)).body as StreamGrant;
    const base = `${api.origin}/live/cricket/${channelId()}/720p`;
    const token = `?token=${grant.playback.token}`;
    const livePart = fs.readFileSync(
      path.join(liveDir, channelId(), '720p', `${sequence}.${part}.m4s`),
    );
    const served = await fetch(`${base}/${sequence}.${part}.m4s${token}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(livePart)).toBe(true);
    const segment = Buffer.from(
      await (await fetch(`${base}/${sequence}.m4s${token}`)).arrayBuffer(),
    );
    expect(segment.includes(livePart)).toBe(true);
    // The test card's init segment serves the live parts too (decision 417).
    expect((await fetch(`${base}/init.mp4${token}`)).status).toBe(200);
    // A rendition not transcoded plays the test card: not the feed's bytes.
    const card = await fetch(
      `${api.origin}/live/cricket/${channelId()}/480p/${sequence}.${part}.m4s${token}`,
    );
    expect(card.status).toBe(200);

    // The transcoder killed (SIGKILL): it is started again and the feed's parts come back.
    const transcoderPid = execFileSync('ps', ['-eo', 'pid=,args='])
      .toString()
      .split('\n')
      .find((line) => line.includes('-filter_complex') && line.includes(key.streamKey))
      ?.trim()
      .split(/\s+/)[0];
    expect(transcoderPid).toMatch(/^\d+$/);
    const newestBefore = liveParts(channelId(), '720p').length;
    process.kill(Number(transcoderPid), 'SIGKILL');
    const killedAt = (Date.now() - STREAM_EPOCH_MS) / 400;
    await until('parts from the restarted transcoder', () =>
      liveParts(channelId(), '720p').some(([s, p]) => s * 10 + p > killedAt + 3) &&
      liveParts(channelId(), '720p').length > newestBefore
        ? true
        : null,
    );

    // A second encoder on the same key is refused; the first keeps publishing.
    const intruder = publish(key.streamKey);
    expect(await intruder.exited).not.toBe(0);
    expect(cameraExit).toBeUndefined();

    // Revoked: the publishing encoder is dropped (the media server renews every 2 s).
    const revoked = await api
      .client()
      .request(
        'DELETE',
        `/api/v1/operator/channels/${channelId()}/ingest-keys/${key.keyId}`,
        undefined,
        undefined,
        STREAM_FIXTURES_OPERATOR,
      );
    expect(revoked.status).toBe(204);
    expect(await camera.exited).not.toBe(0);
  }, 240_000);
});
