import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { claimPgliteFolder } from './pglite-lock';

/** Either driver, one type: the routes never know which database they run on. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The handle a `db.transaction(async (tx) => …)` callback gets. */
/** What a statement runs on: the database or a transaction (features pass either). */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A hot-path statement with positional parameters ($1…). On PostgreSQL it is a named prepared
 * statement: each pooled connection parses and plans it once, not on every call (decision 018).
 * PGlite (one session, no named statements in its API) runs it as an ordinary query.
 */
export type PreparedQuery = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  prepared: PreparedQuery;
  /** Readiness: a round trip to the database. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '..', '..', '..', 'drizzle');

/** Any number below 2^63 that no other app on the same server uses for an advisory lock. */
const MIGRATION_LOCK = 7_316_020_251;

/**
 * Opens the database and applies the migrations in api/drizzle/ (the same SQL for both drivers).
 * PGlite keeps its files in `pgliteDir` so data survives restarts; `memory://` is for tests.
 */
export async function openDatabase(options: {
  databaseUrl: string | null;
  pgliteDir: string | null;
  /**
   * A PGlite data folder to start from (`PGlite.dumpDataDir`'s tarball), for a `memory://`
   * database: tests start from an already-migrated one (api/src/testing/pglite-snapshot.ts),
   * because PGlite's own initdb takes seconds on every start. The migrations still run after it.
   */
  pgliteLoadDataDir?: Blob;
  /** Told about idle connections the server dropped (logged; the pool recovers by itself). */
  onIdleError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 20,
      // A request waits at most this long for a connection: with the server gone, it answers
      // 503 (isDatabaseUnavailable) instead of hanging.
      connectionTimeoutMillis: 5000,
    });
    // An idle connection the server dropped (a restart, a failover) is an 'error' event on the
    // pool; unhandled, it would end the process. The pool replaces it on the next query.
    pool.on('error', (error) => options.onIdleError?.(error));
    // A connection checked out for a transaction has no pool listener: if the server drops it
    // between two statements, pg emits 'error' on the client itself, which would also end the
    // process. The transaction's next statement fails instead (503), and the pool discards it.
    pool.on('connect', (client) => {
      client.on('error', (error) => options.onIdleError?.(error));
    });
    const db = drizzlePg(pool) as unknown as Db;
    // Replicas start together: one migrates while the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
    return {
      kind: 'postgres',
      db,
      prepared: async <Row>(name: string, text: string, values: unknown[]) =>
        (await pool.query({ name, text, values })).rows as Row[],
      ping: async () => void (await pool.query('SELECT 1')),
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  let release = () => {};
  if (dir !== 'memory://') {
    fs.mkdirSync(dir, { recursive: true });
    release = claimPgliteFolder(dir);
  }
  const client = new PGlite(
    dir,
    options.pgliteLoadDataDir ? { loadDataDir: options.pgliteLoadDataDir } : undefined,
  );
  const db = drizzlePglite(client) as unknown as Db;
  try {
    await migratePglite(drizzlePglite(client), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  } catch (error) {
    await client.close().catch(() => undefined);
    release();
    throw error;
  }
  return {
    kind: 'pglite',
    db,
    prepared: async <Row>(_name: string, text: string, values: unknown[]) =>
      (await client.query<Row>(text, values)).rows,
    ping: async () => void (await db.execute(sql`SELECT 1`)),
    close: async () => {
      await client.close();
      release();
    },
  };
}
