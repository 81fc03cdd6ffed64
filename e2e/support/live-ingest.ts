import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { INGEST_PATHS } from '@crease/contract';
import type { IngestKeyCreated, IngestKeySummary } from '@crease/contract';
import { E2E_DATA_DIR, E2E_OPERATOR_TOKEN, E2E_PORT } from '../playwright.config';

/**
 * The real ingest path from outside, as an operator's tools and an encoder reach it (issue 32):
 * stream keys through the operator API, an ffmpeg encoder publishing RTMP to the site's
 * embedded media server, the transcoder's parts in the site's data dir, and the colours of the
 * decoded picture in the browser.
 */

/** The e2e site's RTMP ingest as keys give it (playwright.config.ts: CREASE_INGEST_RTMP_PORT). */
export const RTMP_URL = `rtmp://localhost:${E2E_PORT + 15_000}/live`;
/**
 * Where the test encoder publishes: the same server by address. The static ffmpeg of
 * @ffmpeg-installer cannot resolve a host name here (its glibc is linked statically, without the
 * NSS modules that read /etc/hosts): `localhost` hangs it before it connects.
 */
export const RTMP_PUBLISH_URL = RTMP_URL.replace('//localhost:', '//127.0.0.1:');

/** An operator call that answers a status (a revoke answers 204 with no body). */
function operatorRequest(
  method: 'GET' | 'POST' | 'DELETE',
  urlPath: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const payload = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        method,
        path: `/${urlPath}`,
        headers: {
          host: `api.localhost:${E2E_PORT}`,
          authorization: `Bearer ${E2E_OPERATOR_TOKEN}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const keysPath = (channelId: string) => INGEST_PATHS.keys.replace(':channelId', channelId);

export async function createIngestKey(channelId: string): Promise<IngestKeyCreated> {
  const created = await operatorRequest('POST', keysPath(channelId), {});
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as IngestKeyCreated;
}

export async function revokeIngestKey(channelId: string, keyId: string): Promise<number> {
  const path = INGEST_PATHS.key.replace(':channelId', channelId).replace(':keyId', keyId);
  return (await operatorRequest('DELETE', path)).status;
}

export async function ingestKeys(channelId: string): Promise<IngestKeySummary[]> {
  const listed = await operatorRequest('GET', keysPath(channelId));
  expect(listed.status).toBe(200);
  return listed.body as IngestKeySummary[];
}

/** The feed's colours (RGB): a magenta left half, a right half cyan for the first seconds. */
export const FEED = {
  left: [255, 0, 255],
  rightAtStart: [0, 255, 255],
  rightLater: [255, 255, 0],
  /** Media seconds the right half stays cyan: the feed's start, which a rewind must reach. */
  startSeconds: 10,
} as const;

/** The encoder's process, its exit code (once it exits) and its last words (ffmpeg's stderr). */
export type Encoder = ChildProcess & { exited: Promise<number | null>; said: () => string };

/**
 * A test encoder: the ingest's own ffmpeg publishing the FEED pattern in real time over RTMP,
 * small (320x180, ultrafast) so the shared machine spends its cores on the transcoder. H.264
 * with a 2 s keyframe interval and AAC, as docs/streams.md asks of OBS.
 */
export function startEncoder(target: string): Encoder {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string })
    .path;
  const right = (colour: string, when: string) =>
    `drawbox=x=160:y=0:w=160:h=180:color=${colour}:t=fill:enable='${when}'`;
  const picture = [
    'color=c=magenta:size=320x180:rate=25',
    right('cyan', `lt(t,${FEED.startSeconds})`),
    right('yellow', `gte(t,${FEED.startSeconds})`),
  ].join(',');
  const child = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...['-f', 'lavfi', '-i', picture],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
      ...['-g', '50', '-keyint_min', '50', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-f', 'flv', target],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  return Object.assign(child, { exited, said: () => stderr });
}

/** How many parts of a rendition the transcoder has written for a channel (the site's <data>/live). */
export function livePartCount(channelId: string, rendition: string): number {
  const dir = path.join(E2E_DATA_DIR, 'live', channelId, rendition);
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir).filter((name) => /^\d+\.\d\.m4s$/.test(name)).length;
}

export type Rgb = readonly [number, number, number];

/**
 * The decoded picture, not the element: the video's current frame drawn to a canvas, and the
 * mean colour of a square patch (a quarter of the frame's height) around each of `centres`, given
 * as fractions of the frame's width and height (a patch, so the encoder's edges and chroma
 * subsampling at a border do not count). Null while there is no frame.
 */
export function framePatches(
  video: Locator,
  centres: readonly (readonly [number, number])[],
): Promise<Rgb[] | null> {
  return video.evaluate((element: HTMLVideoElement, points) => {
    const w = element.videoWidth;
    const h = element.videoHeight;
    if (!w || !h || element.readyState < 2) return null;
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(element, 0, 0, w, h);
    const size = Math.floor(h / 4);
    return points.map(([fx, fy]): [number, number, number] => {
      const { data } = context.getImageData(
        Math.floor(fx * w - size / 2),
        Math.floor(fy * h - size / 2),
        size,
        size,
      );
      const sum = [0, 0, 0];
      for (let i = 0; i < data.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += data[i + c]!;
      const n = data.length / 4;
      return [Math.round(sum[0]! / n), Math.round(sum[1]! / n), Math.round(sum[2]! / n)];
    });
  }, centres);
}

/**
 * What the element is doing, for a failure's message: a frozen frame with media buffered ahead
 * and a playhead that stopped reads as readyState 2 (decision 441).
 */
export function videoElementState(video: Locator) {
  return video.evaluate((v: HTMLVideoElement) => ({
    currentTime: v.currentTime,
    paused: v.paused,
    readyState: v.readyState,
    buffered: Array.from({ length: v.buffered.length }, (_, i) => [
      v.buffered.start(i),
      v.buffered.end(i),
    ]),
    seekable: v.seekable.length ? [v.seekable.start(0), v.seekable.end(0)] : [],
    frames: v.getVideoPlaybackQuality().totalVideoFrames,
  }));
}

/** The middle of each half of the picture. */
export async function frameHalves(video: Locator): Promise<{ left: Rgb; right: Rgb } | null> {
  const patches = await framePatches(video, [
    [0.25, 0.5],
    [0.75, 0.5],
  ]);
  return patches ? { left: patches[0]!, right: patches[1]! } : null;
}

/**
 * The slate's navy (`slateCanvas` in api/src/ingest/server/slate.ts), which fills the picture
 * around its words; the test card has colour bars there and the feed magenta and cyan/yellow.
 */
export const SLATE_NAVY: Rgb = [16, 28, 58];

/** Whether the picture is the slate: navy above and below its line of words, left and right. */
export async function slateShown(video: Locator): Promise<boolean> {
  const patches = await framePatches(video, [
    [0.25, 0.15],
    [0.75, 0.15],
    [0.5, 0.85],
  ]);
  return !!patches && patches.every((patch) => near(patch, SLATE_NAVY));
}

/** Whether a colour is within a lossy encode's reach of another (each channel within 60). */
export const near = (seen: Rgb, wanted: Rgb) =>
  seen.every((value, i) => Math.abs(value - wanted[i]!) <= 60);

/** Which phase of the feed the picture shows: its start, later, or not the feed at all. */
export async function feedPhase(video: Locator): Promise<'start' | 'later' | 'other'> {
  const halves = await frameHalves(video);
  if (!halves || !near(halves.left, FEED.left)) return 'other';
  if (near(halves.right, FEED.rightAtStart)) return 'start';
  if (near(halves.right, FEED.rightLater)) return 'later';
  return 'other';
}
