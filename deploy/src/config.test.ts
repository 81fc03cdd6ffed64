/** @jest-environment node */
/**
 * The edge's and the release tools' settings read through their schemas (decision 205): the
 * defaults with nothing set, and each bad value refused by name, with its rule.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadEdgeConfig, loadReleaseConfig } from './config';

describe('deploy settings', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-deploy-config-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  const problemsOf = (load: () => unknown): string => {
    try {
      load();
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    throw new Error('the configuration was accepted');
  };

  it('runs with nothing set: the development defaults', () => {
    const config = loadEdgeConfig({}, root);
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      productName: 'Crease',
      apiOrigin: null,
      oauthClientId: 'crease-web',
      oauthClientSecret: 'public',
      botCheckProvider: 'altcha',
      streamEdgeOrigin: null,
      remoteOverrides: true,
    });
    expect(config.release).toMatchObject({
      dataDir: path.join(root, '.data'),
      artifactStore: { kind: 'fs' },
      assetOrigin: null,
      production: false,
      tokens: [],
      allowAnonymous: false,
      lkgMinLiveMs: 600_000,
      canaryMinViews: 200,
      signalsPerMinute: 120,
      signalsRetentionHours: 168,
      proofSecrets: [],
      quorum: { browsers: 5, networks: 3 },
    });
  });

  it('reads set values: lists, origins, numbers and switches', () => {
    const config = loadEdgeConfig(
      {
        PORT: '4800',
        CREASE_ASSET_ORIGIN: 'https://cdn.crease.tv/',
        CREASE_STREAM_EDGE_URL: 'https://video.crease.tv/live/',
        CREASE_RELEASE_TOKENS: 'ci:0123456789abcdef, ops@crease:fedcba9876543210',
        CREASE_LKG_MIN_LIVE_SECONDS: '0',
        CREASE_QUORUM_BROWSERS: '2',
        CREASE_REMOTE_OVERRIDES: 'off',
        CREASE_RELEASE_ALLOW_ANONYMOUS: '1',
      },
      root,
    );
    expect(config.port).toBe(4800);
    expect(config.streamEdgeOrigin).toBe('https://video.crease.tv');
    expect(config.remoteOverrides).toBe(false);
    expect(config.release.assetOrigin).toBe('https://cdn.crease.tv');
    expect(config.release.tokens).toEqual([
      { name: 'ci', token: '0123456789abcdef' },
      { name: 'ops@crease', token: 'fedcba9876543210' },
    ]);
    expect(config.release.lkgMinLiveMs).toBe(0);
    expect(config.release.quorum.browsers).toBe(2);
    expect(config.release.allowAnonymous).toBe(true);
  });

  it.each([
    ['PORT', 'eighty', 'a port number (0-65535)'],
    ['CREASE_API_ORIGIN', 'https://api.crease.tv/v1', 'an origin like https://api.example.com'],
    ['CREASE_BOT_CHECK', 'captcha', 'altcha, recaptcha or off'],
    ['CREASE_STREAM_EDGE_URL', 'ftp://video.crease.tv/', 'an http(s) URL'],
    ['CREASE_PRODUCT_NAME', ' ', '1-60 characters'],
    ['CREASE_REMOTE_OVERRIDES', 'yes', 'on or off'],
    ['CREASE_ARTIFACT_STORE', 'gcs', 'fs or s3'],
    ['CREASE_LKG_MIN_LIVE_SECONDS', '-1', 'a whole number of seconds (0-9999999)'],
    ['CREASE_CANARY_MIN_VIEWS', '0', 'a whole number of page views (1-9999999)'],
    ['CREASE_QUORUM_NETWORKS', '2.5', 'a whole number (1-9999)'],
    ['CREASE_RELEASE_ALLOW_ANONYMOUS', 'yes', 'true or false'],
  ])('refuses %s=%j, naming the variable, the rule and the value', (name, value, rule) => {
    const message = problemsOf(() => loadEdgeConfig({ [name]: value }, root));
    expect(message).toContain(`- ${name} must be ${rule}`);
    expect(message).toContain(`got "${value}"`);
  });

  it('reports every problem at once and never repeats a secret', () => {
    const message = problemsOf(() =>
      loadReleaseConfig(
        {
          CREASE_RELEASE_TOKENS: 'ci:hunter2',
          CREASE_RELEASE_PROOF_SECRET: 'hunter2-too-short',
          CREASE_SIGNALS_RETENTION_HOURS: '0',
          CREASE_ARTIFACT_STORE: 's3',
          CREASE_S3_BUCKET: 'releases',
        },
        root,
      ),
    );
    expect(message).toContain('- CREASE_RELEASE_TOKENS must be "name:token" pairs');
    expect(message).toContain('- CREASE_RELEASE_PROOF_SECRET must be keys of at least 32');
    expect(message).toContain('- CREASE_SIGNALS_RETENTION_HOURS must be a whole number of hours');
    expect(message).toContain('- CREASE_ARTIFACT_STORE=s3 needs CREASE_S3_ENDPOINT');
    expect(message).not.toContain('hunter2');
  });

  it('keeps the production refusals (decision 175)', () => {
    const message = problemsOf(() =>
      loadEdgeConfig(
        {
          NODE_ENV: 'production',
          CREASE_REMOTE_OVERRIDES: 'on',
          CREASE_RELEASE_ALLOW_ANONYMOUS: '1',
        },
        root,
      ),
    );
    expect(message).toContain('CREASE_REMOTE_OVERRIDES=on is refused when NODE_ENV=production');
    expect(message).toContain(
      'CREASE_RELEASE_ALLOW_ANONYMOUS=1 is refused when NODE_ENV=production',
    );
    expect(message).toContain('CREASE_API_ORIGIN is required in production');
  });
});
