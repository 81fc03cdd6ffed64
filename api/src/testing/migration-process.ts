/**
 * Runs in its own process (PGlite needs ESM dynamic imports, which jest's VM does not give):
 * migrates an in-memory PGlite with the migrations folder `before`, runs the `seed` SQL, migrates
 * with the folder `after`, then runs each `checks` statement and prints one JSON line: each
 * statement's rows, or its error message. Used by migration tests (existing data moves right).
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

interface Job {
  before: string;
  seed: string;
  after: string;
  checks: string[];
}

async function run(job: Job) {
  const client = new PGlite('memory://');
  try {
    await migrate(drizzle(client), { migrationsFolder: job.before });
    await client.exec(job.seed);
    await migrate(drizzle(client), { migrationsFolder: job.after });
    const results: ({ rows: unknown[] } | { error: string })[] = [];
    for (const statement of job.checks) {
      try {
        results.push({ rows: (await client.query(statement)).rows });
      } catch (error) {
        results.push({ error: error instanceof Error ? error.message : String(error) });
      }
    }
    return results;
  } finally {
    await client.close();
  }
}

const input = JSON.parse(process.argv[2] ?? '{}') as Job;
run(input).then(
  (results) => process.stdout.write(`${JSON.stringify(results)}\n`),
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
