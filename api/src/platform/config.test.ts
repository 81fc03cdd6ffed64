/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, PRODUCTION_ARGON2, loadApiConfig } from './config';
import { PRODUCTION_API_ENV } from '../testing/production-env';

describe('loadApiConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-config-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs with no settings: PGlite in <data>/api-db, local site origins, a persisted dev key', () => {
    const config = loadApiConfig({ CREASE_DATA_DIR: dir }, '/repo');
    expect(config.databaseUrl).toBeNull();
    expect(config.pgliteDir).toBe(path.join(dir, 'api-db'));
    expect(config.siteOrigins).toEqual([
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://crease.localhost:8080',
    ]);
    expect(config.argon2).toEqual(PRODUCTION_ARGON2);
    expect(config.oauthClientIds).toEqual(['crease-web']);
    expect(config.botCheck).toBe('altcha');
    // The generated key is kept, so access tokens survive a restart.
    expect(loadApiConfig({ CREASE_DATA_DIR: dir }, '/repo').jwtSecret).toEqual(config.jwtSecret);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadApiConfig({
      CREASE_DATA_DIR: dir,
      DATABASE_URL: 'postgres://u@db:5432/crease',
    });
    expect(config.databaseUrl).toBe('postgres://u@db:5432/crease');
    expect(config.pgliteDir).toBeNull();
  });

  it('reports every problem at once, clearly', () => {
    let error: unknown;
    try {
      loadApiConfig({
        CREASE_DATA_DIR: dir,
        DATABASE_URL: 'mysql://x',
        CREASE_BOT_CHECK: 'captcha',
        CREASE_ACCESS_TOKEN_SECONDS: 'ten',
        CREASE_SITE_ORIGINS: 'localhost:8080',
        SMTP_URL: 'http://mail',
        REDIS_URL: 'http://cache:6379',
        CREASE_ANALYTICS_RETENTION_DAYS: '0',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of [
      'DATABASE_URL',
      'CREASE_BOT_CHECK',
      'CREASE_ACCESS_TOKEN_SECONDS',
      'CREASE_SITE_ORIGINS',
      'SMTP_URL',
      'REDIS_URL',
      'CREASE_ANALYTICS_RETENTION_DAYS',
    ])
      expect(message).toContain(name);
  });

  it('serves LL-HLS with an 8 h DVR window by default; classic HLS and the length by setting', () => {
    const defaults = loadApiConfig({ CREASE_DATA_DIR: dir }, '/repo').streams;
    expect(defaults).toMatchObject({ lowLatency: true, dvrSeconds: 12 * 3600 });
    const classic = loadApiConfig(
      {
        CREASE_DATA_DIR: dir,
        CREASE_STREAM_LOW_LATENCY: 'false',
        CREASE_STREAM_DVR_SECONDS: '14400',
      },
      '/repo',
    ).streams;
    expect(classic).toMatchObject({ lowLatency: false, dvrSeconds: 14_400 });
    expect(() =>
      loadApiConfig(
        {
          CREASE_DATA_DIR: dir,
          CREASE_STREAM_LOW_LATENCY: 'sometimes',
          CREASE_STREAM_DVR_SECONDS: '30',
        },
        '/repo',
      ),
    ).toThrow(
      /CREASE_STREAM_DVR_SECONDS must be a whole number from 60 to 86400[\s\S]*CREASE_STREAM_LOW_LATENCY must be true or false/,
    );
  });

  it('shares rate limits through Redis only when REDIS_URL is set; analytics has a limit and a retention', () => {
    const embedded = loadApiConfig({ CREASE_DATA_DIR: dir });
    expect(embedded.redisUrl).toBeNull();
    expect(embedded.analyticsPerMinute).toBe(120);
    expect(embedded.analyticsRetentionDays).toBe(90);
    for (const url of ['redis://cache:6379/0', 'rediss://user:secret@cache.internal:6380'])
      expect(loadApiConfig({ CREASE_DATA_DIR: dir, REDIS_URL: url }).redisUrl).toBe(url);
  });

  it('refuses unsafe production settings', () => {
    expect(() => loadApiConfig({ NODE_ENV: 'production', CREASE_DATA_DIR: dir })).toThrow(
      /CREASE_JWT_SECRET is required in production/,
    );
    const secrets = { ...PRODUCTION_API_ENV, CREASE_DATA_DIR: dir };
    // Playback tokens are signed with a real key in production, as the CDN edge checks them.
    const { CREASE_STREAM_TOKEN_SECRET: _streamKey, ...withoutStreamKey } = secrets;
    expect(() => loadApiConfig(withoutStreamKey)).toThrow(
      /CREASE_STREAM_TOKEN_SECRET is required in production/,
    );
    expect(() => loadApiConfig({ ...secrets, CREASE_STREAM_TOKEN_SECRET: 'short' })).toThrow(
      /CREASE_STREAM_TOKEN_SECRET must be at least 32 bytes/,
    );
    expect(loadApiConfig(secrets).cookieSecure).toBe(true);
    expect(loadApiConfig(secrets).xsrfLocalhostFallback).toBe(false);
    expect(() => loadApiConfig({ ...secrets, CREASE_BOT_CHECK: 'off' })).toThrow(
      /not allowed in production/,
    );
    expect(() => loadApiConfig({ ...secrets, CREASE_ARGON2_MEMORY_KIB: '1024' })).toThrow(/OWASP/);
    expect(() => loadApiConfig({ ...secrets, CREASE_BOT_CHECK: 'recaptcha' })).toThrow(
      /CREASE_RECAPTCHA_SECRET/,
    );
    expect(loadApiConfig(secrets).catalogDemo).toBe(false);
    expect(() => loadApiConfig({ ...secrets, CREASE_CATALOG_DEMO: 'true' })).toThrow(
      /CREASE_CATALOG_DEMO=true is not allowed in production/,
    );
  });

  describe('in production (decision 175)', () => {
    const production = () => ({ ...PRODUCTION_API_ENV, CREASE_DATA_DIR: dir });
    const problemsOf = (env: Record<string, string | undefined>): string => {
      try {
        loadApiConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      return '';
    };

    it('starts with the production-like environment, and makes no development key', () => {
      const config = loadApiConfig(production());
      expect(config.siteOrigins).toEqual(['https://crease.tv', 'https://www.crease.tv']);
      expect(config.smtpUrl).toBe(PRODUCTION_API_ENV.SMTP_URL);
      expect(config.billing.provider).toBe('stripe');
      expect(config.billing.stripe?.webhookSecret).toBe(PRODUCTION_API_ENV.STRIPE_WEBHOOK_SECRET);
      expect(fs.readdirSync(dir)).toEqual([]);
    });

    it('requires each setting that has a development default, each by name', () => {
      for (const name of [
        'CREASE_JWT_SECRET',
        'CREASE_XSRF_SECRET',
        'CREASE_STREAM_TOKEN_SECRET',
        'CREASE_PAYMENTS',
        'CREASE_SITE_ORIGINS',
        'SMTP_URL',
        'CREASE_MAIL_FROM',
      ]) {
        const message = problemsOf({ ...production(), [name]: undefined });
        expect(message).toContain(`- ${name} is required in production`);
        // That one, and nothing else.
        expect(message.split('\n')).toHaveLength(2);
      }
      expect(problemsOf({ ...production(), CREASE_ALTCHA_HMAC_KEY: undefined })).toContain(
        '- CREASE_ALTCHA_HMAC_KEY or CREASE_ALTCHA_SECRET is required in production',
      );
      // Either form of the ALTCHA key will do.
      expect(
        problemsOf({
          ...production(),
          CREASE_ALTCHA_HMAC_KEY: undefined,
          CREASE_ALTCHA_SECRET: 'dHb6KN0sd-0cf4JcKsTXyXiHEUHiNYO446M8OQYG7HI',
        }),
      ).toBe('');
      expect(fs.readdirSync(dir)).toEqual([]);
    });

    it('refuses development site origins and insecure cookies', () => {
      for (const origin of [
        'http://localhost:8080',
        'https://localhost',
        'http://crease.localhost:8080',
        'https://127.0.0.1:8443',
        'http://[::1]:8080',
        'http://crease.tv',
      ]) {
        expect(
          problemsOf({ ...production(), CREASE_SITE_ORIGINS: `https://crease.tv,${origin}` }),
        ).toContain(
          `CREASE_SITE_ORIGINS must list only public https origins in production, got "${origin}"`,
        );
      }
      expect(problemsOf({ ...production(), CREASE_COOKIE_SECURE: 'false' })).toContain(
        'CREASE_COOKIE_SECURE=false is not allowed in production',
      );
    });

    it('refuses sandbox payments unless a staging site opts in by name (decision 204)', () => {
      const sandbox = { ...production(), CREASE_PAYMENTS: 'sandbox' };
      const refused = problemsOf(sandbox);
      expect(refused).toContain('- CREASE_PAYMENTS=sandbox is not allowed in production');
      expect(refused).toContain('CREASE_ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true');
      expect(refused.split('\n')).toHaveLength(2);
      // Unset, CREASE_PAYMENTS would mean the sandbox: production must name its provider.
      expect(problemsOf({ ...production(), CREASE_PAYMENTS: undefined })).toContain(
        'CREASE_ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true',
      );
      for (const no of ['false', '0', ''])
        expect(
          problemsOf({ ...sandbox, CREASE_ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: no }),
        ).toContain('CREASE_PAYMENTS=sandbox is not allowed in production');
      expect(
        problemsOf({ ...sandbox, CREASE_ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'yes' }),
      ).toContain('CREASE_ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION must be true or false, got "yes"');

      // The staging opt-in: the sandbox runs, with its own signing key required, never made up.
      const staging = {
        ...sandbox,
        CREASE_ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
        CREASE_SANDBOX_WEBHOOK_SECRET: 'whsec_staging-test-webhook-secret',
      };
      expect(loadApiConfig(staging).billing.provider).toBe('sandbox');
      expect(problemsOf({ ...staging, CREASE_SANDBOX_WEBHOOK_SECRET: undefined })).toContain(
        '- CREASE_SANDBOX_WEBHOOK_SECRET is required in production',
      );
      // Development is unchanged: the sandbox is its default.
      expect(loadApiConfig({ CREASE_DATA_DIR: dir }).billing.provider).toBe('sandbox');
    });

    it('needs no sandbox webhook key when Stripe takes the payments', () => {
      const config = loadApiConfig({
        ...production(),
        CREASE_SANDBOX_WEBHOOK_SECRET: undefined,
        CREASE_PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_production',
        STRIPE_WEBHOOK_SECRET: 'whsec_production',
      });
      expect(config.billing.provider).toBe('stripe');
      expect(fs.readdirSync(dir)).toEqual([]);
    });
  });

  it('reads catalog operator tokens as name:token pairs, refusing short or nameless ones', () => {
    const config = loadApiConfig({
      CREASE_DATA_DIR: dir,
      CREASE_CATALOG_OPERATOR_TOKENS: 'alice:0123456789abcdef, bot.1:fedcba9876543210',
    });
    expect(config.catalogOperatorTokens).toEqual([
      { name: 'alice', token: '0123456789abcdef' },
      { name: 'bot.1', token: 'fedcba9876543210' },
    ]);
    expect(config.catalogDemo).toBe(true);
    for (const bad of ['alice:short', ':0123456789abcdef', 'no-colon-0123456789'])
      expect(() =>
        loadApiConfig({ CREASE_DATA_DIR: dir, CREASE_CATALOG_OPERATOR_TOKENS: bad }),
      ).toThrow(/CREASE_CATALOG_OPERATOR_TOKENS must be "name:token,…"/);
  });

  describe('a bad value (decision 205)', () => {
    const problemsOf = (env: Record<string, string>): string => {
      try {
        loadApiConfig({ CREASE_DATA_DIR: dir, ...env });
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      throw new Error('the configuration was accepted');
    };

    it.each([
      ['API_PORT', '70000', 'a whole number from 0 to 65535'],
      ['CREASE_ACCESS_TOKEN_SECONDS', '1.5', 'a whole number from 30 to 86400'],
      ['CREASE_SEED', 'yes', 'true or false'],
      ['NODE_ENV', 'staging', 'development, test or production'],
      ['LOG_LEVEL', 'loud', 'fatal, error, warn, info, debug, trace or silent'],
      ['CREASE_RECAPTCHA_MIN_SCORE', '2', 'between 0 and 1'],
      ['CREASE_SITE_ORIGINS', 'https://crease.tv/, ', 'a comma-separated list of origins'],
      ['CREASE_STREAM_EDGE_URL', 'video.crease.tv', 'an http(s) URL like https://video.crease.tv/'],
      ['CREASE_STREAM_HEARTBEAT_SECONDS', '1', 'a whole number from 5 to 300'],
      ['CREASE_PAYMENTS', 'paypal', 'sandbox, stripe or razorpay'],
      ['RAZORPAY_KEY_ID', 'sk_test_1', 'a Razorpay key id, rzp_test_… or rzp_live_…'],
      ['CREASE_CHECKOUT_TTL_SECONDS', '59', 'a whole number from 60 to 86400'],
      ['STRIPE_API_BASE', 'https://api.stripe.com/v1', 'an origin like https://api.stripe.com'],
    ])('%s=%s is refused with the variable, the rule and the value', (name, value, rule) => {
      expect(problemsOf({ [name]: value })).toContain(`- ${name} must be ${rule}`);
      expect(problemsOf({ [name]: value })).toContain(`got "${value}"`);
    });

    it('never repeats a secret in the message', () => {
      const message = problemsOf({
        CREASE_JWT_SECRET: 'c2hvcnQtc2VjcmV0',
        DATABASE_URL: 'mysql://root:hunter2@db/crease',
        CREASE_CATALOG_OPERATOR_TOKENS: 'alice:hunter2',
        CREASE_SANDBOX_WEBHOOK_SECRET: 'whsec_hunter2',
      });
      expect(message).toContain('- CREASE_JWT_SECRET must be at least 32 bytes, base64url-encoded');
      expect(message).toContain('- DATABASE_URL must be a postgres:// or postgresql:// URL');
      expect(message).toContain('- CREASE_CATALOG_OPERATOR_TOKENS must be "name:token,…"');
      expect(message).toContain('- CREASE_SANDBOX_WEBHOOK_SECRET must be at least 16 characters');
      expect(message).not.toMatch(/hunter2|c2hvcnQtc2VjcmV0/);
    });

    it('reads an empty variable as unset, and true/1 and false/0 as booleans', () => {
      const config = loadApiConfig({
        CREASE_DATA_DIR: dir,
        API_PORT: '',
        CREASE_SEED: '0',
        CREASE_COOKIE_SECURE: '1',
      });
      expect(config.port).toBe(8081);
      expect(config.seed).toBe(false);
      expect(config.cookieSecure).toBe(true);
    });
  });
});
