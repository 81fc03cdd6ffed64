import baseConfig from './playwright.config';

/**
 * The same site with 30-second access tokens (the API's shortest, CREASE_ACCESS_TOKEN_SECONDS),
 * for the specs that cross an access-token expiry (issue 23 §4, decision 198). A separate run:
 * the rest of the suite compares stored tokens across steps and must not see them rotate.
 */
export default {
  ...baseConfig,
  testMatch: ['**/*.short-tokens.spec.ts'],
  testIgnore: [],
  webServer: {
    ...baseConfig.webServer,
    env: {
      ...(baseConfig.webServer as { env: Record<string, string> }).env,
      CREASE_ACCESS_TOKEN_SECONDS: '30',
    },
  },
};
