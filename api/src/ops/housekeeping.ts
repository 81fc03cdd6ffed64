/**
 * Deletes rows that can no longer matter (docs/api.md "Housekeeping"): every table that grows
 * per request or per sign-in has an end of life, and nothing else deletes them. Runs every few
 * minutes inside each API replica and as a one-shot (`npm run cleanup -w api`) for a CronJob.
 * Deletes go in small batches, so no statement holds many row locks or runs for long.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../platform/db/client';
import { isoTimestamp } from '../platform/clock';
import { PeriodicPass } from '../platform/periodic-pass';
import {
  DEFAULT_LEDGER_RETENTION_YEARS,
  forgetUnseenDevices,
  purgeExpiredLedger,
} from '../billing';

interface Target {
  table: string;
  /** The primary key's columns, comma-separated. */
  key: string;
  /**
   * Rows that are dead, as of `$now`: the API clock's instant, bound as a parameter (decision
   * 420), so a test that moves the clock past an expiry sees the row go, as every rule that reads
   * the row already does.
   */
  dead: string;
}

export const CLEANUP_TARGETS: readonly Target[] = [
  // A family past its absolute lifetime can never refresh again; its tokens go with it (cascade).
  { table: 'refresh_families', key: 'id', dead: 'expires_at < $now' },
  // A used or expired reset link answers RESET_LINK_EXPIRED, exactly as an unknown one does.
  {
    table: 'password_reset_tokens',
    key: 'id',
    dead: 'used_at IS NOT NULL OR expires_at < $now',
  },
  // A used or expired verification link or sign-in code is refused as an unknown one is.
  { table: 'email_codes', key: 'id', dead: 'used_at IS NOT NULL OR expires_at < $now' },
  // Replay protection only matters while the challenge itself is still valid.
  { table: 'bot_check_spent', key: 'key', dead: 'expires_at < $now' },
  // A counter whose window has ended reads as zero anyway (attempt-store.ts).
  { table: 'rate_counters', key: 'key', dead: 'expires_at < $now' },
  // Idempotency answers are replayed for 24 h (decision 019).
  { table: 'idempotency_keys', key: 'scope, key_hash', dead: 'expires_at < $now' },
  // Delivered sandbox webhooks are kept a month for inspection; undelivered ones are kept.
  {
    table: 'webhook_deliveries',
    key: 'id',
    dead: "delivered_at < $now - interval '30 days'",
  },
  // Event ids dedupe provider retries (days at most); a replay older than the signature's
  // 300 s tolerance is refused anyway (decision 091).
  {
    table: 'webhook_events',
    key: 'provider, event_id',
    dead: "received_at < $now - interval '90 days'",
  },
  // A reminder sent or dropped a month ago has done its job: its match is long over (decision 275).
  {
    table: 'catalog_reminders',
    key: 'user_id, event_id',
    dead: "COALESCE(sent_at, dropped_at) < $now - interval '30 days'",
  },
  // Lifecycle mail sent or given up over 400 days ago: its fact cannot come again (its billing
  // event is handled, its renewal period long over). A new-device row stays: it is how the
  // account remembers the device (decision 290).
  {
    table: 'lifecycle_mail',
    key: 'id',
    dead: `kind <> 'new-device' AND (sent_at IS NOT NULL OR skipped_reason IS NOT NULL)
      AND COALESCE(sent_at, created_at) < $now - interval '400 days'`,
  },
  // A deleted account's email stops being recognised after its notice period (decision 302).
  { table: 'deleted_accounts', key: 'email_hash', dead: 'forget_at < $now' },
  // A stream closed or lapsed a week ago is settled and counts against nothing (decision 114).
  {
    table: 'streams',
    key: 'id',
    dead: "COALESCE(ended_at, lease_until) < $now - interval '7 days'",
  },
  // A revocation outlives every token it refuses within minutes; replicas read the last few (355).
  { table: 'playback_revocations', key: 'id', dead: "logged_at < $now - interval '1 day'" },
];

/** How long analytics rows are kept unless configured (CREASE_ANALYTICS_RETENTION_DAYS). */
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 90;

/** Page views and events are records, but not forever: older than the retention, gone (decision 054). */
function analyticsTarget(retentionDays: number): Target {
  const days = Math.max(1, Math.floor(retentionDays));
  return { table: 'analytics_events', key: 'id', dead: `at < $now - interval '${days} days'` };
}

export interface CleanupOptions {
  /** Rows per DELETE statement. */
  batchSize?: number;
  /** Per table and run: a backlog larger than batchSize × maxBatches finishes on the next run. */
  maxBatches?: number;
  /** Analytics rows older than this many days are deleted. */
  analyticsRetentionDays?: number;
  /** The payment ledger's retention after its financial year (decision 352); default 6. */
  ledgerRetentionYears?: number;
  /**
   * The API clock (services.clock): every end of life is decided on it, expiry columns and the
   * product's rules alike (devices unseen for 90 days, decision 265; the ledger's retention).
   */
  now: () => Date;
}

export type CleanupReport = Record<string, number>;

function deleteBatch(target: Target, limit: number, now: Date): SQL {
  const dead = sql.join(
    target.dead.split('$now').map((part) => sql.raw(part)),
    sql`${isoTimestamp(now)}::timestamptz`,
  );
  return sql`${sql.raw(`DELETE FROM ${target.table} WHERE (${target.key}) IN (SELECT ${target.key} FROM ${target.table} WHERE `)}${dead}${sql.raw(` LIMIT ${limit}) RETURNING 1`)}`;
}

/** One pass over every table: how many rows each lost. */
export async function cleanExpired(db: Db, options: CleanupOptions): Promise<CleanupReport> {
  const whole = (value: number | undefined, fallback: number) =>
    value !== undefined && Number.isFinite(value) ? Math.max(1, Math.floor(value)) : fallback;
  const batchSize = whole(options.batchSize, 1000);
  const maxBatches = whole(options.maxBatches, 50);
  const report: CleanupReport = {};
  // One instant for the whole pass: every table is judged as of the same moment.
  const now = options.now();
  const targets = [
    ...CLEANUP_TARGETS,
    analyticsTarget(options.analyticsRetentionDays ?? DEFAULT_ANALYTICS_RETENTION_DAYS),
  ];
  for (const target of targets) {
    let deleted = 0;
    for (let batch = 0; batch < maxBatches; batch++) {
      // RETURNING: both drivers report rows the same way, unlike their affected-row counts.
      const result = (await db.execute(deleteBatch(target, batchSize, now))) as unknown as {
        rows: unknown[];
      };
      const count = result.rows.length;
      deleted += count;
      if (count < batchSize) break;
    }
    report[target.table] = deleted;
  }
  report.devices = await forgetUnseenDevices(db, now, { batchSize, maxBatches });
  Object.assign(
    report,
    await purgeExpiredLedger(
      db,
      now,
      options.ledgerRetentionYears ?? DEFAULT_LEDGER_RETENTION_YEARS,
      {
        batchSize,
        maxBatches,
      },
    ),
  );
  return report;
}

/**
 * The job that runs `cleanExpired` every `intervalSeconds` (0: never) on an unref'd timer, so it
 * never keeps the process alive. Runs never overlap; `stop` waits for a running pass (before the
 * database closes). Several replicas may run it at once: a row deleted twice is deleted once.
 */
export function housekeepingJob(
  db: Db,
  intervalSeconds: number,
  log: FastifyBaseLogger,
  options: CleanupOptions,
): { start(): void; stop(): Promise<void> } {
  const periodic = new PeriodicPass(
    'housekeeping',
    async () => {
      const report = await cleanExpired(db, options);
      const total = Object.values(report).reduce((a, b) => a + b, 0);
      if (total > 0) log.info({ deleted: report }, 'housekeeping deleted expired rows');
    },
    log,
  );
  return { start: () => periodic.start(intervalSeconds), stop: () => periodic.stop() };
}
