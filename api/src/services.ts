import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './platform/clock';
import { ControlledClock, systemClock } from './platform/clock';
import { createCatalog } from './catalog/catalog';
import type { Catalog } from './catalog/catalog';
import { createPaymentProvider } from './billing/providers/create-provider';
import type { PaymentProvider } from './billing/providers/payment-provider';
import type { SimulatedProvider } from './billing/providers/sandbox/simulated-provider';
import { RenewalJob } from './billing/renewals';
import { InvoiceIssuer } from './billing/invoices';
import type { AccountDeletionHook } from './billing';
import { endAccountStreams } from './streams';
import type { ApiConfig } from './platform/config';
import type { Database } from './platform/db/client';
import { outboxMailer, smtpMailer } from './accounts/mailer';
import type { Mailer } from './accounts/mailer';
import { AccessTokens } from './accounts/access-tokens';
import { DbAttemptStore } from './accounts/attempt-store';
import type { AttemptStore } from './accounts/attempt-store';
import { createBotCheck } from './accounts/bot-check';
import type { BotCheck } from './accounts/bot-check';
import { PasswordHasher } from './accounts/passwords';
import { Sessions } from './accounts/sessions';
import { XsrfTokens } from './platform/http/xsrf';
import { BackgroundTasks } from './platform/background-tasks';
import { LazyMediaLibrary } from './streams/media/media-library';
import { HeldRequests } from './streams/origin/held-requests';
import { LiveParts } from './streams/origin/live-parts';
import { StreamStandings } from './streams/origin/stream-standing';
import { PlaybackRevocations } from './streams/origin/revocations';
import { PlaybackTokens } from './streams/playback-token';

/** Everything the routes use, built once per API instance. Tests may swap any of them. */
export interface ApiServices {
  config: ApiConfig;
  /** "Now" for everything decided by time (api/src/clock.ts); tests move it (api-process.ts). */
  clock: Clock;
  database: Database;
  hasher: PasswordHasher;
  accessTokens: AccessTokens;
  sessions: Sessions;
  xsrf: XsrfTokens;
  attempts: AttemptStore;
  botCheck: BotCheck;
  mailer: Mailer;
  background: BackgroundTasks;
  catalog: Catalog;
  /** The payment provider adapter chosen by CREASE_PAYMENTS (docs/billing.md). */
  payments: PaymentProvider;
  /** The embedded sandbox provider when it is the one in use (its hosted-page routes need it). */
  sandbox: SimulatedProvider | null;
  /** Charges due subscriptions at their period end (billing/renewals.ts, decision 247). */
  renewals: RenewalJob;
  /** What features above billing end when an account is deleted (decision 302). */
  accountDeletionHooks: readonly AccountDeletionHook[];
  /** Writes each payment with its invoice number, seller and tax (billing/invoices.ts, 300). */
  invoices: InvoiceIssuer;
  /**
   * Playback tokens, the rendered test card the embedded origin serves and its held LL-HLS
   * requests (docs/streams.md).
   */
  streams: {
    tokens: PlaybackTokens;
    media: LazyMediaLibrary;
    standings: StreamStandings;
    /** Streams closed and devices signed out lately, polled into memory (decision 355). */
    revocations: PlaybackRevocations;
    held: HeldRequests;
    /** Channels' live inputs as the transcoder writes them (decision 417). */
    live: LiveParts;
  };
}

export function createServices(
  config: ApiConfig,
  database: Database,
  log: FastifyBaseLogger,
  overrides: Partial<ApiServices> = {},
): ApiServices {
  const { db } = database;
  // Outside production the clock follows the wall clock but can be moved forward through the
  // development clock route (renewals, reminders and expiries are tested on a moved clock).
  const clock =
    overrides.clock ?? (config.env === 'production' ? systemClock : new ControlledClock());
  const accessTokens = new AccessTokens(
    config.jwtSecret,
    config.jwtIssuer,
    config.accessTokenSeconds,
    // Credentials age on the wall clock, not the movable one (decision 420, point 8).
    systemClock,
  );
  const announce =
    config.env === 'development'
      ? (m: { to: string; subject: string; links: string[] }) =>
          console.info(`[outbox] "${m.subject}" to ${m.to}: ${m.links.join(' ')}`)
      : undefined;
  // A test's own provider replaces the configured one (and then there are no sandbox pages).
  const { payments, sandbox } = overrides.payments
    ? { payments: overrides.payments, sandbox: null }
    : createPaymentProvider(config, db, clock, log);
  const invoices = overrides.invoices ?? new InvoiceIssuer(config.invoices);
  return {
    config,
    clock,
    database,
    catalog: createCatalog(config, db, clock),
    hasher: new PasswordHasher(config.argon2),
    accessTokens,
    sessions: new Sessions(db, accessTokens, config, database.prepared, clock),
    xsrf: new XsrfTokens(config.xsrfSecret),
    attempts: new DbAttemptStore(db, clock),
    botCheck: createBotCheck(config, db, clock),
    mailer: config.smtpUrl
      ? smtpMailer(config.smtpUrl, config.mailFrom)
      : outboxMailer(db, clock, announce),
    background: new BackgroundTasks(log),
    payments,
    sandbox,
    invoices,
    accountDeletionHooks: [endAccountStreams],
    renewals: new RenewalJob(
      { db, clock, payments, invoices, log },
      config.billing.renewalIntervalMs,
    ),
    streams: {
      tokens: new PlaybackTokens(config.streams.tokenSecret),
      media: new LazyMediaLibrary(config.streams.mediaCacheDir),
      standings: new StreamStandings(database.prepared),
      revocations: new PlaybackRevocations(database.prepared, () => clock.now().getTime(), {
        // Every token a revocation refuses expires within tokenSeconds of it; a minute to spare.
        retainMs: (config.streams.tokenSeconds + 60) * 1000,
      }),
      held: new HeldRequests(clock),
      live: new LiveParts(config.ingest.liveDir, () => clock.now().getTime()),
    },
    ...overrides,
  };
}
