/**
 * A throwaway PostgreSQL cluster for the API's integration tests: initdb in a temp dir, started
 * on a free loopback port, removed afterwards. initdb refuses to run as root, so as root the
 * cluster belongs to `nobody`.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export interface PostgresCluster {
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  /**
   * Stops the server (dropping every connection) and starts it again on the same port, without
   * blocking the caller's event loop (a test keeps its load running meanwhile); `downMs`: how
   * long it stays down in between.
   */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** The folder holding initdb/pg_ctl, or null when this machine has no PostgreSQL server. */
export function findPostgresBin(): string | null {
  const candidates = [
    process.env.PG_BIN,
    '/usr/local/bin',
    '/usr/lib/postgresql/17/bin',
    '/usr/lib/postgresql/16/bin',
    '/usr/lib/postgresql/15/bin',
    '/usr/lib/postgresql/14/bin',
    '/usr/bin',
  ].filter(Boolean) as string[];
  return (
    candidates.find(
      (dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
    ) ?? null
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const INITDB_ARGS = ['-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C'];

/**
 * An initdb'd data folder for this server's version, made once and copied for each cluster:
 * initdb costs a second or more of CPU per suite, a copy a few milliseconds. The folder's name
 * holds the version and initdb's arguments, so another server or other arguments make a new one.
 */
function initializedTemplate(bin: string, run: (command: string, args: string[]) => void): string {
  const version = execFileSync(path.join(bin, 'initdb'), ['--version'], { encoding: 'utf8' });
  const key = crypto
    .createHash('sha256')
    .update(`${bin}\n${version}\n${INITDB_ARGS.join(' ')}`)
    .digest('hex')
    .slice(0, 16);
  const template = path.join(os.tmpdir(), `crease-pg-initdb-${key}`);
  if (fs.existsSync(path.join(template, 'PG_VERSION'))) return template;
  // Made in a folder of this process's own, then renamed into place (atomic), so two suites
  // starting at once never copy a half-made template.
  const partial = fs.mkdtempSync(`${template}.partial-`);
  fs.chmodSync(partial, 0o755);
  if (process.getuid?.() === 0) execFileSync('chown', ['nobody:nogroup', partial]);
  const data = path.join(partial, 'data');
  run(path.join(bin, 'initdb'), ['-D', data, ...INITDB_ARGS]);
  try {
    fs.renameSync(data, template);
  } catch (error) {
    // Another process put its template in place first: use that one.
    if (!fs.existsSync(path.join(template, 'PG_VERSION'))) throw error;
  }
  fs.rmSync(partial, { recursive: true, force: true });
  return template;
}

export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const root = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-pg-'));
  fs.chmodSync(dir, 0o755);
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asOwner = (command: string, args: string[]) =>
    root
      ? (['runuser', ['-u', 'nobody', '--', command, ...args]] as const)
      : ([command, args] as const);
  if (root) execFileSync('chown', ['nobody:nogroup', dir]);
  const run = (command: string, args: string[]) => {
    const [cmd, argv] = asOwner(command, args);
    const result = spawnSync(cmd, [...argv], { encoding: 'utf8', cwd: dir });
    if (result.status !== 0)
      throw new Error(`${path.basename(command)} failed: ${result.stderr || result.stdout}`);
  };
  // initdb once per server version and run (decision 435): each cluster starts from a copy.
  const template = initializedTemplate(bin, run);
  execFileSync('cp', ['-a', template, data]);
  const startOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  const start = () =>
    run(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      startOptions,
      'start',
    ]);
  start();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    async createDatabase(name) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async restart(downMs = 0) {
      const pgCtl = (args: string[]) => {
        const [cmd, argv] = asOwner(path.join(bin, 'pg_ctl'), ['-D', data, ...args]);
        return promisify(execFile)(cmd, [...argv], { cwd: dir });
      };
      await pgCtl(['-m', 'fast', '-w', 'stop']);
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      await pgCtl(['-l', path.join(dir, 'log'), '-w', '-o', startOptions, 'start']);
    },
    async stop() {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** One query on a database by URL, on its own connection (for tests and tools, not the API). */
export async function queryDatabase<Row>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<Row[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Row[];
  } finally {
    await client.end();
  }
}
