/** @jest-environment node */
/**
 * `.env.example` is the operator's list of every setting. It drifts the day someone adds a
 * variable and forgets it, so this test reads the config sources for the names they read and
 * loads both configs from the file's stated defaults: they must equal the real defaults.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// The config module alone: the package's front door also loads the routes (ESM-only TypeBox).
import { loadApiConfig } from 'api/config';
import { loadEdgeConfig } from './config';

const repoRoot = path.resolve(__dirname, '../..');

/** Files that read the environment for the API, the edge and the release tooling. */
const CONFIG_SOURCES = [
  'api/src/platform/config.ts',
  'api/src/platform/config-production.ts',
  'api/src/platform/billing-config.ts',
  'api/src/platform/stream-config.ts',
  'api/src/platform/ingest-config.ts',
  'api/src/platform/invoice-config.ts',
  'api/src/platform/http/trust-proxy.ts',
  'deploy/src/config.ts',
  'deploy/src/config-production.ts',
  'deploy/src/cli/release-api.ts',
  'deploy/src/cli/release/release-cli.ts',
];

const SETTING =
  /^(CREASE_|DATABASE_URL$|REDIS_URL$|SMTP_URL$|STRIPE_|PORT$|HOST$|API_|NODE_ENV$|LOG_LEVEL$|RELEASE_API_PORT$)/;

function namesReadBy(source: string): Set<string> {
  const text = fs.readFileSync(path.join(repoRoot, source), 'utf8');
  const names = new Set<string>();
  // `env.NAME`, a name passed as an argument, a shell `$NAME`, and a schema's `NAME: env…(`.
  const patterns = [
    /^\s+([A-Z][A-Z0-9_]+): env[A-Z]\w*\(/gm,
    /env\.([A-Z][A-Z0-9_]+)/g,
    /\(\s*'([A-Z][A-Z0-9_]+)'/g,
    /\$([A-Z][A-Z0-9_]+)/g,
  ];
  for (const pattern of patterns)
    for (const match of text.matchAll(pattern))
      if (match[1] && SETTING.test(match[1])) names.add(match[1]);
  return names;
}

function readExample(): { listed: Set<string>; set: Record<string, string> } {
  const listed = new Set<string>();
  const set: Record<string, string> = {};
  for (const line of fs.readFileSync(path.join(repoRoot, '.env.example'), 'utf8').split('\n')) {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match?.[2]) continue;
    listed.add(match[2]);
    if (!match[1]) set[match[2]] = match[3] ?? '';
  }
  return { listed, set };
}

describe('.env.example', () => {
  it('lists every variable the API, the edge and the release tooling read', () => {
    const { listed } = readExample();
    const read = new Set(CONFIG_SOURCES.flatMap((source) => [...namesReadBy(source)]));
    expect(read.size).toBeGreaterThan(50);
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([]);
  });

  it('states the real development defaults: loading it changes nothing', () => {
    const { set } = readExample();
    // One throwaway root for both loads, so the generated development keys are the same files.
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-env-example-'));
    try {
      expect(loadApiConfig(set, root)).toEqual(loadApiConfig({}, root));
      // The viewer-token key is read lazily (a function): compare what it reads.
      const edge = (env: Record<string, string>) => {
        const config = loadEdgeConfig(env, root);
        const tokens = config.release.viewerTokens;
        const viewerTokens = tokens && { issuer: tokens.issuer, key: tokens.key() };
        return { ...config, release: { ...config.release, viewerTokens } };
      };
      expect(edge(set)).toEqual(edge({}));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
