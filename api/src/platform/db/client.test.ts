/** @jest-environment node */
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from './client';
import {
  findPostgresBin,
  queryDatabase,
  startPostgresCluster,
  type PostgresCluster,
} from '../../testing/postgres-cluster';

const bin = findPostgresBin();
const describeWithPostgres = bin ? describe : describe.skip;

describeWithPostgres('openDatabase on PostgreSQL: the server drops a connection', () => {
  let cluster: PostgresCluster;
  let database: Database;
  const dropped: Error[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster(bin!);
    const url = await cluster.createDatabase('dropped_connections');
    database = await openDatabase({
      databaseUrl: url,
      pgliteDir: null,
      onIdleError: (error) => dropped.push(error),
    });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
  });

  it('a transaction whose connection is terminated between statements fails; the process lives and the pool recovers', async () => {
    const url = cluster.url('dropped_connections');
    const transaction = database.db.transaction(async (tx) => {
      const result = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as {
        rows: { pid: number }[];
      };
      const pid = Number(result.rows[0]?.pid);
      // Between two statements, the connection is idle in transaction and has no pool listener.
      await queryDatabase(url, 'SELECT pg_terminate_backend($1)', [pid]);
      // A real wait (decision 420): the server process has to end and close the socket; no
      // clock can move that along.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`SELECT 1`);
    });
    await expect(transaction).rejects.toThrow();
    expect(dropped.length).toBeGreaterThan(0);
    await expect(database.ping()).resolves.toBeUndefined();
  });
});
