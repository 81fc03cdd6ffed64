/**
 * The match-reminder job (decision 275). Every API replica runs it on the API's clock:
 * 1. a followed team's match that has started gets a `followed` reminder row for each viewer
 *    who opted in (INSERT … ON CONFLICT DO NOTHING: the row is the once-only record);
 * 2. reminders whose match is cancelled, abandoned or over are dropped, with the reason;
 * 3. due rows are claimed (FOR UPDATE SKIP LOCKED plus a lease, so two replicas never take the
 *    same row, and a replica that dies mid-send frees it when the lease ends), mailed through
 *    the API's mailer (the outbox table, or SMTP), and marked sent.
 * All state is in the database, so a restart resumes where the last pass stopped.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../accounts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { reminderMail } from './reminder-mail';
import type { ReminderSubject } from './reminder-mail';

const BATCH = 50;
/** Longer than one send takes; a replica that dies mid-send frees its rows after this. */
const LEASE_SECONDS = 120;

/** A match is due once it has started (by the clock or by going live) and until it ends. */
const DUE = (now: string) => sql`e.status IN ('scheduled', 'live')
  AND (e.start_time <= ${now}::timestamptz OR e.status = 'live')
  AND e.estimated_end > ${now}::timestamptz`;

interface ClaimedRow {
  user_id: string;
  event_id: string;
  source: 'asked' | 'followed';
  email: string;
  title: string;
  start_time: unknown;
  venue: { name: string; city: string };
  caption: string;
}

export interface ReminderPass {
  enqueued: number;
  dropped: number;
  sent: number;
  failed: number;
}

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export class ReminderJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly siteOrigin: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Passes every `intervalSeconds` until stop(); 0 runs none (tests call pass()). */
  start(intervalSeconds: number): void {
    if (intervalSeconds <= 0 || !this.stopped) return;
    this.stopped = false;
    const next = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.running = this.pass()
          .catch((error: unknown) => this.log.error({ err: error }, 'reminder pass failed'))
          .finally(() => {
            this.running = null;
            next();
          });
      }, intervalSeconds * 1000);
      this.timer.unref();
    };
    next();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass: enqueue followed matches, drop dead reminders, send every due one. */
  async pass(): Promise<ReminderPass> {
    const now = this.clock.now().toISOString();
    const enqueued = await this.enqueueFollowed(now);
    const dropped = await this.dropDead(now);
    let sent = 0;
    let failed = 0;
    for (;;) {
      const claimed = await this.claim(now);
      for (const row of claimed) {
        if (await this.send(row)) sent += 1;
        else failed += 1;
      }
      if (claimed.length < BATCH) break;
    }
    return { enqueued, dropped, sent, failed };
  }

  private async enqueueFollowed(now: string): Promise<number> {
    const result = await this.db.execute(sql`
      INSERT INTO catalog_reminders (user_id, event_id, source, created_at)
      SELECT DISTINCT f.user_id, e.id, 'followed', ${now}::timestamptz
      FROM catalog_events e
      JOIN catalog_leagues l ON l.id = e.league_id AND l.active
      JOIN catalog_follows f ON f.kind = 'team'
        AND f.target IN (e.teams->0->>'name', e.teams->1->>'name')
      JOIN users u ON u.id = f.user_id AND u.active
      LEFT JOIN catalog_follow_settings s ON s.user_id = f.user_id
      WHERE COALESCE(s.remind_followed, u.email_subscribe) AND ${DUE(now)}
      ON CONFLICT (user_id, event_id) DO NOTHING
      RETURNING user_id`);
    return rowsOf(result).length;
  }

  /** A match that will not start (cancelled, abandoned) or is over sends nothing, for good. */
  private async dropDead(now: string): Promise<number> {
    const result = await this.db.execute(sql`
      UPDATE catalog_reminders r SET dropped_at = ${now}::timestamptz,
        dropped_reason = CASE WHEN e.status IN ('cancelled', 'abandoned', 'completed')
          THEN e.status ELSE 'missed' END
      FROM catalog_events e
      WHERE e.id = r.event_id AND r.sent_at IS NULL AND r.dropped_at IS NULL
        AND (r.claimed_until IS NULL OR r.claimed_until <= ${now}::timestamptz)
        AND (e.status IN ('cancelled', 'abandoned', 'completed')
          OR e.estimated_end <= ${now}::timestamptz)
      RETURNING r.user_id`);
    return rowsOf(result).length;
  }

  private async claim(now: string): Promise<ClaimedRow[]> {
    const leaseEnd = new Date(Date.parse(now) + LEASE_SECONDS * 1000).toISOString();
    const result = await this.db.execute(sql`
      WITH due AS (
        SELECT r.user_id, r.event_id FROM catalog_reminders r
        JOIN catalog_events e ON e.id = r.event_id
        WHERE r.sent_at IS NULL AND r.dropped_at IS NULL
          AND (r.claimed_until IS NULL OR r.claimed_until <= ${now}::timestamptz)
          AND ${DUE(now)}
        ORDER BY e.start_time LIMIT ${BATCH}
        FOR UPDATE OF r SKIP LOCKED),
      claimed AS (
        UPDATE catalog_reminders r SET claimed_until = ${leaseEnd}::timestamptz,
          attempts = r.attempts + 1
        FROM due WHERE r.user_id = due.user_id AND r.event_id = due.event_id
        RETURNING r.user_id, r.event_id, r.source)
      SELECT c.user_id, c.event_id, c.source, u.email, e.title, e.start_time, e.venue, l.caption
      FROM claimed c JOIN users u ON u.id = c.user_id
      JOIN catalog_events e ON e.id = c.event_id JOIN catalog_leagues l ON l.id = e.league_id`);
    return rowsOf<ClaimedRow>(result);
  }

  /** Sends one claimed reminder; a failure frees the row for the next pass. */
  private async send(row: ClaimedRow): Promise<boolean> {
    const subject: ReminderSubject = {
      email: row.email,
      eventId: row.event_id,
      title: row.title,
      startTime: asDate(row.start_time),
      venue: `${row.venue.name}, ${row.venue.city}`,
      league: row.caption,
      source: row.source,
    };
    try {
      await this.mailer.send(reminderMail(this.siteOrigin, subject));
    } catch (error) {
      this.log.warn({ err: error, event: row.event_id }, 'reminder mail failed; will retry');
      await this.db.execute(sql`
        UPDATE catalog_reminders SET claimed_until = NULL
        WHERE user_id = ${row.user_id} AND event_id = ${row.event_id}`);
      return false;
    }
    await this.db.execute(sql`
      UPDATE catalog_reminders SET sent_at = ${this.clock.now().toISOString()}::timestamptz,
        claimed_until = NULL
      WHERE user_id = ${row.user_id} AND event_id = ${row.event_id}`);
    return true;
  }
}
