/**
 * A production-like API environment for tests (decision 175): every setting production requires,
 * with throwaway values. Tests that run the API with NODE_ENV=production start from this, so a
 * new production requirement is added here once rather than in each test.
 */
export const PRODUCTION_API_ENV = {
  NODE_ENV: 'production',
  CREASE_PGLITE_DIR: 'memory://',
  // Random-looking on purpose: production refuses low-entropy keys (issue 31, item 16), so
  // `Buffer.alloc(32, 1)` ("AQEBAQ…") no longer passes for one. Throwaway values all the same.
  CREASE_JWT_SECRET: 'wbzQqSBIjnPFoKTXe1xxuNLl_r4kSHJFwCogBxqRydw',
  CREASE_XSRF_SECRET: 'qEXNDP4GjuAcYY0CX7jTd0Rh7lh45BEmfvny_4mk5J0',
  CREASE_STREAM_TOKEN_SECRET: 'jT6xIqwXcqHAVmml-oXbU6dPsK61x4_H2sy14xgA-S8',
  CREASE_ALTCHA_HMAC_KEY: '1338fbcade3e22d1830a8af443538aa9acccffcbbcdc770a8055e9a34a2eb505',
  // Production takes payments through Stripe (decision 204, deploy/k8s); never dialled here.
  CREASE_PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_production-test',
  STRIPE_WEBHOOK_SECRET: 'whsec_production-test-webhook-secret',
  CREASE_SITE_ORIGINS: 'https://crease.tv,https://www.crease.tv',
  // Never dialled by these tests: nodemailer connects only when a message is sent.
  SMTP_URL: 'smtp://127.0.0.1:9/',
  CREASE_MAIL_FROM: 'Crease <no-reply@crease.tv>',
};
