/**
 * `npm run ingest:demo -- <channelId> [--key <streamKey>]`: a synthetic live feed through the
 * real ingest path, no camera needed (issue 32 §5). ffmpeg's test pattern with the wall clock
 * burned in and a 440 Hz tone, encoded as OBS would (H.264 with a 2 s keyframe interval, AAC),
 * published over RTMP to the running site's ingest (`npm start`: rtmp://localhost:1935/live).
 * Without `--key` it makes a stream key for the channel through the operator API, with the first
 * of CREASE_CATALOG_OPERATOR_TOKENS (the same variable `npm start` read). Ctrl-C stops it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { INGEST_PATHS } from '@crease/contract';
import type { IngestKeyCreated } from '@crease/contract';
import { ffmpegPath } from '../streams';
import { withResolvedHost } from './rtmp-address';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    key: { type: 'string' },
    rtmp: { type: 'string' },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
  },
});
const [channelId] = positionals;
if (!channelId || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(channelId)) {
  console.error('Usage: npm run ingest:demo -- <channelId> [--key <streamKey>] [--rtmp <url>]');
  console.error('  channelId: the channel of a match (its event’s channelId, e.g. ch-<eventId>).');
  process.exit(2);
}

/** POST to the API host of `npm start` (api.localhost, on the site's port). */
function createKey(token: string): Promise<IngestKeyCreated> {
  const body = JSON.stringify({ role: 'primary' });
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: Number(values.port),
        method: 'POST',
        path: `/${INGEST_PATHS.keys.replace(':channelId', channelId as string)}`,
        headers: {
          host: `api.localhost:${values.port}`,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          response.statusCode === 201
            ? resolve(JSON.parse(text) as IngestKeyCreated)
            : reject(new Error(`the API answered ${response.statusCode}: ${text}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function streamTarget(): Promise<string> {
  if (values.key) return `${values.rtmp ?? 'rtmp://localhost:1935/live'}/${values.key}`;
  const token = process.env.CREASE_CATALOG_OPERATOR_TOKENS?.split(',')[0]?.split(':')[1];
  if (!token) {
    console.error(
      'No stream key: pass --key <streamKey>, or set CREASE_CATALOG_OPERATOR_TOKENS=name:token for both `npm start` and this command so it can make one.',
    );
    process.exit(2);
  }
  const key = await createKey(token);
  console.info(`Made a stream key for ${channelId}: ${key.keyId} (revoke it when done).`);
  return `${values.rtmp ?? key.rtmpUrl}/${key.streamKey}`;
}

/** A font for the burned-in clock, where the machine has one (Chromium's packages bring them). */
const FONT = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf',
].find((file) => fs.existsSync(file));

const target = await withResolvedHost(await streamTarget()).catch((error: Error) => {
  console.error(`Cannot resolve the RTMP server's host name: ${error.message}`);
  process.exit(2);
});
const clock = FONT
  ? `,drawtext=fontfile=${FONT}:text='%{gmtime\\:%H\\\\\\:%M\\\\\\:%S} UTC':x=40:y=h-120:fontsize=72:fontcolor=white:box=1:boxcolor=black@0.6`
  : '';
if (!FONT) console.warn('No font found: the feed runs without its burned-in clock.');
const encoder = spawn(
  ffmpegPath(),
  [
    ...['-hide_banner', '-loglevel', 'warning', '-re'],
    ...['-f', 'lavfi', '-i', `testsrc=size=1280x720:rate=25${clock}`],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    // As OBS sends it: H.264, a keyframe every 2 s, AAC.
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-b:v', '2500k'],
    ...['-g', '50', '-keyint_min', '50', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-f', 'flv', target],
  ],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
console.info(
  `Publishing a test feed to ${target.replace(/[^/]+$/, '<stream key>')} (Ctrl-C stops).`,
);
process.on('SIGINT', () => encoder.kill('SIGINT'));
encoder.on('exit', (code) => {
  console.info(code === 0 || code === 255 ? 'Stopped.' : `ffmpeg ended (${code}).`);
  process.exit(code === 0 || code === 255 ? 0 : 1);
});
