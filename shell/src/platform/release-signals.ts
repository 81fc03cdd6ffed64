import { MAX_SIGNALS_PER_BATCH } from '@crease/contract';
import type { RemoteName, SignalBatch, SignalEvent, VitalName } from '@crease/contract';
import type { RemoteSignals } from '../remotes/remote-signals';
import { sendOpsBeacon } from './ops-events';
import type { OpsTransport } from './ops-events';

export interface SignalQueueOptions {
  /** Absolute URL of SIGNALS_PATH on the page's origin. */
  url: string;
  transport?: OpsTransport;
  /** A long-lived tab sends what it has this long after the first event it queued. */
  delayMs?: number;
  /** Events kept while unsent; beyond it the oldest go (a flood never grows memory). */
  maxQueued?: number;
  /** The proof of what this browser was served, per remote version (decision 155). */
  proofFor?: (remote: RemoteName, version: string) => string | null;
  /** The signed-in viewer's access token at send time, so their word counts (decision 411). */
  viewer?: () => string | null;
}

/**
 * Queues signals and sends them in batches: when the page is hidden or goes away (a beacon
 * survives that), when a batch is full, and `delayMs` after the first unsent event. Sending
 * never throws and never delays the page; a lost batch is lost.
 */
export class SignalQueue implements RemoteSignals {
  private queue: SignalEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly delayMs: number;
  private readonly maxQueued: number;

  constructor(private readonly options: SignalQueueOptions) {
    this.delayMs = options.delayMs ?? 5000;
    this.maxQueued = options.maxQueued ?? 500;
  }

  view(remote: RemoteName, version: string) {
    this.push({ remote, version, kind: 'view' });
  }

  loadFailure(remote: RemoteName, version: string) {
    this.push({ remote, version, kind: 'load-failure' });
  }

  fallback(remote: RemoteName, version: string) {
    this.push({ remote, version, kind: 'fallback' });
  }

  crash(remote: RemoteName, version: string) {
    this.push({ remote, version, kind: 'crash' });
  }

  vital(remote: RemoteName, version: string, name: VitalName, value: number) {
    if (!Number.isFinite(value) || value < 0) return;
    this.push({ remote, version, kind: 'vital', name, value: Math.round(value * 1000) / 1000 });
  }

  /**
   * Sends everything queued now, in batches of at most MAX_SIGNALS_PER_BATCH, each with the
   * release proof that names its events' versions (one batch per proof: a tab that crossed a
   * promote holds events of two maps).
   */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const byProof = new Map<string | null, SignalEvent[]>();
    for (const event of this.queue.splice(0)) {
      const proof = this.options.proofFor?.(event.remote, event.version) ?? null;
      const events = byProof.get(proof) ?? [];
      events.push(event);
      byProof.set(proof, events);
    }
    const viewer = this.options.viewer?.() ?? null;
    for (const [proof, events] of byProof) {
      for (let i = 0; i < events.length; i += MAX_SIGNALS_PER_BATCH) {
        const body: SignalBatch = {
          ...(proof ? { proof } : {}),
          ...(viewer ? { viewer } : {}),
          events: events.slice(i, i + MAX_SIGNALS_PER_BATCH),
        };
        sendOpsBeacon(this.options.url, JSON.stringify(body), this.options.transport);
      }
    }
  }

  /** Flushes when the page is hidden or left (pagehide also covers the back/forward cache). */
  listen(
    win: Pick<Window, 'addEventListener'>,
    doc: Pick<Document, 'addEventListener' | 'visibilityState'>,
  ): void {
    win.addEventListener('pagehide', () => this.flush());
    doc.addEventListener('visibilitychange', () => {
      if (doc.visibilityState === 'hidden') this.flush();
    });
  }

  private push(event: SignalEvent) {
    this.queue.push(event);
    if (this.queue.length > this.maxQueued)
      this.queue.splice(0, this.queue.length - this.maxQueued);
    if (this.queue.length >= MAX_SIGNALS_PER_BATCH) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.delayMs);
  }
}
