/**
 * Lifecycle mail's consumer of billing's domain events (table billing_events, decision 290).
 * In one short transaction a replica takes unhandled events (FOR UPDATE SKIP LOCKED: two replicas
 * never take the same one), queues the message each one means and sets `handled_at`. Because the
 * queue row and the mark commit together, an event is turned into mail exactly once, and a
 * restart resumes from the table. The receipt comes from `invoice.issued`, never from
 * `renewal.succeeded` (one receipt per charge).
 */
import { sql } from 'drizzle-orm';
import { queueLifecycleMail } from '../accounts';
import type { LifecycleMailKind } from '../accounts';
import type { BillingEventType } from '../billing';
import type { Db } from '../platform/db/client';
import { rowsOf } from '../platform/db/rows';

const BATCH = 100;

/** The mail each billing event means; null: none (renewal.succeeded: the invoice carries it). */
const KIND_OF: Record<BillingEventType, LifecycleMailKind | null> = {
  'invoice.issued': 'receipt',
  'renewal.failed': 'renewal-failed',
  'plan.ended': 'plan-ended',
  'account.deleted': 'account-deleted',
  'renewal.succeeded': null,
};

interface TakenEvent {
  id: number | string;
  user_id: string;
  type: BillingEventType;
  payload: Record<string, unknown>;
  email: string | null;
  plan_name: string | null;
}

/** Takes up to one batch of events; returns how many it handled (0: none left). */
export async function takeBillingEvents(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      WITH picked AS (
        SELECT id FROM billing_events WHERE handled_at IS NULL
        ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED),
      handled AS (
        UPDATE billing_events e SET handled_at = ${now.toISOString()}::timestamptz
        FROM picked WHERE e.id = picked.id
        RETURNING e.id, e.user_id, e.type, e.payload)
      SELECT h.id, h.user_id, h.type, h.payload, u.email, p.name AS plan_name
      FROM handled h LEFT JOIN users u ON u.id = h.user_id
      LEFT JOIN plans p ON p.id = h.payload->>'planId'
      ORDER BY h.id`);
    const taken = rowsOf<TakenEvent>(result);
    for (const event of taken) {
      if (event.type === 'account.deleted') await forgetAccountMail(tx, event.user_id);
      const kind = KIND_OF[event.type];
      const mail = kind ? mailFor(kind, event) : null;
      if (kind && mail)
        await queueLifecycleMail(tx, {
          userId: event.user_id,
          kind,
          dedupeKey: String(event.id),
          to: mail.to,
          payload: mail.payload,
          at: now,
        });
      // The goodbye's address now lives only in its queued mail, until that is sent.
      if (event.type === 'account.deleted')
        await tx.execute(
          sql`UPDATE billing_events SET payload = '{}'::jsonb WHERE id = ${event.id}`,
        );
    }
    return taken.length;
  });
}

/**
 * A deleted account keeps no address in its mail: every earlier row of it is blanked (the rows
 * stay, as the record of what was sent once), and what was still waiting is not sent.
 */
async function forgetAccountMail(tx: Pick<Db, 'execute'>, userId: string): Promise<void> {
  await tx.execute(sql`
    UPDATE lifecycle_mail SET "to" = '', payload = '{}'::jsonb,
      skipped_reason = CASE WHEN sent_at IS NULL AND skipped_reason IS NULL
        THEN 'account-deleted' ELSE skipped_reason END
    WHERE user_id = ${userId} AND kind <> 'account-deleted'`);
}

/** Who gets the message and what its template shows; null when there is nobody to send to. */
function mailFor(
  kind: LifecycleMailKind,
  event: TakenEvent,
): { to: string; payload: Record<string, unknown> } | null {
  const p = event.payload;
  const planName = event.plan_name ?? 'Crease';
  if (kind === 'account-deleted') {
    const to = typeof p.email === 'string' ? p.email : '';
    return to ? { to, payload: { displayName: p.displayName ?? null } } : null;
  }
  if (!event.email) return null;
  if (kind === 'renewal-failed')
    return { to: event.email, payload: { planName, nextRenewalAt: p.nextRenewalAt ?? null } };
  // A plan ended by the account's deletion: the account-deleted goodbye says so, once.
  if (kind === 'plan-ended' && p.reason === 'ACCOUNT_DELETED') return null;
  if (kind === 'plan-ended') return { to: event.email, payload: { planName, reason: p.reason } };
  return { to: event.email, payload: p };
}
