/**
 * The staff audit's before → after for a catalog write (issue 33 §1, decision 447): the fields the
 * payload named, as the league or event had them before the write and as the write left them.
 * The catalog's own audit (catalog_audit) keeps the field-level diff inside the write's
 * transaction; this is the staff log's copy, read just before the write.
 */
import { eq } from 'drizzle-orm';
import type { CatalogEvent, League } from '@crease/contract';
import type { Db } from '../../platform/db/client';
import { toEvent } from '../event-row';
import { catalogEvents, catalogLeagues } from '../tables';

export async function eventBefore(db: Db, eventId: string): Promise<CatalogEvent | null> {
  const [row] = await db.select().from(catalogEvents).where(eq(catalogEvents.id, eventId));
  return row ? toEvent(row) : null;
}

export async function leagueBefore(
  db: Db,
  leagueId: string,
): Promise<Record<string, unknown> | null> {
  const [row] = await db.select().from(catalogLeagues).where(eq(catalogLeagues.id, leagueId));
  return row ?? null;
}

/** `{before, after}` limited to the keys `body` named (`at` is when, not what: left out). */
export function picked(
  before: object | null,
  after: CatalogEvent | League,
  body: object,
): { before: Record<string, unknown> | null; after: Record<string, unknown> } {
  const keys = Object.keys(body).filter((key) => key !== 'at');
  const pick = (from: object) =>
    Object.fromEntries(keys.map((key) => [key, (from as Record<string, unknown>)[key] ?? null]));
  return { before: before ? pick(before) : null, after: pick(after) };
}
