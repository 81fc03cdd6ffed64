/**
 * bench:ingest's site: `npm start` (deploy/src/cli/start.ts) on its own port, RTMP port and a
 * fresh data folder, with an operator token of the bench's; and the operator's calls that make
 * a match on a channel of its own, a stream key and the match live, each response checked.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { CATALOG_PATHS, INGEST_PATHS, operatorEventStatePath } from '@crease/contract';
import type { IngestKeyCreated } from '@crease/contract';
import type { ResponseCheck } from '@crease/test-utils/bench-kit';

const root = path.resolve(import.meta.dirname, '..', '..');
const OPERATOR_TOKEN = 'bench-ingest-operator-token';
const HOUR_MS = 3_600_000;

export interface BenchSite {
  child: ChildProcess;
  dataDir: string;
  stop(): void;
}

/** Starts the site as `npm start` does; resolves once /healthz answers. */
export async function startIngestSite(options: {
  port: number;
  rtmpPort: number;
  dataDir: string;
  renditions: string;
}): Promise<BenchSite> {
  fs.rmSync(options.dataDir, { recursive: true, force: true });
  fs.mkdirSync(options.dataDir, { recursive: true });
  const log = fs.openSync(path.join(options.dataDir, 'site.log'), 'a');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'deploy/src/cli/start.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: '127.0.0.1',
        CREASE_DATA_DIR: options.dataDir,
        CREASE_INGEST_RTMP_PORT: String(options.rtmpPort),
        CREASE_CATALOG_OPERATOR_TOKENS: `bench:${OPERATOR_TOKEN}`,
        // The flood check (decision 440) counts bytes per 2 s of the ingest's clock: a starved
        // ingest on this shared machine read an honest 2,500 kbit/s encoder's backlog as 20+
        // Mbit/s and dropped it. The bench measures latency, not that check (docs/streams.md).
        CREASE_INGEST_MAX_KBPS: '200000',
        ...(options.renditions === 'all' ? {} : { CREASE_INGEST_RENDITIONS: options.renditions }),
      },
      stdio: ['ignore', log, log],
    },
  );
  const site = { child, dataDir: options.dataDir, stop: () => void child.kill('SIGTERM') };
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/healthz`)).ok) return site;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  site.stop();
  throw new Error(`the site did not start (see ${path.join(options.dataDir, 'site.log')})`);
}

/** An operator call on the API host, its response recorded and required to be `expected`. */
async function operatorCall<T>(
  check: ResponseCheck,
  port: number,
  method: 'POST',
  urlPath: string,
  body: unknown,
  expected: number[],
): Promise<T> {
  const payload = JSON.stringify(body);
  const { status, text } = await new Promise<{ status: number; text: string }>(
    (resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: `/${urlPath}`,
          headers: {
            host: `api.localhost:${port}`,
            authorization: `Bearer ${OPERATOR_TOKEN}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on('error', reject);
      request.end(payload);
    },
  );
  const callType = `operator: ${method} ${urlPath.replace(/[^/]*-bench-[^/]*/g, ':id')}`;
  check.record(callType, status, { status: expected });
  check.assertExpected(callType);
  return JSON.parse(text) as T;
}

export interface BenchMatch {
  leagueId: string;
  eventId: string;
  channelId: string;
  key: IngestKeyCreated;
}

/** A league and a T20 match of the bench's own on a channel of its own, a key, the match live. */
export async function makeLiveMatch(check: ResponseCheck, port: number): Promise<BenchMatch> {
  const leagueId = `ingest-bench-${Date.now().toString(36)}`;
  const eventId = `${leagueId}-match`;
  const channelId = `${leagueId}-channel`;
  await operatorCall(
    check,
    port,
    'POST',
    CATALOG_PATHS.operatorLeagues,
    {
      leagueId,
      caption: `Ingest Bench ${leagueId}`,
      description: 'The ingest bench’s own league.',
      logo: 'crease-premier-league',
      logoAltText: 'Ingest Bench logo',
      application: 'live',
      status: 'in_progress',
      active: true,
    },
    [200, 201],
  );
  const now = Date.now();
  await operatorCall(
    check,
    port,
    'POST',
    CATALOG_PATHS.operatorEvents,
    {
      eventId,
      leagueId,
      title: 'Encoders v Glass',
      teams: [
        {
          name: 'Encoders',
          shortName: 'ENC',
          colours: { primary: '#0044aa', secondary: '#ffffff' },
        },
        { name: 'Glass', shortName: 'GLS', colours: { primary: '#aa2200', secondary: '#ffee00' } },
      ],
      venue: { name: 'Loopback Oval', city: 'Localhost', country: 'Internet' },
      format: 't20',
      startTime: new Date(now).toISOString(),
      estimatedEnd: new Date(now + 3 * HOUR_MS).toISOString(),
      channelId,
    },
    [200, 201],
  );
  const key = await operatorCall<IngestKeyCreated>(
    check,
    port,
    'POST',
    INGEST_PATHS.keys.replace(':channelId', channelId),
    {},
    [201],
  );
  await operatorCall(
    check,
    port,
    'POST',
    operatorEventStatePath(eventId),
    {
      status: 'live',
      toss: { winner: 'ENC', decision: 'bat' },
      innings: [{ team: 'ENC', runs: 0, wickets: 0, overs: '0', declared: false }],
      eventStatus: 'live',
    },
    [200],
  );
  return { leagueId, eventId, channelId, key };
}
