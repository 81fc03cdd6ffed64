/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadEdgeConfig } from '../config';
import { openRegistry } from '../registry/open-registry';
import { writeEdgeArtifacts } from '../testing/edge-artifacts';
import { PRODUCTION_EDGE_ENV } from '../testing/production-env';
import { createEdgeServer } from './edge-server';

const SHELL = '1.0.0-shell002';
/** What production requires (decision 175); its values are not under test here. */
const PRODUCTION = PRODUCTION_EDGE_ENV;
const LEGAL = '1.0.0-legal002';
/** Production configuration requires the release proof key (decision 156); its value is not under test. */
const PROOF_KEY = { CREASE_RELEASE_PROOF_SECRET: 'overrides-test-release-proof-key-0123456789' };

async function startEdge(env: NodeJS.ProcessEnv) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-overrides-test-'));
  const config = loadEdgeConfig({ CREASE_DATA_DIR: dataDir, ...PROOF_KEY, ...env }, dataDir);
  writeEdgeArtifacts(config.artifactsDir, { shell: SHELL, legal: [LEGAL] });
  await openRegistry(config.release).promote(
    { shell: SHELL, 'mf-legal': LEGAL },
    { actor: 'overrides test' },
  );
  const server: FastifyInstance = createEdgeServer(config);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  return {
    origin,
    close: async () => {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** window.__CREASE__ as the page gets it. */
function bootData(html: string): Record<string, unknown> {
  const json = /window\.__CREASE__=(\{.*?\});<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no boot data in the page');
  return JSON.parse(json) as Record<string, unknown>;
}

function directive(csp: string, name: string): string {
  return csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
}

describe('CREASE_REMOTE_OVERRIDES configuration', () => {
  const load = (env: NodeJS.ProcessEnv) => loadEdgeConfig({ ...PROOF_KEY, ...env }, os.tmpdir());

  it('is on by default outside production and off in production', () => {
    expect(load({}).remoteOverrides).toBe(true);
    expect(load(PRODUCTION).remoteOverrides).toBe(false);
    expect(load({ CREASE_REMOTE_OVERRIDES: 'off' }).remoteOverrides).toBe(false);
  });

  it('refuses overrides in production, and anything but on/off', () => {
    expect(() => load({ ...PRODUCTION, CREASE_REMOTE_OVERRIDES: 'on' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n- CREASE_REMOTE_OVERRIDES=on is refused when NODE_ENV=production',
      ),
    );
    expect(() => load({ CREASE_REMOTE_OVERRIDES: 'yes' })).toThrow(
      /CREASE_REMOTE_OVERRIDES must be on or off, got "yes"/,
    );
  });
});

describe('the edge with overrides enabled', () => {
  let edge: Awaited<ReturnType<typeof startEdge>>;
  beforeAll(async () => {
    edge = await startEdge({ CREASE_REMOTE_OVERRIDES: 'on' });
  });
  afterAll(() => edge.close());

  it('tells the shell, and lets the CSP load scripts, styles and manifests from localhost', async () => {
    const response = await fetch(`${edge.origin}/privacy-policy`);
    const csp = response.headers.get('content-security-policy') ?? '';

    expect(bootData(await response.text())).toMatchObject({ config: { remoteOverrides: true } });
    for (const name of ['script-src', 'style-src', 'connect-src']) {
      expect(directive(csp, name)).toContain(' http://localhost:* http://127.0.0.1:*');
    }
  });

  it("inlines the map's ETag, so the shell's first revalidation is a 304", async () => {
    const page = await fetch(`${edge.origin}/privacy-policy`);
    const { releaseMapEtag } = bootData(await page.text());
    const map = await fetch(`${edge.origin}/release-map.json`);

    expect(releaseMapEtag).toBe(map.headers.get('etag'));
    const again = await fetch(`${edge.origin}/release-map.json`, {
      headers: { 'if-none-match': String(releaseMapEtag) },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});

describe('the edge in production', () => {
  let edge: Awaited<ReturnType<typeof startEdge>>;
  beforeAll(async () => {
    edge = await startEdge(PRODUCTION);
  });
  afterAll(() => edge.close());

  it('keeps overrides off in the boot data and localhost out of the CSP', async () => {
    const response = await fetch(`${edge.origin}/privacy-policy`);

    expect(bootData(await response.text())).toMatchObject({ config: { remoteOverrides: false } });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('localhost:*');
    expect(csp).not.toContain('127.0.0.1:*');
  });
});
