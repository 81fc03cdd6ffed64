/**
 * The child process the API integration tests talk to (over IPC for control, over HTTP for
 * everything under test). It runs the API exactly as production does (Node + tsx, real ESM
 * modules), which jest's module sandbox cannot: PGlite and parts of Fastify load by import().
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createApi } from '../app';
import type { ApiApp } from '../app';
import { ControlledClock } from '../platform/clock';
import { loadApiConfig } from '../platform/config';
import { recordBillingEvent } from '../billing/billing-events';
import { cleanExpired } from '../ops/housekeeping';
import { openDatabase } from '../platform/db/client';
import { migratedPgliteSnapshot } from './pglite-snapshot';
import type { Database } from '../platform/db/client';

export type ControlMessage =
  | { type: 'open'; databaseUrl: string | null }
  | { type: 'start'; env: Record<string, string>; clock?: string; port?: number }
  | { type: 'set-clock'; origin: string; at: string }
  | { type: 'demo-tick'; origin: string }
  | { type: 'reminder-pass'; origin: string }
  | { type: 'run-renewals'; origin: string }
  | { type: 'housekeeping-pass'; origin: string }
  | { type: 'lifecycle-mail-pass'; origin: string }
  | {
      type: 'record-billing-event';
      event: Omit<Parameters<typeof recordBillingEvent>[1], 'at'> & { at: string };
    }
  | { type: 'stop'; origin: string }
  | { type: 'advance-clock'; origin: string; seconds: number }
  | { type: 'query'; sql: string; params: unknown[] }
  | { type: 'close' };

/** Test configuration: cheap argon2 (never the production default), easy ALTCHA, quiet logs. */
export const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  CREASE_PGLITE_DIR: 'memory://',
  CREASE_JWT_SECRET: Buffer.alloc(32, 7).toString('base64url'),
  CREASE_XSRF_SECRET: Buffer.alloc(32, 9).toString('base64url'),
  CREASE_STREAM_TOKEN_SECRET: Buffer.alloc(32, 11).toString('base64url'),
  CREASE_ALTCHA_HMAC_KEY: 'test-altcha-key',
  CREASE_ALTCHA_MAX_NUMBER: '2000',
  CREASE_ARGON2_MEMORY_KIB: '1024',
  CREASE_ARGON2_TIME_COST: '1',
  CREASE_SEED: 'false',
  CREASE_CATALOG_DEMO: 'false',
  // Tests run reminder passes by hand (reminder-pass), when they choose.
  CREASE_REMINDER_INTERVAL_SECONDS: '0',
  // … and lifecycle-mail passes (lifecycle-mail-pass).
  CREASE_LIFECYCLE_MAIL_INTERVAL_SECONDS: '0',
  CREASE_REGISTER_PER_MINUTE: '1000',
  CREASE_RESET_PER_MINUTE: '1000',
  // Every test viewer registers from 127.0.0.1; the rising proof cost has its own tests.
  CREASE_BOT_CHECK_VOLUME_PER_HOUR: '100000',
  CREASE_LOGIN_MAX_FAILURES_PER_IP: '1000',
  CREASE_REFRESH_REUSE_GRACE_SECONDS: '1',
  LOG_LEVEL: 'silent',
};

let database: Database | null = null;
const apps = new Map<string, { app: ApiApp; dataDir: string; clock: ControlledClock }>();

async function handle(message: ControlMessage): Promise<unknown> {
  switch (message.type) {
    case 'open':
      database = await openDatabase({
        databaseUrl: message.databaseUrl,
        pgliteDir: 'memory://',
        ...(message.databaseUrl ? {} : { pgliteLoadDataDir: await migratedPgliteSnapshot() }),
      });
      return database.kind;
    case 'start': {
      if (!database) throw new Error('open a database first');
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-api-test-'));
      const config = loadApiConfig(
        { ...TEST_ENV, CREASE_DATA_DIR: dataDir, ...message.env },
        process.cwd(),
      );
      // Each instance has its own clock that a test may move: it follows the wall clock, or
      // stands still at `message.clock` (the rolling catalog demo at chosen instants).
      const clock = new ControlledClock(message.clock ? new Date(message.clock) : undefined);
      const app = await createApi(config, { database, services: { clock } });
      await app.listen({ port: message.port ?? 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const origin = `http://127.0.0.1:${port}`;
      apps.set(origin, { app, dataDir, clock });
      return { origin, siteOrigins: config.siteOrigins };
    }
    case 'stop': {
      const entry = apps.get(message.origin);
      apps.delete(message.origin);
      await entry?.app.close();
      if (entry) fs.rmSync(entry.dataDir, { recursive: true, force: true });
      return null;
    }
    case 'advance-clock': {
      const entry = apps.get(message.origin);
      if (!entry) throw new Error(`no API at ${message.origin}`);
      entry.clock.advance(message.seconds);
      return null;
    }
    case 'set-clock': {
      const entry = apps.get(message.origin);
      if (!entry) throw new Error(`no API at ${message.origin}`);
      entry.clock.set(new Date(message.at));
      return null;
    }
    case 'demo-tick': {
      const demo = apps.get(message.origin)?.app.catalogDemo;
      if (!demo) throw new Error('this API runs no catalog demo (CREASE_CATALOG_DEMO)');
      return demo.tick();
    }
    case 'reminder-pass': {
      const app = apps.get(message.origin)?.app;
      if (!app) throw new Error(`no API at ${message.origin}`);
      return app.reminders.pass();
    }
    case 'lifecycle-mail-pass': {
      const app = apps.get(message.origin)?.app;
      if (!app) throw new Error(`no API at ${message.origin}`);
      return app.lifecycleMail.pass();
    }
    case 'record-billing-event': {
      if (!database) throw new Error('open a database first');
      await recordBillingEvent(database.db, { ...message.event, at: new Date(message.event.at) });
      return null;
    }
    case 'run-renewals': {
      const entry = apps.get(message.origin);
      if (!entry) throw new Error(`no API at ${message.origin}`);
      return entry.app.services.renewals.kick();
    }
    case 'housekeeping-pass': {
      // One pass as the instance's timer runs it: its config, on its clock (ops/housekeeping.ts).
      const entry = apps.get(message.origin);
      if (!entry) throw new Error(`no API at ${message.origin}`);
      const { config, database: own } = entry.app.services;
      return cleanExpired(own.db, {
        analyticsRetentionDays: config.analyticsRetentionDays,
        ledgerRetentionYears: config.ledgerRetentionYears,
        now: () => entry.clock.now(),
      });
    }
    case 'query': {
      if (!database) throw new Error('open a database first');
      // Test assertions only: a parameterised statement, placeholders $1, $2, ...
      const chunks = message.sql.split(/\$\d+/);
      let statement = sql.raw(chunks[0] ?? '');
      chunks.slice(1).forEach((chunk, i) => {
        statement = sql`${statement}${message.params[i]}${sql.raw(chunk)}`;
      });
      const result = (await database.db.execute(statement)) as unknown as { rows: unknown[] };
      return JSON.parse(JSON.stringify(result.rows));
    }
    case 'close':
      for (const origin of [...apps.keys()]) await handle({ type: 'stop', origin });
      await database?.close();
      database = null;
      return null;
  }
}

process.on('message', (raw: { id: number; message: ControlMessage }) => {
  handle(raw.message).then(
    (result) => process.send?.({ id: raw.id, result }),
    (error: unknown) =>
      process.send?.({
        id: raw.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
  );
});
process.on('disconnect', () => process.exit(0));
process.send?.({ id: 0, result: 'ready' });
