/**
 * The business figures (issue 33 §5, decision 459), read from the ledger and the other real
 * tables, never from a counter kept beside them:
 * - revenue per currency in minor units: payments by when they were paid, minus refunds by when
 *   the refund happened (so a day's net may be below zero), never converted between currencies;
 * - trials started (trial_grants) and conversion: of this month's trials, the accounts that have
 *   paid since their trial began;
 * - viewers at peak per match: the most streams open at one moment (a stream is open from its
 *   start until it ended or its token lease ran out: "watching now" of the producer's health).
 * Days and months are UTC, cut from the API's clock (`now`), so tests move them.
 */
import { sql } from 'drizzle-orm';
import type { BusinessFigures, MatchPeak, MoneyByCurrency, RevenueDay } from '@crease/contract';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';

type Row = Record<string, unknown>;
const DAY_MS = 86_400_000;
/** How many matches the peak chart shows. */
export const PEAKS_SHOWN = 20;

const read = async (db: Db, query: ReturnType<typeof sql>) => rowsOf<Row>(await db.execute(query));
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The UTC midnight that starts `now`'s day, and the first of its month. */
export function windowsOf(now: Date): { today: Date; monthStart: Date } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { today, monthStart };
}

/** Paid and refunded minor units per UTC day and currency in [from, now]. */
async function moneyByDay(db: Db, from: Date, now: Date) {
  return read(
    db,
    sql`SELECT day, currency, sum(gross)::bigint AS gross, sum(refunded)::bigint AS refunded FROM (
        SELECT to_char(paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, currency,
          amount_cents AS gross, 0 AS refunded
        FROM payments WHERE paid_at >= ${from} AND paid_at <= ${now}
        UNION ALL
        SELECT to_char(refunded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, currency,
          0 AS gross, amount_cents AS refunded
        FROM refunds WHERE refunded_at >= ${from} AND refunded_at <= ${now}
      ) money GROUP BY day, currency ORDER BY day, currency`,
  );
}

function sumByCurrency(rows: Row[]): MoneyByCurrency[] {
  const totals = new Map<string, MoneyByCurrency>();
  for (const row of rows) {
    const currency = String(row.currency);
    const entry = totals.get(currency) ?? {
      currency,
      grossMinor: 0,
      refundedMinor: 0,
      netMinor: 0,
    };
    entry.grossMinor += Number(row.gross);
    entry.refundedMinor += Number(row.refunded);
    entry.netMinor = entry.grossMinor - entry.refundedMinor;
    totals.set(currency, entry);
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** Every UTC day from `from` to `now`'s, oldest first. */
function daysBetween(from: Date, now: Date): string[] {
  const days: string[] = [];
  for (let at = from.getTime(); at <= now.getTime(); at += DAY_MS) days.push(dayOf(new Date(at)));
  return days;
}

async function trialsByDay(db: Db, from: Date, now: Date): Promise<Map<string, number>> {
  const rows = await read(
    db,
    sql`SELECT to_char(granted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
      FROM trial_grants WHERE granted_at >= ${from} AND granted_at <= ${now} GROUP BY day`,
  );
  return new Map(rows.map((row) => [String(row.day), Number(row.n)]));
}

/** This month's trials, and those of them whose account paid at or after the trial began. */
async function conversion(db: Db, from: Date, now: Date): Promise<BusinessFigures['conversion']> {
  const [row] = await read(
    db,
    sql`SELECT count(*)::int AS trials,
        count(*) FILTER (WHERE EXISTS (
          SELECT 1 FROM payments p
          WHERE p.user_id = t.user_id AND p.paid_at >= t.granted_at AND p.paid_at <= ${now}
        ))::int AS paid
      FROM trial_grants t WHERE t.granted_at >= ${from} AND t.granted_at <= ${now}`,
  );
  const trials = Number(row?.trials ?? 0);
  const paid = Number(row?.paid ?? 0);
  // One decimal, computed from the two counts so the chart and the words agree.
  const percent = trials === 0 ? null : Math.round((paid * 1000) / trials) / 10;
  return { trials, paid, percent };
}

/**
 * The peak of open streams per match over [from, now]: a sweep over the starts (+1) and ends
 * (−1) of the streams that overlap the window, an end before a start at the same instant (one
 * viewer moving on is not two). A stream begun before the window counts from the window's start.
 */
async function peaks(db: Db, from: Date, now: Date): Promise<MatchPeak[]> {
  const rows = await read(
    db,
    sql`WITH open_streams AS (
        SELECT event_id, GREATEST(created_at, ${from}) AS starts,
          LEAST(COALESCE(ended_at, lease_until), lease_until) AS ends
        FROM streams
        WHERE created_at <= ${now} AND LEAST(COALESCE(ended_at, lease_until), lease_until) > ${from}
      ), edges AS (
        SELECT event_id, starts AS at, 1 AS step FROM open_streams
        UNION ALL SELECT event_id, ends AS at, -1 AS step FROM open_streams
      ), running AS (
        SELECT event_id, at, sum(step) OVER (
          PARTITION BY event_id ORDER BY at, step ROWS UNBOUNDED PRECEDING) AS open_now
        FROM edges
      ), best AS (
        SELECT DISTINCT ON (event_id) event_id, open_now, at FROM running
        ORDER BY event_id, open_now DESC, at ASC
      )
      SELECT b.event_id, b.open_now::int AS peak, b.at, e.title, e.start_time
      FROM best b LEFT JOIN catalog_events e ON e.id = b.event_id
      WHERE b.open_now > 0
      ORDER BY b.open_now DESC, b.at ASC LIMIT ${PEAKS_SHOWN}`,
  );
  return rows.map((row) => ({
    eventId: String(row.event_id),
    title: row.title === null || row.title === undefined ? String(row.event_id) : String(row.title),
    startTime: row.start_time ? new Date(row.start_time as string).toISOString() : null,
    peakViewers: Number(row.peak),
    peakAt: new Date(row.at as string).toISOString(),
  }));
}

export async function businessFigures(db: Db, now: Date): Promise<BusinessFigures> {
  const { today, monthStart } = windowsOf(now);
  const money = await moneyByDay(db, monthStart, now);
  const todayKey = dayOf(today);
  const byDay = new Map<string, Row[]>();
  for (const row of money) byDay.set(String(row.day), [...(byDay.get(String(row.day)) ?? []), row]);
  const days = daysBetween(monthStart, now);
  const revenueByDay: RevenueDay[] = days.map((day) => ({
    day,
    byCurrency: sumByCurrency(byDay.get(day) ?? []),
  }));
  const trials = await trialsByDay(db, monthStart, now);
  return {
    now: now.toISOString(),
    today: today.toISOString(),
    monthStart: monthStart.toISOString(),
    revenueToday: sumByCurrency(byDay.get(todayKey) ?? []),
    revenueMonth: sumByCurrency(money),
    revenueByDay,
    trialsToday: trials.get(todayKey) ?? 0,
    trialsMonth: [...trials.values()].reduce((sum, n) => sum + n, 0),
    trialsByDay: days.map((day) => ({ day, trials: trials.get(day) ?? 0 })),
    conversion: await conversion(db, monthStart, now),
    peaks: await peaks(db, monthStart, now),
  };
}
