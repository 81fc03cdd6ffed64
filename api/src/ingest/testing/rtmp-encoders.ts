/**
 * For the ingest tests that publish real RTMP (issue 32): a synthetic encoder (ffmpeg's test
 * pattern and a tone, published in real time, small so the 2-core machine keeps up), a wait
 * that polls, and the part files a transcoder left in the live folder.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ffmpegPath } from '../../streams/media/render-media';

export type Encoder = ChildProcess & { exited: Promise<number | null> };

/** Publishes `input` (lavfi test sources by default) to `url` as FLV over RTMP, in real time. */
export function rtmpEncoder(url: string, input?: string[], output?: string[]): Encoder {
  const child = spawn(
    ffmpegPath(),
    [
      ...['-hide_banner', '-loglevel', 'error', '-re'],
      ...(input ?? [
        ...['-f', 'lavfi', '-i', 'testsrc=size=320x180:rate=25'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ]),
      ...(output ?? [
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '50'],
        '-c:a',
        'aac',
      ]),
      ...['-f', 'flv', url],
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return Object.assign(child, { exited });
}

export const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Polls `probe` every 250 ms until it gives a value (a minute at most). */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | false> | T | null | false,
  tries = 240,
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** The slots (sequence × 10 + part) of a rendition's live part files, in order. */
export function liveSlots(liveDir: string, channelId: string, rendition: string): number[] {
  const dir = path.join(liveDir, channelId, rendition);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => /^(\d+)\.(\d)\.m4s$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]) * 10 + Number(m[2]))
    .sort((a, b) => a - b);
}

/** A slot's part file, or null. */
export function slotFile(
  liveDir: string,
  channelId: string,
  rendition: string,
  slot: number,
): Buffer | null {
  const file = path.join(
    liveDir,
    channelId,
    rendition,
    `${Math.floor(slot / 10)}.${slot % 10}.m4s`,
  );
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}
