/**
 * The append-only audit log (issue 33 §1): who, what, when, before → after. There is no update
 * or delete path here, and the table's trigger refuses both (migration 0021).
 */
import { desc, lt } from 'drizzle-orm';
import type { StaffAuditEntry } from '@crease/contract';
import type { Clock } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { staffAudit } from './tables';

export interface AuditRecord {
  /** `staff:<id>` or `bot:<operator name>`. */
  actor: string;
  action: string;
  subject: string;
  before?: unknown;
  after?: unknown;
}

export const staffActor = (id: string) => `staff:${id}`;
/** An operator bearer token (CREASE_CATALOG_OPERATOR_TOKENS) acts as a bot. */
export const botActor = (name: string) => `bot:${name}`;

export async function recordAudit(db: Db, clock: Clock, entry: AuditRecord): Promise<void> {
  await db.insert(staffAudit).values({
    actor: entry.actor,
    action: entry.action,
    subject: entry.subject,
    at: clock.now(),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export const AUDIT_PAGE = 50;

export async function readAudit(db: Db, before?: number): Promise<StaffAuditEntry[]> {
  const rows = await db
    .select()
    .from(staffAudit)
    .where(before === undefined ? undefined : lt(staffAudit.id, before))
    .orderBy(desc(staffAudit.id))
    .limit(AUDIT_PAGE);
  return rows.map((row) => ({
    id: row.id,
    actor: row.actor,
    action: row.action,
    subject: row.subject,
    at: row.at.toISOString(),
    before: row.before,
    after: row.after,
  }));
}
