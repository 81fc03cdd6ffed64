/**
 * The sandbox provider's webhook sender. Events are written to `webhook_deliveries` in the same
 * transaction as the payment that caused them (an outbox), so nothing is lost if either side
 * restarts: every API replica runs this dispatcher, which claims due rows (SKIP LOCKED, with a
 * lease), POSTs them signed, and on anything but 2xx schedules a retry with exponential backoff,
 * as real providers do, for up to three days.
 */
import http from 'node:http';
import https from 'node:https';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../platform/db/client';
import { webhookDeliveries } from './sandbox-tables';
import type { Clock } from '../../../platform/clock';
import { SANDBOX_SIGNATURE_HEADER, signatureHeader } from '../webhook-signature';

/** Anything that can insert (the db or an open transaction). */
type Writer = Pick<Db, 'insert'>;

const BATCH = 20;
const LEASE_SECONDS = 30;
const REQUEST_TIMEOUT_MS = 10_000;
const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

export interface DispatcherOptions {
  secret: string;
  intervalMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** The URL a new event goes to, decided when it is enqueued and kept with it. */
  target(): string;
  /** Runs before each pass: the provider's own timed events (session expiry) enqueue here. */
  beforePass?: () => Promise<void>;
}

export interface DueDelivery {
  id: string;
  target_url: string;
  payload: string;
  attempts: number;
  created_at: Date | string;
}

/** The provider object an event is about (a checkout session, a charge), or the event itself. */
function subjectOf(delivery: DueDelivery): string {
  try {
    const parsed = JSON.parse(delivery.payload) as { data?: { object?: { id?: unknown } } };
    const id = parsed.data?.object?.id;
    return typeof id === 'string' ? id : delivery.id;
  } catch {
    return delivery.id;
  }
}

/**
 * The batch in queues, one per provider object, each in the order its events happened. The
 * ledger dates a decline when it learns of it (webhook-events.ts), so a decline and the payment
 * that followed it on one checkout must arrive in that order for the history to list them so.
 */
export function deliveryQueues(due: DueDelivery[]): DueDelivery[][] {
  const queues = new Map<string, DueDelivery[]>();
  const inOrder = [...due].sort(
    (a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime(),
  );
  for (const delivery of inOrder) {
    const subject = subjectOf(delivery);
    const queue = queues.get(subject);
    if (queue) queue.push(delivery);
    else queues.set(subject, [delivery]);
  }
  return [...queues.values()];
}

/** The delay before attempt n+1 after n failures: base · 2^(n-1), capped, ±20 % jitter. */
export function retryDelayMs(baseMs: number, maxMs: number, failures: number): number {
  const raw = Math.min(baseMs * 2 ** Math.min(30, Math.max(0, failures - 1)), maxMs);
  return Math.round(raw * (0.8 + Math.random() * 0.4));
}

/** POSTs the body; *.localhost goes to loopback with its Host kept (the edge routes by Host). */
function post(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const target = new URL(url);
  const loopback = target.hostname === 'localhost' || target.hostname.endsWith('.localhost');
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      {
        method: 'POST',
        hostname: loopback ? '127.0.0.1' : target.hostname,
        port: target.port || (target.protocol === 'https:' ? 443 : 80),
        path: `${target.pathname}${target.search}`,
        headers: {
          ...headers,
          host: target.host,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Crease-Sandbox-Payments/1.0 (+webhooks)',
        },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (response) => {
        response.resume(); // The answer's body does not matter, only its status.
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('webhook request timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: DispatcherOptions,
  ) {}

  /** Writes the event to the outbox, inside the caller's transaction. Call kick() after commit. */
  async enqueue(writer: Writer, eventId: string, payload: string): Promise<void> {
    const now = this.clock.now();
    await writer.insert(webhookDeliveries).values({
      id: randomUUID(),
      eventId,
      targetUrl: this.options.target(),
      payload,
      nextAttemptAt: now,
      createdAt: now,
    });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Deliver now (a new event was committed): the webhook should land in milliseconds. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain()
        .catch((error: unknown) => this.log.error({ err: error }, 'webhook dispatch failed'))
        .finally(() => {
          this.running = null;
          const soon = this.again;
          this.again = false;
          this.schedule(soon ? 0 : this.options.intervalMs);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** Delivers every due event (several batches if needed). */
  private async drain(): Promise<void> {
    await this.options.beforePass?.();
    for (;;) {
      const due = await this.claim();
      // Different objects' events go out together; one object's, one after another.
      await Promise.all(
        deliveryQueues(due).map(async (queue) => {
          for (const delivery of queue) await this.deliver(delivery);
        }),
      );
      if (due.length < BATCH || this.stopped) return;
    }
  }

  private async claim(): Promise<DueDelivery[]> {
    const now = this.clock.now();
    const leaseEnd = new Date(now.getTime() + LEASE_SECONDS * 1000);
    const giveUpBefore = new Date(now.getTime() - GIVE_UP_AFTER_MS);
    const result = (await this.db.execute(sql`
      UPDATE webhook_deliveries SET lease_until = ${leaseEnd.toISOString()}::timestamptz,
        attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM webhook_deliveries
        WHERE delivered_at IS NULL
          AND next_attempt_at <= ${now.toISOString()}::timestamptz
          AND (lease_until IS NULL OR lease_until <= ${now.toISOString()}::timestamptz)
          AND created_at > ${giveUpBefore.toISOString()}::timestamptz
        ORDER BY next_attempt_at LIMIT ${BATCH}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, target_url, payload, attempts, created_at`)) as unknown as {
      rows: DueDelivery[];
    };
    return result.rows;
  }

  private async deliver(delivery: DueDelivery): Promise<void> {
    // Signed at send time: each attempt carries a fresh timestamp within the tolerance.
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    let status = 0;
    let problem: string | null = null;
    try {
      status = await post(delivery.target_url, delivery.payload, {
        [SANDBOX_SIGNATURE_HEADER]: signatureHeader(
          this.options.secret,
          timestamp,
          delivery.payload,
        ),
      });
      if (status < 200 || status >= 300) problem = `HTTP ${status}`;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    const now = this.clock.now();
    if (problem === null) {
      await this.db.execute(sql`
        UPDATE webhook_deliveries SET delivered_at = ${now.toISOString()}::timestamptz,
          last_status = ${status}, last_error = NULL, lease_until = NULL
        WHERE id = ${delivery.id}`);
      return;
    }
    const next = new Date(
      now.getTime() +
        retryDelayMs(this.options.retryBaseMs, this.options.retryMaxMs, Number(delivery.attempts)),
    );
    this.log.warn(
      { delivery: delivery.id, attempts: delivery.attempts, problem },
      'webhook delivery failed; will retry',
    );
    await this.db.execute(sql`
      UPDATE webhook_deliveries SET next_attempt_at = ${next.toISOString()}::timestamptz,
        last_status = ${status || null}, last_error = ${problem.slice(0, 500)}, lease_until = NULL
      WHERE id = ${delivery.id}`);
  }
}
