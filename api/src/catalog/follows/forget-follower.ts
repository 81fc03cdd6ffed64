/**
 * A deleted account's follows, reminder setting and pending reminders go with it (decision
 * 302): what a viewer followed is theirs, not the ledger's, so nothing of it is kept.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { catalogFollowSettings, catalogFollows, catalogReminders } from '../tables';

export async function forgetFollower(tx: Pick<Db, 'delete'>, userId: string): Promise<void> {
  await tx.delete(catalogReminders).where(eq(catalogReminders.userId, userId));
  await tx.delete(catalogFollows).where(eq(catalogFollows.userId, userId));
  await tx.delete(catalogFollowSettings).where(eq(catalogFollowSettings.userId, userId));
}
