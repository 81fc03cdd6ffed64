/** @jest-environment node */
/**
 * Production refuses what development allows (decision 175), checked on the real thing: the
 * standalone API (`api/src/cli/serve.ts`, what Kubernetes runs) as a child process with
 * NODE_ENV=production, over real HTTP.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  requiredNames,
  startService,
  startUp as startServiceUp,
} from '@crease/test-utils/service-process';
import type { ServiceProcess } from '@crease/test-utils/service-process';
import { PRODUCTION_API_ENV } from './testing/production-env';

const SERVE = path.resolve(__dirname, 'cli', 'serve.ts');
/** The standalone API's banner: `… at http://localhost:<port>/`. */
const API_LISTENING = /at http:\/\/localhost:(\d+)\//;

/** The API on a free loopback port with only the given settings (and PATH). */
const startApi = (env: Record<string, string>) =>
  startService(SERVE, { API_PORT: '0', API_HOST: '127.0.0.1', ...env }, API_LISTENING);

/** How start-up ended: the exit (code, stderr), or 'started' (then stopped) if it listened. */
const startUp = (env: Record<string, string>) =>
  startServiceUp(SERVE, { API_PORT: '0', API_HOST: '127.0.0.1', ...env }, API_LISTENING);

describe('the API with NODE_ENV=production', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-production-api-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start without its secrets, naming every missing one at once, and writes no development key', async () => {
    const { code, stderr } = await startUp({
      NODE_ENV: 'production',
      CREASE_DATA_DIR: dataDir,
      CREASE_PGLITE_DIR: 'memory://',
    });

    expect(code).toBe(1);
    expect(stderr).toMatch(/^Invalid API configuration:/);
    expect(requiredNames(stderr).sort()).toEqual(
      [
        'CREASE_ALTCHA_HMAC_KEY',
        'CREASE_ALTCHA_SECRET',
        'CREASE_JWT_SECRET',
        'CREASE_MAIL_FROM',
        'CREASE_PAYMENTS',
        'CREASE_SITE_ORIGINS',
        'CREASE_STREAM_TOKEN_SECRET',
        'CREASE_XSRF_SECRET',
        'SMTP_URL',
      ].sort(),
    );
    // No development default stood in for a missing secret: nothing was generated and kept.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 120_000);

  it('refuses development site origins (the CORS allowlist), naming the setting', async () => {
    const { code, stderr } = await startUp({
      ...PRODUCTION_API_ENV,
      CREASE_DATA_DIR: dataDir,
      CREASE_SITE_ORIGINS: 'https://crease.tv,http://localhost:8080',
    });

    expect(code).toBe(1);
    expect(stderr).toContain('CREASE_SITE_ORIGINS');
    expect(stderr).toContain('http://localhost:8080');
  }, 120_000);

  it('refuses sandbox payments unless a staging site opts in by name (decision 204)', async () => {
    const sandbox = {
      ...PRODUCTION_API_ENV,
      CREASE_DATA_DIR: dataDir,
      CREASE_PAYMENTS: 'sandbox',
      CREASE_SANDBOX_WEBHOOK_SECRET: 'whsec_staging-test-webhook-secret',
    };
    const refused = await startUp(sandbox);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('CREASE_PAYMENTS=sandbox is not allowed in production');
    expect(refused.stderr).toContain('CREASE_ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true');

    const staging = await startUp({
      ...sandbox,
      CREASE_ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    });
    expect(staging).toEqual({ code: 'started', stderr: '' });
  }, 120_000);

  describe('started with a production-like environment', () => {
    let api: ServiceProcess;
    let origin: string;
    beforeAll(async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-production-api-run-'));
      api = startApi({ ...PRODUCTION_API_ENV, CREASE_DATA_DIR: dir });
      void api.exited.then(() => fs.rmSync(dir, { recursive: true, force: true }));
      origin = await api.ready;
    }, 120_000);
    afterAll(() => api?.stop());

    it('takes payments through Stripe: the sandbox card page is not there', async () => {
      const page = await fetch(`${origin}/api/v1/sandbox-provider/sessions/cs_test_0123456789`);
      expect(page.status).toBe(404);
      expect(await page.json()).toMatchObject({ code: 'NOT_FOUND' });
    });

    it('has no dev outbox, as JSON or as a page: 404 in the spec error shape', async () => {
      for (const path of ['/api/v1/dev/outbox?to=viewer@crease.tv', '/api/v1/dev/outbox/view']) {
        const response = await fetch(`${origin}${path}`);

        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({
          code: 'NOT_FOUND',
          message: expect.any(String),
          timeStamp: expect.any(String),
        });
      }
    });

    it('allows only the configured site origins through CORS, never a development one', async () => {
      const preflight = (from: string) =>
        fetch(`${origin}/api/v1/plans`, {
          method: 'OPTIONS',
          headers: { origin: from, 'access-control-request-method': 'GET' },
        });

      for (const development of [
        'http://localhost:8080',
        'http://127.0.0.1:8080',
        'http://crease.localhost:8080',
      ]) {
        const response = await preflight(development);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
      }
      const site = await preflight('https://crease.tv');
      expect(site.headers.get('access-control-allow-origin')).toBe('https://crease.tv');
    });

    it('sends HSTS and a CSP that lists no localhost, on the API and on its /docs page', async () => {
      for (const pathname of ['/healthz', '/docs/static/index.html']) {
        const response = await fetch(`${origin}${pathname}`);
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp).not.toBe('');
        expect(csp).not.toMatch(/localhost|127\.0\.0\.1/);
        expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      }
    });
  });
});
