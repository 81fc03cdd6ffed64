/** @jest-environment node */
/**
 * Production refuses what development allows (decision 175), on the real processes: the edge
 * (`cli/serve.ts`) and the release service (`cli/release-api.ts`) started as child processes
 * with NODE_ENV=production, over real HTTP.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadEdgeConfig } from './config';
import { RELEASE_API_PREFIX } from './http/release-api-paths';
import { openRegistry } from './registry/open-registry';
import { writeEdgeArtifacts } from './testing/edge-artifacts';
import { PRODUCTION_EDGE_ENV } from './testing/production-env';
import { deployCli, requiredNames, startService, startUp } from './testing/service-process';
import type { ServiceProcess } from './testing/service-process';

const EDGE_BANNER = /serving at http:\/\/localhost:(\d+)\//;
const FASTIFY_LISTENING = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/;
const TOKEN = 'production-release-token-0123456789';
/** The edge as a process: every setting production requires there, on a free loopback port. */
const EDGE_ENV = { ...PRODUCTION_EDGE_ENV, PORT: '0', HOST: '127.0.0.1' };
const PRODUCTION_RELEASE_ENV = {
  NODE_ENV: 'production',
  RELEASE_API_PORT: '0',
  HOST: '127.0.0.1',
  CREASE_RELEASE_TOKENS: `release-manager:${TOKEN}`,
  CREASE_RELEASE_PROOF_SECRET: PRODUCTION_EDGE_ENV.CREASE_RELEASE_PROOF_SECRET,
  CREASE_JWT_SECRET: PRODUCTION_EDGE_ENV.CREASE_JWT_SECRET,
};

/** A data dir with a live shell and mf-legal, as a promote leaves it. */
async function liveDataDir(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-production-edge-'));
  const config = loadEdgeConfig({ CREASE_DATA_DIR: dataDir }, dataDir);
  writeEdgeArtifacts(config.artifactsDir, { shell: '1.0.0-shell001', legal: ['1.0.0-legal001'] });
  await openRegistry(config.release).promote(
    { shell: '1.0.0-shell001', 'mf-legal': '1.0.0-legal001' },
    { actor: 'production-mode test' },
  );
  return dataDir;
}

/** One GET with an explicit Host header (fetch cannot set it). */
function get(origin: string, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    http
      .get(`${origin}${pathname}`, { headers }, (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers }),
        );
      })
      .on('error', reject);
  });
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await liveDataDir();
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the edge with NODE_ENV=production', () => {
  it('refuses to start without an explicit API origin, naming it', async () => {
    const { CREASE_API_ORIGIN: _origin, ...withoutApiOrigin } = EDGE_ENV;
    const { code, stderr } = await startUp(
      deployCli('serve.ts'),
      { ...withoutApiOrigin, CREASE_DATA_DIR: dataDir },
      EDGE_BANNER,
    );

    expect(code).toBe(1);
    expect(stderr).toMatch(/^Invalid configuration:/);
    expect(requiredNames(stderr)).toEqual(['CREASE_API_ORIGIN']);
  }, 60_000);

  it('refuses a development origin for the API, the stream edge or the assets', async () => {
    const { code, stderr } = await startUp(
      deployCli('serve.ts'),
      {
        ...EDGE_ENV,
        CREASE_DATA_DIR: dataDir,
        CREASE_API_ORIGIN: 'http://api.localhost:8080',
        CREASE_STREAM_EDGE_URL: 'http://127.0.0.1:8081/',
        CREASE_ASSET_ORIGIN: 'http://cdn.localhost:8080',
      },
      EDGE_BANNER,
    );

    expect(code).toBe(1);
    for (const name of ['CREASE_API_ORIGIN', 'CREASE_STREAM_EDGE_URL', 'CREASE_ASSET_ORIGIN'])
      expect(stderr).toContain(`- ${name} must be a public https origin in production`);
  }, 60_000);

  it('refuses private, mapped-loopback and wildcard origins, and a low-entropy proof key', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadEdgeConfig({ ...EDGE_ENV, CREASE_DATA_DIR: dataDir, ...env }, dataDir);
        return '';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(problemsOf({ CREASE_API_ORIGIN: 'https://10.0.0.5' })).toContain(
      '- CREASE_API_ORIGIN must be a public https origin in production, got "https://10.0.0.5" (a private or reserved address)',
    );
    expect(problemsOf({ CREASE_STREAM_EDGE_URL: 'https://[::ffff:127.0.0.1]/' })).toContain(
      '(a loopback host)',
    );
    expect(problemsOf({ CREASE_ASSET_ORIGIN: 'https://*' })).toContain(
      '(a wildcard or empty host)',
    );
    expect(problemsOf({ CREASE_RELEASE_PROOF_SECRET: 'x'.repeat(40) })).toContain(
      '- CREASE_RELEASE_PROOF_SECRET is too weak for production',
    );
    expect(problemsOf({})).toBe('');
  });

  it('leaves export:static to nginx: its files are served under the CSP of deploy/nginx', () => {
    const exportEnv = { NODE_ENV: 'production', CREASE_DATA_DIR: dataDir };
    expect(() => loadEdgeConfig(exportEnv, dataDir)).toThrow(/CREASE_API_ORIGIN is required/);
    expect(loadEdgeConfig(exportEnv, dataDir, { staticExport: true }).apiOrigin).toBeNull();
  });

  describe('started with a production-like environment', () => {
    let edge: ServiceProcess;
    let origin: string;
    beforeAll(async () => {
      edge = startService(
        deployCli('serve.ts'),
        { ...EDGE_ENV, CREASE_DATA_DIR: dataDir },
        EDGE_BANNER,
      );
      origin = await edge.ready;
    }, 60_000);
    afterAll(() => edge?.stop());

    it('serves a page whose CSP lists no localhost, whatever Host the request names', async () => {
      const port = new URL(origin).port;
      for (const host of [
        `localhost:${port}`,
        `crease.localhost:${port}`,
        `127.0.0.1:${port}`,
        'crease.tv',
      ]) {
        const page = await get(origin, '/privacy-policy', { host });
        expect(page.status).toBe(200);
        const csp = String(page.headers['content-security-policy']);
        expect(csp).toContain('connect-src ');
        expect(csp).toContain('https://api.crease.tv');
        expect(csp).not.toMatch(/localhost|127\.0\.0\.1/);
      }
    });

    it('pins https on every answer: pages, the map, artifacts and errors (issue 31)', async () => {
      for (const route of ['/privacy-policy', '/release-map.json', '/apps/nope/x.js', '/healthz'])
        expect((await get(origin, route)).headers['strict-transport-security']).toBe(
          'max-age=63072000; includeSubDomains',
        );
    });

    it('has no release status, health or console reads: 404, with or without a token', async () => {
      for (const route of ['status', 'health', 'history', 'whoami', 'artifacts']) {
        expect((await get(origin, `${RELEASE_API_PREFIX}/${route}`)).status).toBe(404);
        const withToken = await get(origin, `${RELEASE_API_PREFIX}/${route}`, {
          authorization: `Bearer ${TOKEN}`,
        });
        expect(withToken.status).toBe(404);
      }
    });
  });
});

describe('npm start (the edge with the API mounted) with NODE_ENV=production', () => {
  it("names the edge's and the API's missing settings in one message, before building anything", async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-production-start-'));
    try {
      const { code, stderr } = await startUp(
        deployCli('start.ts'),
        { NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', CREASE_DATA_DIR: empty },
        EDGE_BANNER,
      );

      expect(code).toBe(1);
      expect(requiredNames(stderr)).toEqual(
        expect.arrayContaining([
          'CREASE_API_ORIGIN',
          'CREASE_JWT_SECRET',
          'CREASE_XSRF_SECRET',
          'CREASE_STREAM_TOKEN_SECRET',
          'CREASE_PAYMENTS',
          'CREASE_SITE_ORIGINS',
          'SMTP_URL',
          'CREASE_MAIL_FROM',
        ]),
      );
      // Refused before publishing or generating anything.
      expect(fs.readdirSync(empty)).toEqual([]);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the release service with NODE_ENV=production', () => {
  it('refuses to start without release tokens, naming the setting', async () => {
    const { CREASE_RELEASE_TOKENS: _tokens, ...withoutTokens } = PRODUCTION_RELEASE_ENV;
    const { code, stderr } = await startUp(
      deployCli('release-api.ts'),
      { ...withoutTokens, CREASE_DATA_DIR: dataDir },
      FASTIFY_LISTENING,
    );

    expect(code).toBe(1);
    expect(stderr).toMatch(/^Invalid configuration:/);
    expect(requiredNames(stderr)).toEqual(['CREASE_RELEASE_TOKENS']);
  }, 60_000);

  describe('started with release tokens', () => {
    let service: ServiceProcess;
    let origin: string;
    beforeAll(async () => {
      service = startService(
        deployCli('release-api.ts'),
        { ...PRODUCTION_RELEASE_ENV, CREASE_DATA_DIR: dataDir },
        FASTIFY_LISTENING,
      );
      origin = await service.ready;
    }, 60_000);
    afterAll(() => service?.stop());

    it('answers release status and health only with a token: 401 without one', async () => {
      for (const route of ['status', 'health', 'history', 'whoami', 'artifacts']) {
        const anonymous = await get(origin, `${RELEASE_API_PREFIX}/${route}`);
        expect(anonymous.status).toBe(401);
        expect(anonymous.headers['www-authenticate']).toBe('Bearer realm="crease-release"');
      }
      for (const route of ['status', 'health']) {
        const authorized = await get(origin, `${RELEASE_API_PREFIX}/${route}`, {
          authorization: `Bearer ${TOKEN}`,
        });
        expect(authorized.status).toBe(200);
      }
    });
  });
});
