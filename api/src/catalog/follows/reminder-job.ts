/**
 * The match-reminder job (decision 275). Every API replica runs it on the API's clock:
 * 1. a followed team's match that has started gets a `followed` reminder row for each viewer
 *    who opted in (INSERT … ON CONFLICT DO NOTHING: the row is the once-only record);
 * 2. reminders whose match is cancelled, abandoned or over are dropped, with the reason;
 * 3. due rows of viewers who proved their address (decision 405) are claimed (platform/db/row-claims.ts: FOR UPDATE SKIP LOCKED plus a lease, so two
 *    replicas never take the same row, and one that dies mid-send frees it when the lease ends), mailed through
 *    the API's mailer (the outbox table, or SMTP), and marked sent.
 * All state is in the database, so a restart resumes where the last pass stopped.
 */
import { sql } from 'drizzle-orm';
import { DEFAULT_REMINDER_LEAD } from '@crease/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, RecipientGate } from '../../accounts';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/client';
import { claimWithLease, endClaim, forEachClaimed } from '../../platform/db/row-claims';
import { rowsOf } from '../../platform/db/rows';
import { PeriodicPass } from '../../platform/periodic-pass';
import { mailLanguage } from '../../platform/mail-text';
import { reminderMail } from './reminder-mail';
import type { ReminderSubject } from './reminder-mail';

const BATCH = 50;
/** Longer than one send takes; a replica that dies mid-send frees its rows after this. */
const LEASE_SECONDS = 120;

/**
 * A match is due from its viewer's lead before the start (0, 15 or 60 minutes; `s` is their
 * settings row, if any: decision 419), or once it is live, and until it ends.
 */
const DUE = (now: string) => sql`e.status IN ('scheduled', 'live')
  AND (e.start_time - make_interval(mins => COALESCE(s.remind_before_minutes, ${DEFAULT_REMINDER_LEAD}))
      <= ${now}::timestamptz OR e.status = 'live')
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
  time_zone: string | null;
  /** The reader's saved site language now (null: none saved). */
  ui_language: string | null;
}

export interface ReminderPass {
  enqueued: number;
  dropped: number;
  sent: number;
  failed: number;
}

const asDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

export class ReminderJob {
  private readonly periodic: PeriodicPass;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly mailer: Mailer,
    private readonly siteOrigin: string,
    private readonly log: FastifyBaseLogger,
    private readonly recipients: RecipientGate,
  ) {
    this.periodic = new PeriodicPass('reminder pass', () => this.pass(), log);
  }

  /** Passes every `intervalSeconds` until stop(); 0 runs none (tests call pass()). */
  start(intervalSeconds: number): void {
    this.periodic.start(intervalSeconds);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** One pass: enqueue followed matches, drop dead reminders, send every due one. */
  async pass(): Promise<ReminderPass> {
    const now = this.clock.now().toISOString();
    const enqueued = await this.enqueueFollowed(now);
    const dropped = await this.dropDead(now);
    let sent = 0;
    let failed = 0;
    await forEachClaimed(
      BATCH,
      () => this.claim(now),
      async (row) => {
        if (await this.send(row)) sent += 1;
        else failed += 1;
      },
    );
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

  private claim(now: string): Promise<ClaimedRow[]> {
    return claimWithLease<ClaimedRow>(this.db, {
      table: 'catalog_reminders',
      alias: 'r',
      key: ['user_id', 'event_id'],
      join: sql`JOIN catalog_events e ON e.id = r.event_id
        LEFT JOIN catalog_follow_settings s ON s.user_id = r.user_id`,
      // Only to a proved address (decision 405): an unproved one's reminder waits, and is
      // dropped as missed if the viewer never proves it before the match ends.
      due: sql`r.sent_at IS NULL AND r.dropped_at IS NULL AND ${DUE(now)}
        AND EXISTS (SELECT 1 FROM users v WHERE v.id = r.user_id AND v.email_verified_at IS NOT NULL)`,
      orderBy: sql`e.start_time`,
      batch: BATCH,
      now: new Date(now),
      leaseSeconds: LEASE_SECONDS,
      returning: sql`r.user_id, r.event_id, r.source`,
      select: sql`SELECT c.user_id, c.event_id, c.source, u.email, e.title, e.start_time, e.venue,
          l.caption, fs.time_zone, p.ui_language
        FROM claimed c JOIN users u ON u.id = c.user_id
        LEFT JOIN account_preferences p ON p.user_id = c.user_id
        JOIN catalog_events e ON e.id = c.event_id JOIN catalog_leagues l ON l.id = e.league_id
        LEFT JOIN catalog_follow_settings fs ON fs.user_id = c.user_id`,
    });
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
      timeZone: row.time_zone,
      sentAt: this.clock.now(),
      language: mailLanguage(row.ui_language),
    };
    const thisReminder = sql`user_id = ${row.user_id} AND event_id = ${row.event_id}`;
    // One mailbox gets so many reminders an hour (decision 406); past that, this one is dropped.
    if (!(await this.recipients.admit(row.email, 'reminder'))) {
      const at = this.clock.now().toISOString();
      await endClaim(
        this.db,
        'catalog_reminders',
        thisReminder,
        sql`dropped_at = ${at}::timestamptz, dropped_reason = 'recipient-cap'`,
      );
      return false;
    }
    try {
      await this.mailer.send(reminderMail(this.siteOrigin, subject));
    } catch (error) {
      this.log.warn({ err: error, event: row.event_id }, 'reminder mail failed; will retry');
      await endClaim(this.db, 'catalog_reminders', thisReminder);
      return false;
    }
    const sentAt = this.clock.now().toISOString();
    await endClaim(
      this.db,
      'catalog_reminders',
      thisReminder,
      sql`sent_at = ${sentAt}::timestamptz`,
    );
    return true;
  }
}
