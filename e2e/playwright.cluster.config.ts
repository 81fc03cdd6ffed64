import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '@crease/test-utils/chromium';
import { CONSENT_ACCEPTED } from './support/consent';

/** nginx's port for the cluster the fault specs start (the replicas take the next 30 ports). */
export const CLUSTER_PORT = Number(process.env.E2E_CLUSTER_PORT ?? 4890);

/**
 * The fault project (issue 24 §2): each spec starts the production topology itself
 * (deploy/src/cluster, as `npm run start:cluster` does), so it can kill and restart its parts.
 */
export default defineConfig({
  testDir: './tests',
  testMatch: ['**/*.cluster.spec.ts'],
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 300_000,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${CLUSTER_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
    trace: 'off',
    // The consent choice made (decision 436): consent.spec.ts clears it.
    storageState: CONSENT_ACCEPTED,
  },
});
