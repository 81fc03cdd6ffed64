/**
 * The ingest server as a process of its own (decision 416): the API forks it when
 * CREASE_INGEST_RTMP_PORT is set (`npm start`: 1935) and answers its publish questions over IPC.
 * Its settings come from the environment the API gives it.
 */
import { systemClock } from '../../platform/clock';
import type { PublishAnswer, PublishAuthority, PublishQuestion } from '../publish-authority';
import { IngestServer } from './rtmp-server';

/** Asks the parent API process over IPC (ingest-process.ts answers). */
function parentAuthority(): PublishAuthority {
  let nextId = 1;
  const waiting = new Map<number, (answer: PublishAnswer) => void>();
  process.on('message', (raw: { id: number; answer: PublishAnswer }) => {
    waiting.get(raw.id)?.(raw.answer);
    waiting.delete(raw.id);
  });
  return {
    ask: (question: PublishQuestion) =>
      new Promise((resolve, reject) => {
        if (!process.send) return reject(new Error('no API process to ask'));
        const id = nextId++;
        waiting.set(id, resolve);
        process.send({ id, question });
      }),
  };
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const server = new IngestServer({
  rtmpPort: Number(required('CREASE_INGEST_RTMP_PORT')),
  authority: parentAuthority(),
  liveDir: required('CREASE_INGEST_LIVE_DIR'),
  cardDir: required('CREASE_INGEST_CARD_DIR'),
  storeDir: required('CREASE_INGEST_STORE_DIR'),
  renditions: process.env.CREASE_INGEST_RENDITIONS?.split(',').filter(Boolean) ?? [],
  maxKbps: Number(required('CREASE_INGEST_MAX_KBPS')),
  // The ingest clock: program-date-time is the wall time a picture arrived here.
  nowMs: () => systemClock.now().getTime(),
  log: (line) => console.info(line),
  // Each channel's health to the API every 2 s (decision 448).
  report: (reports) => process.send?.({ health: reports }),
});
// The producer's slate by hand, asked by the API (decision 450).
process.on('message', (raw: { slate?: { channelId: string; on: boolean } }) => {
  if (raw.slate) server.hold(raw.slate.channelId, raw.slate.on);
});

await server.start();
process.send?.({ ready: true });
const shutdown = () => void server.stop().finally(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
process.on('disconnect', shutdown);
