/**
 * `npm run bench:ingest -- --record`: a run's CPU and storage figures go into
 * deploy/capacity/ingest-measured.json (its schema: deploy/src/capacity/ingest.ts), from which
 * `npm run capacity` writes docs/capacity.md's Ingest section. The hand-timed runs that stood
 * there before (decision 418) are replaced by the first recorded run; later runs are added.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FILE = path.resolve(import.meta.dirname, '..', '..', 'deploy/capacity/ingest-measured.json');
/** CPU figures are written as CPU seconds for this many seconds of feed. */
const FEED_SECONDS = 10;

export interface RecordedRun {
  /** CPU seconds per media second: the full ladder, and the ladder with the top copied. */
  ladderCpuPerSecond: number;
  passthroughCpuPerSecond: number;
  /** The full ladder's parts (every rendition and the commentary), MB per match hour. */
  partsMegabytesPerHour: number;
}

export function recordIngestRun(run: RecordedRun): string {
  const old = JSON.parse(fs.readFileSync(FILE, 'utf8')) as { source: string; runs: unknown[] };
  const round = (value: number) => Math.round(value * 100) / 100;
  const file = {
    source: 'bench:ingest',
    method:
      'npm run bench:ingest: /proc CPU seconds per media second of ffmpeg with the transcoder’s own arguments, a second player of the live feed beside the site (decision 486)',
    feed: `${FEED_SECONDS} s of the bench's RTMP feed (1280x720, 25 fps H.264 ultrafast with a 2 s GOP, AAC; ffmpeg's moving test pattern under the burned-in capture time)`,
    feedSeconds: FEED_SECONDS,
    machine: { cores: os.cpus().length, loadavg: os.loadavg().map(round) },
    runs: [
      ...(old.source === 'bench:ingest' ? old.runs : []),
      {
        at: new Date().toISOString(),
        ladderCpuSeconds: round(run.ladderCpuPerSecond * FEED_SECONDS),
        passthroughCpuSeconds: round(run.passthroughCpuPerSecond * FEED_SECONDS),
        partsMegabytesPerHour: Math.round(run.partsMegabytesPerHour),
      },
    ],
  };
  fs.writeFileSync(FILE, `${JSON.stringify(file, null, 2)}\n`);
  return FILE;
}
