/**
 * The billing suites' setup, written once (decision 362): one API for the suite with the billing
 * test env (seeded catalogue, fast sandbox webhooks, and the renewal job off: a test that wants a
 * renewal pass moves the clock and calls `runRenewals()`), plus the suite's own env on top.
 */
import { BILLING_TEST_ENV } from './billing-helpers';
import type { ApiHost, RunningApi } from './test-api';

/** The env every billing suite starts its API with, before its own additions. */
export const BILLING_SUITE_ENV: Record<string, string> = {
  ...BILLING_TEST_ENV,
  CREASE_RENEWAL_INTERVAL_MS: '0',
};

/** Starts the suite's API in beforeAll and closes it in afterAll; `api` reads it inside tests. */
export function billingApiForSuite(
  host: () => ApiHost,
  env: Record<string, string> = {},
): { readonly api: RunningApi } {
  let api: RunningApi | null = null;
  beforeAll(async () => {
    api = await host().start({ ...BILLING_SUITE_ENV, ...env });
  }, 60_000);
  afterAll(async () => {
    await api?.close();
  });
  return {
    get api() {
      if (!api) throw new Error('the API starts in beforeAll; use it inside tests or hooks');
      return api;
    },
  };
}
