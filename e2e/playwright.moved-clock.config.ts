import baseConfig from './playwright.config';

/**
 * The same site for the specs that move the API's clock on (reminders, decision 275; renewals and
 * grace periods, decision 245). The development clock only goes forward, so they run on a server of their own:
 * the rest of the suite keeps an API whose "now" is this machine's.
 */
export default {
  ...baseConfig,
  testMatch: ['**/*.moved-clock.spec.ts'],
  testIgnore: [],
};
