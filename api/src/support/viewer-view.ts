/**
 * What support sees of a viewer (issue 33 §4, decision 402): read with named columns, so no
 * secret can slip in when a table gains one: no password hash, no card number (not even the
 * last four), no token or code hashes, no provider references, no raw User-Agent.
 */
import { sql } from 'drizzle-orm';
import type { SupportViewer } from '@crease/contract';
import { describeDevice } from '../accounts';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';

type Row = Record<string, unknown>;
const iso = (value: unknown): string => new Date(value as string | Date).toISOString();
const isoOrNull = (value: unknown) => (value === null || value === undefined ? null : iso(value));
const major = (cents: unknown) => Number(cents ?? 0) / 100;

/** How many mails the desk lists, newest first. */
export const MAIL_SHOWN = 50;

async function rows(db: Db, query: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf<Row>(await db.execute(query));
}

/** The viewer with this email (case-insensitive), or null. */
export async function findViewer(
  db: Db,
  email: string,
): Promise<{ id: string; email: string } | null> {
  const [row] = await rows(
    db,
    sql`SELECT id, email FROM users WHERE lower(email) = lower(${email.trim()}) LIMIT 1`,
  );
  return row ? { id: String(row.id), email: String(row.email) } : null;
}

export async function viewerById(
  db: Db,
  userId: string,
): Promise<{ id: string; email: string } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const [row] = await rows(db, sql`SELECT id, email FROM users WHERE id = ${userId}`);
  return row ? { id: String(row.id), email: String(row.email) } : null;
}

export async function supportViewer(
  db: Db,
  userId: string,
  now: Date,
): Promise<SupportViewer | null> {
  const [profile] = await rows(
    db,
    sql`SELECT id, email, first_name, last_name, created_at FROM users WHERE id = ${userId}`,
  );
  if (!profile) return null;
  const [subscription] = await rows(
    db,
    sql`SELECT s.state, p.name AS plan_name, s.period_end, s.renewing
      FROM subscriptions s LEFT JOIN plans p ON p.id = s.plan_id WHERE s.user_id = ${userId}`,
  );
  const payments = await rows(
    db,
    sql`SELECT p.id, p.plan_name, p.amount_cents, p.currency, p.paid_at, p.invoice_number,
        COALESCE((SELECT sum(r.amount_cents) FROM refunds r WHERE r.payment_id = p.id), 0) AS refunded
      FROM payments p WHERE p.user_id = ${userId} ORDER BY p.paid_at DESC, p.id`,
  );
  const devices = await rows(
    db,
    sql`SELECT d.vidict_id, d.device_os, d.device_type, d.user_agent, d.registered_at, d.last_seen_at,
        EXISTS (SELECT 1 FROM streams s WHERE s.user_id = d.user_id AND s.vidict_id = d.vidict_id
          AND s.ended_at IS NULL AND s.lease_until > ${now.toISOString()}::timestamptz) AS playing
      FROM devices d WHERE d.user_id = ${userId} ORDER BY d.registered_at, d.vidict_id`,
  );
  const [playing] = await rows(
    db,
    sql`SELECT count(*)::int AS n FROM streams WHERE user_id = ${userId} AND ended_at IS NULL
      AND lease_until > ${now.toISOString()}::timestamptz`,
  );
  const mail = await rows(
    db,
    sql`SELECT subject, sent_at FROM mail_outbox WHERE "to" = ${String(profile.email)}
      ORDER BY sent_at DESC, id DESC LIMIT ${MAIL_SHOWN}`,
  );
  return {
    userId: String(profile.id),
    email: String(profile.email),
    name: [profile.first_name, profile.last_name].filter(Boolean).join(' '),
    createdAt: iso(profile.created_at),
    subscription: subscription
      ? {
          state: String(subscription.state),
          planName: (subscription.plan_name as string | null) ?? null,
          periodEnd: isoOrNull(subscription.period_end),
          renewing: Boolean(subscription.renewing),
        }
      : null,
    payments: payments.map((p) => ({
      paymentId: String(p.id),
      planName: String(p.plan_name),
      amount: major(p.amount_cents),
      currency: String(p.currency),
      paidAt: iso(p.paid_at),
      invoiceNumber: (p.invoice_number as string | null) ?? null,
      refunded: major(p.refunded),
    })),
    devices: devices.map((d) => ({
      vidictId: String(d.vidict_id),
      description: describeDevice(
        String(d.user_agent ?? ''),
        String(d.device_type ?? ''),
        String(d.device_os ?? ''),
      ),
      registeredAt: iso(d.registered_at),
      lastSeenAt: isoOrNull(d.last_seen_at),
      playingNow: Boolean(d.playing),
    })),
    streamsPlaying: Number(playing?.n ?? 0),
    mail: mail.map((m) => ({ subject: String(m.subject), sentAt: iso(m.sent_at) })),
  };
}
