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
import type { HealthBook } from './health-book';
import { answerPublish } from './publish-authority';
import type { ChannelReport } from './server/channel-health';
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
  /** Where the ingest's health reports are kept (decision 448), with each channel's viewers. */
  health?: { book: HealthBook; viewers: (channelId: string) => Promise<number> };
}

export class IngestProcess {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restarts = 0;
  /** Channels whose slate the producer holds up: sent again to a restarted ingest server. */
  private readonly held = new Set<string>();

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
    type Message = {
      id?: number;
      question?: PublishQuestion;
      ready?: boolean;
      health?: ChannelReport[];
    };
    child.on('message', (raw: Message) => {
      if (raw.health) return void this.recordHealth(raw.health);
      if (raw.ready) {
        if (this.restarts === 0)
          console.info(
            `RTMP ingest at ${config.rtmpUrl}/<stream key> (docs/streams.md, Going live)`,
          );
        this.restarts = 0;
        for (const channelId of this.held) child.send({ slate: { channelId, on: true } });
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

  private async recordHealth(reports: ChannelReport[]): Promise<void> {
    const health = this.options.health;
    if (!health) return;
    for (const report of reports) {
      const viewers = await health.viewers(report.channelId).catch(() => 0);
      health.book.record(report, viewers);
    }
  }

  /**
   * The slate up or down by hand (decision 450): whether this changed anything (a second press
   * does not). Kept here too, so a restarted ingest server holds it again.
   */
  holdSlate(channelId: string, on: boolean): boolean {
    if (this.held.has(channelId) === on) return false;
    if (on) this.held.add(channelId);
    else this.held.delete(channelId);
    if (this.child?.connected) this.child.send({ slate: { channelId, on } });
    return true;
  }

  slateHeld(channelId: string): boolean {
    return this.held.has(channelId);
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
