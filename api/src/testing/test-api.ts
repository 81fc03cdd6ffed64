/**
 * Test harness: the real API on a real loopback port, over PGlite or a throwaway PostgreSQL,
 * and a small client that behaves like the browser (XSRF cookie and header, bot-check proofs).
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { WEB_OAUTH_CLIENT_ID, XSRF_COOKIE, XSRF_HEADER } from '@crease/contract';
import { findPostgresBin, startPostgresCluster } from './postgres-cluster';
import type { PostgresCluster } from './postgres-cluster';

export const TEST_CLIENT = WEB_OAUTH_CLIENT_ID;
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

  static async launch(databaseUrl: string | null): Promise<ApiHost> {
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

  async close(): Promise<void> {
    await this.call({ type: 'close' }).catch(() => undefined);
    this.child.disconnect();
    await new Promise((resolve) =>
      this.child.exitCode !== null ? resolve(null) : this.child.once('exit', resolve),
    );
  }
}

export interface CallOptions {
  headers?: Record<string, string>;
  bearer?: string;
  /** Send the XSRF cookie and header (default true). */
  xsrf?: boolean;
  botCheck?: 'register' | 'signin' | 'reset';
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Speaks to the API like the shell does: keeps the XSRF cookie and echoes it in the header. */
export class ApiClient {
  xsrfToken: string | null = null;

  constructor(readonly origin: string) {}

  private remember(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name, value = ''] = pair.split('=');
      if (name === XSRF_COOKIE) this.xsrfToken = decodeURIComponent(value);
    }
  }

  /**
   * A solved ALTCHA proof for the action, fetched as a page on `origin` would (none: a script),
   * from `forwardedFor`'s network behind a trusted proxy (none: this machine's).
   */
  async botToken(
    action: 'register' | 'signin' | 'reset',
    origin?: string,
    forwardedFor?: string,
  ): Promise<string> {
    const proof = await this.proofIfAltcha(action, origin, forwardedFor);
    if (proof === null) throw new Error('the API has no ALTCHA bot check');
    return proof;
  }

  /** A solved proof, or null when the API's bot check is not ALTCHA (its challenge route is 404). */
  private async proofIfAltcha(
    action: 'register' | 'signin' | 'reset',
    origin?: string,
    forwardedFor?: string,
  ): Promise<string | null> {
    const headers: Record<string, string> = {
      ...(origin ? { origin } : {}),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    };
    const { status, body } = await this.get<{
      challenge: string;
      salt: string;
      signature: string;
      algorithm: string;
      maxnumber: number;
    }>(`/api/v1/bot-check/challenge?action=${action}`, { headers });
    if (status === 404) return null;
    const solution = await solveChallenge(body.challenge, body.salt, body.algorithm, body.maxnumber)
      .promise;
    if (!solution) throw new Error('bot-check challenge has no solution');
    return Buffer.from(
      JSON.stringify({
        algorithm: body.algorithm,
        challenge: body.challenge,
        number: solution.number,
        salt: body.salt,
        signature: body.signature,
      }),
    ).toString('base64');
  }

  async request<T = Record<string, unknown>>(
    method: string,
    pathname: string,
    body: BodyInit | undefined,
    contentType: string | undefined,
    options: CallOptions = {},
  ): Promise<CallResult<T>> {
    const headers: Record<string, string> = {
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    if (options.xsrf !== false && method !== 'GET') {
      if (!this.xsrfToken) await this.get('/healthz');
      headers.cookie = `${XSRF_COOKIE}=${encodeURIComponent(this.xsrfToken ?? '')}`;
      headers[XSRF_HEADER] = this.xsrfToken ?? '';
    }
    if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    if (options.botCheck) {
      // Challenges are bound to the page's site host (decision 053): fetch it as that page, and
      // from the same network (decision 170: the challenge's difficulty depends on it).
      const proof = await this.proofIfAltcha(
        options.botCheck,
        options.headers?.origin,
        options.headers?.['x-forwarded-for'],
      );
      if (proof !== null) headers['x-bot-check'] = proof;
    }
    Object.assign(headers, options.headers);
    const response = await fetch(`${this.origin}${pathname}`, { method, headers, body });
    this.remember(response);
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = Record<string, unknown>>(pathname: string, options: CallOptions = {}) {
    return this.request<T>('GET', pathname, undefined, undefined, options);
  }

  postJson<T = Record<string, unknown>>(
    pathname: string,
    body: unknown,
    options: CallOptions = {},
  ) {
    return this.request<T>('POST', pathname, JSON.stringify(body), 'application/json', options);
  }

  patchJson<T = Record<string, unknown>>(
    pathname: string,
    body: unknown,
    options: CallOptions = {},
  ) {
    return this.request<T>('PATCH', pathname, JSON.stringify(body), 'application/json', options);
  }

  postForm<T = Record<string, unknown>>(
    pathname: string,
    form: Record<string, string>,
    options: CallOptions & { client?: string | null } = {},
  ) {
    const client = options.client === undefined ? TEST_CLIENT : options.client;
    const auth: Record<string, string> =
      client === null
        ? {}
        : { authorization: `Basic ${Buffer.from(`${client}:public`).toString('base64')}` };
    return this.request<T>(
      'POST',
      pathname,
      new URLSearchParams(form).toString(),
      'application/x-www-form-urlencoded',
      {
        ...options,
        headers: { ...auth, ...options.headers },
      },
    );
  }

  async register(email: string, password: string) {
    return this.postJson(
      '/api/v1/auth/register',
      { email, password, emailSubscribe: false },
      { botCheck: 'register' },
    );
  }

  async signIn(username: string, password: string) {
    return this.postForm<{ access_token: string; refresh_token: string; expires_in: number }>(
      '/oauth2/token',
      { grant_type: 'password', scope: 'API', username, password },
      { botCheck: 'signin' },
    );
  }

  async refresh(refreshToken: string, options: CallOptions = {}) {
    return this.postForm<{ access_token: string; refresh_token: string; expires_in: number }>(
      '/oauth2/token',
      {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
      },
      options,
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
  describe(`${title} [PGlite]`, () => {
    let host: ApiHost;
    beforeAll(async () => {
      host = await ApiHost.launch(null);
    }, 120_000);
    afterAll(async () => {
      await host?.close();
    });
    // Nested, so the suite's own afterAll hooks run before the host closes.
    describe('on PGlite', () => suite(() => host, 'PGlite'));
  });

  const bin = findPostgresBin();
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
      host = await ApiHost.launch(await cluster.createDatabase('crease_test'));
    }, 120_000);
    afterAll(async () => {
      await host?.close();
      await cluster?.stop();
    }, 60_000);
    describe('on PostgreSQL', () => suite(() => host, 'PostgreSQL'));
  });
}
