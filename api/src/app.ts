import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BOT_CHECK_HEADER, IDEMPOTENCY_HEADER, XSRF_HEADER } from '@crease/contract';
import { ConfigError } from './platform/config';
import type { ApiConfig } from './platform/config';
import { openDatabase } from './platform/db/client';
import type { Database } from './platform/db/client';
import { housekeepingJob } from './ops/housekeeping';
import { runSeeders } from './platform/db/seed';
import { SEEDERS } from './seeders';
// Every feature's error table, loaded before the first request (decision 190).
import './error-catalogue';
import { ApiError } from './platform/errors';
import { sendError } from './platform/error-handler';
import { assertPlainText } from './platform/http/input-guard';
import { registerIdempotency } from './platform/http/idempotency';
import { registerRateLimits } from './platform/http/rate-limit';
import { SummaryLogController } from './platform/http/request-log';
import { serverWithLane } from './platform/http/server-lane';
import { buildCachedSerializer } from './platform/http/serializer-cache';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerXsrf } from './platform/http/xsrf-hook';
import { startDemoClock } from './catalog/demo/demo-clock';
import type { DemoClock } from './catalog/demo/demo-clock';
import { ReminderJob } from './catalog/follows/reminder-job';
import { LifecycleMailJob } from './mail';
import { BackgroundJobs } from './platform/background-jobs';
import { recipientGate } from './accounts';
import { accountsRoutes } from './accounts/routes';
import { billingRoutes } from './billing/routes';
import { catalogRoutes } from './catalog/routes';
import { opsRoutes } from './ops/routes';
import { streamsRoutes } from './streams/routes';
import { channelViewers } from './streams';
import { ingestRoutes } from './ingest/routes';
import {
  devAdminProblem,
  registerBotAudit,
  staffActor,
  staffGuard,
  staffOrNull,
  staffRoutes,
} from './staff';
import { supportRoutes } from './support';
import { businessRoutes } from './business';
import { scoringRoutes } from './scoring';
import { HealthBook, IngestProcess, StreamKeys } from './ingest';
import { answerAccessFromMemory } from './streams/origin/edge-access-lane';
import { playbackNetworkOf } from './streams/playback-network';
import { clientAddressOf, trustedProxies } from './platform/http/client-address';
import type { EdgeAccessMemory } from './streams/origin/edge-access-lane';
import { createServices } from './services';
import type { ApiServices } from './services';

export type ApiApp = FastifyInstance & { services: ApiServices };

declare module 'fastify' {
  interface FastifyInstance {
    services: ApiServices;
    /** The rolling demo's clock, when it runs (tests tick it by hand). */
    catalogDemo: DemoClock | null;
    /** Every background job of this instance, started and stopped together (background-jobs.ts). */
    jobs: BackgroundJobs;
    /** The match-reminder job (decision 275); tests run a pass by hand. */
    reminders: ReminderJob;
    /** The lifecycle-mail job (decision 290); tests run a pass by hand. */
    lifecycleMail: LifecycleMailJob;
  }
  interface FastifyContextConfig {
    /** The body's media type the route accepts (others get 415). */
    accepts?: 'json' | 'form';
    /** Authenticated by a bearer token alone (no cookies): exempt from the XSRF double submit. */
    bearerOnly?: boolean;
  }
}

export interface CreateApiOptions {
  /** An already open database (tests share one per suite); otherwise opened from config. */
  database?: Database;
  services?: Partial<ApiServices>;
}

/**
 * Builds the API: opens the database and applies migrations, runs the dev seeders, registers
 * every route with its schema (OpenAPI at /docs). Call `listen` or `ready` + `routing` next.
 */
export async function createApi(
  config: ApiConfig,
  options: CreateApiOptions = {},
): Promise<ApiApp> {
  // The CDN's token checks that memory can answer "yes" skip the framework (decision 368); the
  // memory is set once the services exist, and until then every request goes to Fastify.
  let edgeAccess: EdgeAccessMemory | null = null;
  const app = Fastify({
    serverFactory: serverWithLane(
      (request, response) =>
        edgeAccess !== null && answerAccessFromMemory(edgeAccess, request, response),
    ),
    logger: {
      level: config.logLevel,
      // Never log secrets: credentials, tokens and cookies (docs/api.md).
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          `req.headers["${XSRF_HEADER.toLowerCase()}"]`,
          `req.headers["${BOT_CHECK_HEADER.toLowerCase()}"]`,
          'res.headers["set-cookie"]',
          '*.password',
          '*.newPassword',
          '*.oldPassword',
          '*.refresh_token',
          '*.access_token',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    ajv: {
      // Reject what the schema does not allow instead of quietly fixing it.
      customOptions: {
        removeAdditional: false,
        coerceTypes: false,
        useDefaults: false,
        allErrors: false,
      },
    },
    routerOptions: { maxParamLength: 200 },
    // Response serializers compiled once per process, however many instances (decision 482).
    schemaController: { compilersFactory: { buildSerializer: buildCachedSerializer } },
    logController: new SummaryLogController(),
  }).withTypeProvider<TypeBoxTypeProvider>();

  const ownDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      ...config,
      onIdleError: (error) => app.log.warn({ err: error }, 'database dropped an idle connection'),
    }));
  // Production never runs with the development admin `npm start` made (decision 433).
  const defaultAdmin = config.env === 'production' ? await devAdminProblem(database.db) : null;
  if (defaultAdmin) {
    if (ownDatabase) await database.close();
    throw new ConfigError(`Refusing to start in production:\n- ${defaultAdmin}`);
  }
  const services = createServices(config, database, app.log, options.services);
  app.decorate('services', services);
  const proxies = trustedProxies(config.trustProxy);
  edgeAccess = {
    tokens: services.streams.tokens,
    standingFromMemory: (claims, nowMs) => services.streams.revocations.standing(claims, nowMs),
    nowMs: () => services.clock.now().getTime(),
    // The viewer's network as request.ip would say (decision 401), without the framework.
    networkOf: (request) => {
      const address = clientAddressOf(
        request.socket.remoteAddress,
        request.headers['x-forwarded-for'],
        proxies,
      );
      return address === null ? null : playbackNetworkOf(address);
    },
  };
  // Every job of this instance, registered once: started when the API is ready, in this order,
  // and stopped in reverse when it closes, before the database (platform/background-jobs.ts).
  const jobs = new BackgroundJobs(app.log);
  app.decorate('jobs', jobs);
  jobs.add(
    'housekeeping',
    housekeepingJob(database.db, config.cleanupIntervalSeconds, app.log, {
      analyticsRetentionDays: config.analyticsRetentionDays,
      ledgerRetentionYears: config.ledgerRetentionYears,
      now: () => services.clock.now(),
    }),
  );
  // One mailbox gets so much mail an hour, whoever asks (decision 406).
  const recipients = recipientGate(services.attempts, config.mail);
  const reminders = new ReminderJob(
    database.db,
    services.clock,
    services.mailer,
    config.siteOrigins[0] ?? '',
    app.log,
    recipients,
  );
  app.decorate('reminders', reminders);
  const lifecycleMail = new LifecycleMailJob(
    database.db,
    services.clock,
    services.mailer,
    config.siteOrigins[0] ?? '',
    app.log,
    recipients,
  );
  app.decorate('lifecycleMail', lifecycleMail);
  // The ingest's health reports, the last 10 minutes per channel (decision 448).
  const healthBook = new HealthBook();
  // The embedded media server, in a process of its own, when this API runs it (decision 416).
  const ingest =
    config.ingest.rtmpPort === null
      ? null
      : new IngestProcess({
          config: config.ingest,
          keys: new StreamKeys(database.db, services.clock, config.ingest.publishLeaseSeconds),
          cardDir: services.streams.media.dir,
          dataDir: config.dataDir,
          log: app.log,
          health: {
            book: healthBook,
            viewers: (channelId) => channelViewers(database.db, channelId, services.clock.now()),
          },
        });
  let demo: DemoClock | null = null;
  // The payment provider's background work (the sandbox's webhook sender) runs while the API
  // does; the sandbox sends to this API's own address once it listens.
  jobs.add('payments', services.payments);
  jobs.add('reminders', {
    start: () => reminders.start(config.reminderIntervalSeconds),
    stop: () => reminders.stop(),
  });
  // Every replica sends lifecycle mail; row claims keep each message to one send (decision 290).
  jobs.add('lifecycle mail', {
    start: () => lifecycleMail.start(config.lifecycleMailIntervalSeconds),
    stop: () => lifecycleMail.stop(),
  });
  // Every replica runs the renewal job; row claims keep it to one charge (decision 247). It
  // charges through the provider, so it is registered after it (stopped before it).
  if (config.billing.renewalIntervalMs > 0) jobs.add('renewals', services.renewals);
  // The CDN's token checks answer from memory while this polls (decision 355).
  jobs.add('playback revocations', {
    start: () => services.streams.revocations.start(app.log),
    stop: () => services.streams.revocations.stop(),
  });
  // The RTMP ingest's own process (decision 416), when this instance takes encoders.
  if (ingest) jobs.add('rtmp ingest', ingest);
  app.addHook('onReady', () => jobs.startAll());
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') services.sandbox?.listeningOn(address);
  });
  app.addHook('onClose', async () => {
    await jobs.stopAll();
    await services.background.drain();
    if (ownDatabase) await database.close();
  });
  if (config.seed) await runSeeders(database.db, services, app.log, SEEDERS);
  // The rolling demo schedule (decision 073): seeded now, then moved along by its clock.
  if (config.catalogDemo)
    demo = await startDemoClock(
      services.catalog,
      database.db,
      config.catalogDemoTickSeconds,
      app.log,
    );
  if (demo) {
    const running = demo;
    jobs.add(
      'catalog demo',
      { start: () => undefined, stop: () => running.stop() },
      { running: true },
    );
  }
  app.decorate('catalogDemo', demo);

  // Only JSON and (for the OAuth2 endpoints) form bodies are parsed; anything else is a 415.
  app.removeContentTypeParser(['text/plain']);
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });
  await registerSecurityHeaders(app, config);
  await app.register(cors, {
    origin: config.siteOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Authorization',
      'Content-Type',
      'Accept',
      XSRF_HEADER,
      BOT_CHECK_HEADER,
      IDEMPOTENCY_HEADER,
      // The catalog's conditional reads (a page that read the ETag sends it back: 304).
      'If-None-Match',
    ],
    exposedHeaders: ['Retry-After', 'Idempotent-Replayed', 'ETag'],
    maxAge: 600,
    strictPreflight: false,
  });
  // Parses Cookie headers into request.cookies (the XSRF double submit reads its cookie there).
  await app.register(cookie);
  registerXsrf(app, services);
  registerIdempotency(app, services);
  await registerRateLimits(app, config);

  app.addHook('preValidation', async (request) => {
    const accepts = request.routeOptions.config.accepts;
    if (accepts && request.body !== undefined) {
      const type = String(request.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase();
      const wanted = accepts === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
      if (type !== wanted)
        throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `Send the body as ${wanted}.`);
    }
    assertPlainText(request.body, request.query);
  });

  app.setErrorHandler((error, request, reply) => sendError(request, reply, error, services.clock));
  app.setNotFoundHandler((request, reply) =>
    sendError(request, reply, new ApiError('NOT_FOUND'), services.clock),
  );

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Crease API',
        version: '1.0.0',
        description:
          'Accounts, tokens, the catalog (leagues, events, operator API), billing (plans, coupons, checkout, payment-provider webhooks, trial, subscription, entitlement, devices; docs/billing.md) and first-party analytics. Every error has the shape {code, userId, message, timeStamp} (see docs/api.md for the code catalogue). State-changing calls need the XSRF-TOKEN cookie echoed in X-XSRF-TOKEN.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          client: {
            type: 'http',
            scheme: 'basic',
            description: 'OAuth2 public client id (the secret is not checked).',
          },
          botCheck: { type: 'apiKey', in: 'header', name: BOT_CHECK_HEADER },
          xsrf: { type: 'apiKey', in: 'header', name: XSRF_HEADER },
          operator: {
            type: 'http',
            scheme: 'bearer',
            description: 'A catalog operator token (CREASE_CATALOG_OPERATOR_TOKENS).',
          },
          ingestServer: {
            type: 'http',
            scheme: 'bearer',
            description: "The media server's secret (CREASE_INGEST_SECRET, base64url).",
          },
        },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The UI's own CSP (its scripts and styles by hash) replaces the API's "nothing loads" one;
    // without the upgrade directive, which would break /docs over plain http in development.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });

  // Operator tokens' changes land in the staff audit as bots (decision 434): one hook for all.
  registerBotAudit(app);
  // Each feature registers its own routes (decision 190).
  await app.register(opsRoutes);
  await app.register(accountsRoutes);
  const staffDeps = { db: services.database.db, clock: services.clock };
  // A producer's or admin's staff session may schedule beside the operator tokens (decision 447).
  const staffCheck = staffGuard(staffDeps);
  const requireProducer = async (request: FastifyRequest) =>
    staffActor((await staffCheck(request, ['producer', 'admin'])).id);
  await app.register(catalogRoutes, {
    authorizeStaff: staffOrNull(staffDeps, ['producer', 'admin']),
    requireProducer,
  });
  await app.register(billingRoutes);
  await app.register(streamsRoutes);
  // A producer's or admin's staff session may manage ingest keys beside the operator tokens.
  await app.register(ingestRoutes, {
    authorizeStaff: staffOrNull(staffDeps, ['producer', 'admin']),
    // The producer's ingest health and slate (decisions 448, 450).
    book: healthBook,
    ingest,
    requireProducer,
  });
  await app.register(staffRoutes);
  await app.register(supportRoutes);
  await app.register(businessRoutes);
  await app.register(scoringRoutes);
  return app as unknown as ApiApp;
}
