/**
 * A production-like API environment for tests (decision 175): every setting production requires,
 * with throwaway values. Tests that run the API with NODE_ENV=production start from this, so a
 * new production requirement is added here once rather than in each test.
 */
export const PRODUCTION_API_ENV = {
  NODE_ENV: 'production',
  CREASE_PGLITE_DIR: 'memory://',
  CREASE_JWT_SECRET: Buffer.alloc(32, 1).toString('base64url'),
  CREASE_XSRF_SECRET: Buffer.alloc(32, 2).toString('base64url'),
  CREASE_STREAM_TOKEN_SECRET: Buffer.alloc(32, 3).toString('base64url'),
  CREASE_ALTCHA_HMAC_KEY: 'production-test-altcha-key',
  // Production takes payments through Stripe (decision 204, deploy/k8s); never dialled here.
  CREASE_PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_production-test',
  STRIPE_WEBHOOK_SECRET: 'whsec_production-test-webhook-secret',
  CREASE_SITE_ORIGINS: 'https://crease.tv,https://www.crease.tv',
  // Never dialled by these tests: nodemailer connects only when a message is sent.
  SMTP_URL: 'smtp://127.0.0.1:9/',
  CREASE_MAIL_FROM: 'Crease <no-reply@crease.tv>',
};
