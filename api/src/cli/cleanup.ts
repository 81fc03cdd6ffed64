/**
 * `npm run cleanup -w api`: one housekeeping pass (docs/api.md "Housekeeping") against the
 * configured database, for cron or a Kubernetes CronJob. Prints what it deleted as JSON.
 */
import path from 'node:path';
import { ConfigError, loadApiConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';
import { cleanExpired } from '../ops/housekeeping';
import { systemClock } from '../platform/clock';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

async function main() {
  const config = loadApiConfig(process.env, repoRoot);
  const database = await openDatabase(config);
  try {
    const report = await cleanExpired(database.db, {
      // A one-shot may clear a large backlog: many more batches than the in-process timer.
      maxBatches: Number(process.env.CREASE_CLEANUP_MAX_BATCHES ?? 10_000),
      analyticsRetentionDays: config.analyticsRetentionDays,
      ledgerRetentionYears: config.ledgerRetentionYears,
      // Outside the API's services: the production clock, as every replica's own pass uses.
      now: () => systemClock.now(),
    });
    console.info(JSON.stringify({ deleted: report }));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
