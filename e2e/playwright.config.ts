import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '@crease/test-utils/chromium';
import { CONSENT_ACCEPTED } from './support/consent';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4780);
/** The catalog operator API's token for this run (CREASE_CATALOG_OPERATOR_TOKENS, name "e2e"). */
export const E2E_OPERATOR_TOKEN = 'e2e-catalog-operator-token';
/** The release API's token for this run (CREASE_RELEASE_TOKENS, actor "e2e-release"): the console signs in with it. */
export const E2E_RELEASE_TOKEN = 'e2e-release-console-token-0123456789';
export const E2E_DATA_DIR =
  process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `crease-e2e-${E2E_PORT}`);

/**
 * The whole site, started exactly as `npm start` does (publish + promote the local builds,
 * then the edge server), in Debian's Chromium. No browser downloads.
 */
export default defineConfig({
  testDir: './tests',
  // Run by playwright.short-tokens.config.ts (30-second access tokens),
  // playwright.moved-clock.config.ts (specs that move the API's clock: it never goes back, and the
  // other specs compare the API's times with this machine's, so they get a server of their own) and playwright.cluster.config.ts (the production
  // topology, npm run start:cluster).
  testIgnore: ['**/*.short-tokens.spec.ts', '**/*.cluster.spec.ts', '**/*.moved-clock.spec.ts'],
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
    // The consent choice made (decision 436): consent.spec.ts clears it.
    storageState: CONSENT_ACCEPTED,
  },
  webServer: {
    // Every run starts from an empty data dir (database, artifacts, registry): no state carries
    // over from an earlier run, whether it passed, failed or was killed.
    command: [
      `node -e "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })" ${JSON.stringify(E2E_DATA_DIR)}`,
      `node --import tsx ${path.join('..', 'deploy', 'src', 'cli', 'start.ts')}`,
    ].join(' && '),
    url: `http://localhost:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 300_000,
    env: {
      PORT: String(E2E_PORT),
      CREASE_DATA_DIR: E2E_DATA_DIR,
      // The embedded RTMP ingest beside each run's port, never 1935 (an `npm start` may hold it).
      CREASE_INGEST_RTMP_PORT: String(E2E_PORT + 15_000),
      // One rendition transcoded (decision 418): a shared 2-core CI machine cannot encode the
      // whole ladder in real time beside the suite; live-ingest.spec.ts watches 480p.
      CREASE_INGEST_RENDITIONS: '480p',
      HOST: '127.0.0.1',
      // A replaced version needs no minimum time live to be a last-known-good here (tests
      // promote within seconds); fallbacks still disqualify it (decision 060).
      CREASE_LKG_MIN_LIVE_SECONDS: '0',
      CREASE_CATALOG_OPERATOR_TOKENS: `e2e:${E2E_OPERATOR_TOKEN}`,
      // The release console's sign-in (no spec writes through the release API anonymously).
      CREASE_RELEASE_TOKENS: `e2e-release:${E2E_RELEASE_TOKEN}`,
      // The whole suite is one viewer address registering dozens of accounts within minutes; the
      // per-IP registration limit (10 a minute) has its own API tests and is not under test here.
      CREASE_REGISTER_PER_MINUTE: '1000',
      // … and the bot check's cost rising with one network's volume (decision 409): API tests.
      CREASE_BOT_CHECK_VOLUME_PER_HOUR: '100000',
      // Likewise the free trials the suite's viewers start from one address (decision 106).
      CREASE_TRIALS_PER_NETWORK_PER_DAY: '1000',
      // And the checkouts with a limited coupon (SEASON50) from that one address (decision 396).
      CREASE_COUPON_HOLDS_PER_NETWORK_PER_HOUR: '1000',
      // The canary spec makes a handful of page views per side, not the production 200 (decision 141).
      CREASE_CANARY_MIN_VIEWS: '4',
      // Every browser of the suite is on one network (loopback), and a spec falls back in one
      // signed-in browser: the quorum is 1 here; production needs 5 signed-in viewers (or 2 % of
      // the version's page views) on 3 networks (decisions 157, 411), which
      // deploy/src/edge/signed-release-events.test.ts proves with many source addresses.
      CREASE_QUORUM_BROWSERS: '1',
      CREASE_QUORUM_NETWORKS: '1',
      CREASE_QUORUM_ACCOUNTS: '1',
      CREASE_QUORUM_SHARE_PERCENT: '0',
      // Every page view of the whole suite sends signals from this one address.
      CREASE_SIGNALS_PER_MINUTE: '100000',
      // follow.spec moves the API's clock to a match's start (the dev clock route) and waits
      // for the reminder pass, which runs every 2 s here instead of 30 s (decision 275).
      CREASE_REMINDER_INTERVAL_SECONDS: '2',
      // Lifecycle mail (welcome, receipts) leaves its queue every second (decision 290).
      CREASE_LIFECYCLE_MAIL_INTERVAL_SECONDS: '1',
      // Renewals are charged within a second of the period end the dev clock moved to (the
      // production replicas look every minute); renewals.spec.ts waits for them.
      CREASE_RENEWAL_INTERVAL_MS: '1000',
    },
    stdout: 'pipe',
  },
});
