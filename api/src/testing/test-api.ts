/**
 * Test harness: the real API on a real loopback port, over PGlite or a throwaway PostgreSQL,
 * and the browser-like client of api-client.ts (XSRF cookie and header, bot-check proofs).
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ApiClient } from './api-client';
import { parkProcess, takeParkedProcess } from './api-process-shelf';
import { findPostgresBin, startPostgresCluster } from './postgres-cluster';
import type { PostgresCluster } from './postgres-cluster';

export { ApiClient, TEST_CLIENT } from './api-client';
export type { CallOptions, CallResult } from './api-client';

export const SITE_ORIGIN = 'http://localhost:4700';
const SITE_ORIGINS = `${SITE_ORIGIN},http://crease.localhost:4700`;

export interface RunningApi {
  origin: string;
  siteOrigins: string[];
  client(): ApiClient;
  /** Moves this instance's clock forward (refresh lifetimes, bot-check expiry, billing periods). */
  advanceClock(seconds: number): Promise<void>;
  close(): Promise<void>;
  /** Only for an API started with `{ clock }`: moves the catalog's clock. */
  setClock(at: Date): Promise<void>;
  /** Runs one tick of the catalog demo (CREASE_CATALOG_DEMO=true). */
  demoTick(): Promise<Record<string, number>>;
  /** Runs one pass of the match-reminder job (decision 275). */
  reminderPass(): Promise<{ enqueued: number; dropped: number; sent: number; failed: number }>;
  /** Runs one pass of the lifecycle-mail job (mail/lifecycle-mail-job.ts). */
  lifecycleMailPass(): Promise<{
    billingEvents: number;
    renewalNotices: number;
    sent: number;
    skipped: number;
    failed: number;
  }>;
  /** Runs this instance's renewal job until nothing more is due (billing/renewals.ts). */
  runRenewals(): Promise<{ claimed: number; renewed: number; failed: number; deferred: number }>;
  /** One housekeeping pass on this instance's config and clock (ops/housekeeping.ts). */
  housekeepingPass(): Promise<Record<string, number>>;
}

/**
 * One API process over one database. `start` runs an API instance with extra env (several may
 * share the database, e.g. one with strict rate limits); `query` reads the database directly.
 */
export class ApiHost {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void }
  >();

  private constructor(private readonly child: ChildProcess) {
    child.on('message', (raw: { id: number; result?: unknown; error?: string }) => {
      const waiter = this.pending.get(raw.id);
      this.pending.delete(raw.id);
      if (raw.error !== undefined) waiter?.reject(new Error(raw.error));
      else waiter?.resolve(raw.result);
    });
    child.on('exit', (code) => {
      for (const waiter of this.pending.values())
        waiter.reject(new Error(`API process exited (${code})`));
      this.pending.clear();
    });
  }

  /**
   * An API process over `databaseUrl` (null: a fresh PGlite): one an earlier suite of this jest
   * worker left (api-process-shelf.ts, decision 483), or a new one.
   */
  static async launch(databaseUrl: string | null): Promise<ApiHost> {
    const parked = takeParkedProcess();
    if (parked) {
      const host = new ApiHost(parked);
      const opened = await host.call({ type: 'open', databaseUrl }).then(
        () => true,
        () => false,
      );
      if (opened) return host;
      await host.end();
    }
    // This harness runs inside jest (CommonJS), where __dirname is defined.
    const child = fork(path.join(__dirname, 'api-process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    await new Promise<void>((resolve, reject) => {
      child.once('message', () => resolve());
      child.once('exit', (code) => reject(new Error(`API process exited (${code})`)));
    });
    const host = new ApiHost(child);
    await host.call({ type: 'open', databaseUrl });
    return host;
  }

  /**
   * The same process over another database (decision 482): every API instance it ran is
   * stopped and its database closed first, so nothing of the old one is left but the loaded
   * code, which holds no state (the API keeps its state in its instances and its database).
   */
  async reopen(databaseUrl: string | null): Promise<ApiHost> {
    await this.call({ type: 'close' });
    await this.call({ type: 'open', databaseUrl });
    return this;
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, message });
    });
  }

  /**
   * `clock`: the instance's clock stands still there (the rolling demo at chosen instants);
   * `port`: listen on this one (a test restarting "the same" API); default any free port.
   */
  async start(
    env: Record<string, string> = {},
    options: { clock?: Date; port?: number } = {},
  ): Promise<RunningApi> {
    const { origin, siteOrigins } = await this.call<{ origin: string; siteOrigins: string[] }>({
      type: 'start',
      env: { CREASE_SITE_ORIGINS: SITE_ORIGINS, ...env },
      clock: options.clock?.toISOString(),
      port: options.port,
    });
    return {
      origin,
      siteOrigins,
      client: () => new ApiClient(origin),
      advanceClock: (seconds) => this.call({ type: 'advance-clock', origin, seconds }),
      close: () => this.call({ type: 'stop', origin }),
      setClock: (at) => this.call({ type: 'set-clock', origin, at: at.toISOString() }),
      demoTick: () => this.call({ type: 'demo-tick', origin }),
      reminderPass: () => this.call({ type: 'reminder-pass', origin }),
      runRenewals: () => this.call({ type: 'run-renewals', origin }),
      housekeepingPass: () => this.call({ type: 'housekeeping-pass', origin }),
      lifecycleMailPass: () => this.call({ type: 'lifecycle-mail-pass', origin }),
    };
  }

  /** Records a billing domain event as billing does (billing-events.ts recordBillingEvent). */
  recordBillingEvent(event: {
    userId: string;
    type: string;
    dedupeKey: string;
    payload: Record<string, unknown>;
    at: Date;
  }): Promise<void> {
    return this.call({
      type: 'record-billing-event',
      event: { ...event, at: event.at.toISOString() },
    });
  }

  query<T = Record<string, unknown>>(statement: string, params: unknown[] = []): Promise<T[]> {
    return this.call<T[]>({ type: 'query', sql: statement, params });
  }

  /**
   * Stops its API instances and closes its database; the process then waits for the worker's
   * next suite (decision 483), or ends.
   */
  async close(): Promise<void> {
    const closed = await this.call({ type: 'close' }).then(
      () => true,
      () => false,
    );
    if (closed && parkProcess(this.child)) return;
    await this.end();
  }

  private async end(): Promise<void> {
    if (this.child.connected) this.child.disconnect();
    await new Promise((resolve) =>
      this.child.exitCode !== null || this.child.signalCode !== null
        ? resolve(null)
        : this.child.once('exit', resolve),
    );
  }
}

let counter = 0;
/** A fresh address per test, so tests sharing a database never collide. */
export function uniqueEmail(prefix = 'viewer'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}@example.com`;
}

export type DatabaseKind = 'PGlite' | 'PostgreSQL';

/**
 * Runs the same suite against PGlite and against a throwaway PostgreSQL cluster. Without the
 * server binaries the PostgreSQL leg is skipped with a loud warning, unless
 * CREASE_REQUIRE_POSTGRES=1 (CI), where that is a failure.
 */
/**
 * The usual suite setup, written once: one API instance for the suite (with extra env, if any)
 * and a fresh browser-like client (its own cookies) for every test.
 */
export function apiForSuite(
  host: () => ApiHost,
  env: Record<string, string> = {},
): { readonly api: RunningApi; readonly client: ApiClient } {
  let api: RunningApi | null = null;
  let client: ApiClient | null = null;
  beforeAll(async () => {
    api = await host().start(env);
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(() => {
    client = api!.client();
  });
  return {
    get api() {
      if (!api) throw new Error('the API starts in beforeAll; use it inside tests or hooks');
      return api;
    },
    get client() {
      if (!client) throw new Error('the client is made in beforeEach; use it inside tests');
      return client;
    },
  };
}

export function describeEachDatabase(
  title: string,
  suite: (host: () => ApiHost, kind: DatabaseKind) => void,
): void {
  // One API process serves both legs (decision 482): loading the API's code and compiling its
  // schemas cost seconds per process, the same for both databases. The PostgreSQL leg reopens
  // it on its own database and closes it; when that leg does not run, the last hook does.
  let shared: ApiHost | null = null;
  afterAll(async () => {
    await shared?.close();
    shared = null;
  });
  const bin = findPostgresBin();
  describe(`${title} [PGlite]`, () => {
    let host: ApiHost;
    beforeAll(async () => {
      host = await ApiHost.launch(null);
      shared = host;
    }, 120_000);
    // Nested, so the suite's own afterAll hooks run before the host closes.
    describe('on PGlite', () => suite(() => host, 'PGlite'));
  });

  if (!bin) {
    if (process.env.CREASE_REQUIRE_POSTGRES === '1')
      throw new Error(
        'CREASE_REQUIRE_POSTGRES=1 but no PostgreSQL server binaries (initdb, pg_ctl) were found',
      );
    console.warn(
      `\n\n!!! PostgreSQL server binaries not found: "${title}" runs on PGlite only. Install postgresql (or set PG_BIN) to run the PostgreSQL leg. !!!\n`,
    );
    return;
  }
  describe(`${title} [PostgreSQL]`, () => {
    let cluster: PostgresCluster;
    let host: ApiHost;
    beforeAll(async () => {
      cluster = await startPostgresCluster(bin);
      const url = await cluster.createDatabase('crease_test');
      // The PGlite leg's process when it started (a filter may have skipped that leg).
      host = shared
        ? await shared.reopen(url).catch(async () => {
            // That process died in the PGlite leg (its failure is reported there): a new one.
            await shared?.close();
            return ApiHost.launch(url);
          })
        : await ApiHost.launch(url);
      shared = host;
    }, 120_000);
    afterAll(async () => {
      await host?.close();
      shared = null;
      await cluster?.stop();
    }, 60_000);
    describe('on PostgreSQL', () => suite(() => host, 'PostgreSQL'));
  });
}
