/**
 * The API's side of the embedded ingest server (decision 416): when CREASE_INGEST_RTMP_PORT is
 * set, the API forks `server/ingest-server.ts` (node-media-server and its transcoders run there,
 * never on the API's event loop) and answers its publish questions over IPC from StreamKeys. A
 * server that dies (a crash, the port taken) is started again after a pause, a few times.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { IngestConfig } from '../platform/ingest-config';
import { answerPublish } from './publish-authority';
import type { PublishQuestion } from './publish-authority';
import type { StreamKeys } from './stream-keys';

const RESTART_AFTER_MS = 2000;
const MAX_RESTARTS = 5;

export interface IngestProcessOptions {
  config: IngestConfig;
  keys: StreamKeys;
  /** The rendered test card (the live inits must be its inits). */
  cardDir: string;
  dataDir: string;
  log: FastifyBaseLogger;
}

export class IngestProcess {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restarts = 0;

  constructor(private readonly options: IngestProcessOptions) {}

  start(): void {
    const { config, keys, cardDir, dataDir, log } = this.options;
    const answer = answerPublish(keys, config.publishLeaseSeconds);
    const child = fork(path.join(import.meta.dirname, 'server', 'ingest-server.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: {
        ...process.env,
        CREASE_INGEST_RTMP_PORT: String(config.rtmpPort),
        CREASE_INGEST_LIVE_DIR: config.liveDir,
        CREASE_INGEST_CARD_DIR: cardDir,
        CREASE_INGEST_RENDITIONS: config.renditions?.join(',') ?? '',
        CREASE_INGEST_MAX_KBPS: String(config.maxPublishKbps),
        CREASE_INGEST_STORE_DIR: path.join(dataDir, 'ingest-server'),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child = child;
    child.on('message', (raw: { id?: number; question?: PublishQuestion; ready?: boolean }) => {
      if (raw.ready) {
        if (this.restarts === 0)
          console.info(
            `RTMP ingest at ${config.rtmpUrl}/<stream key> (docs/streams.md, Going live)`,
          );
        this.restarts = 0;
        return;
      }
      if (raw.id === undefined || !raw.question) return;
      void answer(raw.question).then((reply) => {
        if (child.connected) child.send({ id: raw.id, answer: reply });
      });
    });
    child.on('exit', (code, signal) => {
      this.child = null;
      if (this.stopping) return;
      log.error({ code, signal }, 'the ingest server stopped');
      if (this.restarts >= MAX_RESTARTS) return;
      this.restarts += 1;
      setTimeout(() => this.stopping || this.start(), RESTART_AFTER_MS).unref();
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (!child) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}
