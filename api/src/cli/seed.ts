/** `npm run seed -w api`: run every development seeder against the configured database. */
import path from 'node:path';
import { ConfigError, loadApiConfig } from '../platform/config';
import { openDatabase } from '../platform/db/client';
import { runSeeders } from '../platform/db/seed';
import { systemClock } from '../platform/clock';
import { PasswordHasher } from '../accounts/passwords';
import { SEEDERS } from '../seeders';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

async function main() {
  const config = loadApiConfig(process.env, repoRoot);
  if (config.env === 'production') throw new ConfigError('Seed data is for development only.');
  const database = await openDatabase(config);
  try {
    await runSeeders(
      database.db,
      { hasher: new PasswordHasher(config.argon2), config, clock: systemClock },
      {
        info: (_obj: unknown, message?: string) => console.info(message),
      } as never,
      SEEDERS,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
