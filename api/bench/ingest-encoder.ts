/**
 * bench:ingest's encoder (decision 485): ffmpeg publishing RTMP in real time, as an OBS would
 * (H.264 with a 2 s keyframe interval, AAC 48 kHz): ffmpeg's moving 1280×720 test pattern (so
 * the ladder's encoders have a picture to work on) with the burned-in capture time
 * (frame-code.ts) as blocks over its top quarter: 32 columns of 40 pixels, the bits in the top
 * eighth and the inverted bits in the next. The code's frames also leave on the encoder's
 * stdout as 64 raw bytes each, so the bench reads, on its own wall clock, the moment each frame
 * left the encoder's filters: a frame's capture time is that moment, looked up by its code.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import os from 'node:os';
import { ffmpegPath } from '../src/streams';
import { CODE_COLUMNS, decodeFrameCode, frameCodeExpression } from '../src/ingest/bench/frame-code';

const FRAME_BYTES = CODE_COLUMNS * 2;

export interface StampedEncoder {
  child: ChildProcess;
  /** Wall ms when the encoder was started (it connects to the ingest right after). */
  startedAt: number;
  /** Wall ms at which each code's frame left the encoder, by code. */
  capturedAt: Map<number, number>;
  /** Frames the encoder made whose own code did not read back (a broken encoder). */
  unreadable: number;
  exited: Promise<number | null>;
  said: () => string;
}

export function startStampedEncoder(target: string): StampedEncoder {
  const startedAt = Date.now();
  const picture =
    `color=c=gray:size=32x2:rate=25,realtime,` +
    `geq=lum='${frameCodeExpression(startedAt)}':cb=128:cr=128,split[big][code];` +
    `[big]scale=1280:180:flags=neighbor[band];testsrc=size=1280x720:rate=25[pattern];` +
    `[pattern][band]overlay=0:0:shortest=1,format=yuv420p[v];[code]format=gray[c]`;
  const child = spawn(
    ffmpegPath(),
    [
      ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
      ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
      ...['-filter_complex', picture],
      ...['-map', '[v]', '-map', '0:a'],
      // As docs/streams.md asks of OBS: 2,500 kbit/s, capped (uncapped, ultrafast on the test
      // pattern passes the ingest's 20,000 kbit/s flood limit when it catches up after a stall).
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency'],
      ...['-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '2500k'],
      ...['-g', '50', '-keyint_min', '50', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-b:a', '128k', '-f', 'flv', target],
      ...['-map', '[c]', '-f', 'rawvideo', '-pix_fmt', 'gray', '-flush_packets', '1', 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // A stand-in for a camera's encoder on a machine of its own: the shared machine's load must not
  // starve it (root may raise its priority; elsewhere it runs as it is).
  try {
    os.setPriority(child.pid!, -5);
  } catch {
    // not permitted: measured as it is
  }
  const encoder: StampedEncoder = {
    child,
    startedAt,
    capturedAt: new Map(),
    unreadable: 0,
    exited: new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
    ),
    said: () => stderr,
  };
  let pending = Buffer.alloc(0);
  child.stdout.on('data', (chunk: Buffer) => {
    const now = Date.now();
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= FRAME_BYTES) {
      const row = [...pending.subarray(0, FRAME_BYTES)];
      pending = pending.subarray(FRAME_BYTES);
      const code = decodeFrameCode(row.slice(0, CODE_COLUMNS), row.slice(CODE_COLUMNS));
      if (code === null) encoder.unreadable += 1;
      else encoder.capturedAt.set(code, now);
    }
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  return encoder;
}
