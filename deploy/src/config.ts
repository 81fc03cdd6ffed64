import path from 'node:path';
import { parseTrustProxy } from 'api/config';
import type { TrustProxy } from 'api/config';
import { WEB_OAUTH_CLIENT_ID } from '@crease/contract';
import type { S3Config } from './artifacts/s3-artifact-store';
import { edgeProductionProblems, releaseServiceProductionProblems } from './config-production';
import { DEFAULT_QUORUM } from './signals/quorum';
import type { Quorum } from './signals/quorum';

/** Edge server configuration, from the environment, validated at start (STYLE §9). */
export interface EdgeConfig {
  port: number;
  host: string;
  /** Where immutable artifacts live: <dir>/<app>/<version>/. */
  artifactsDir: string;
  /** The live release map file. */
  releaseMapFile: string;
  productName: string;
  /** Explicit API origin for the shell; null derives api.<root domain> in the browser. */
  apiOrigin: string | null;
  oauthClientId: string;
  /** Public client: the "secret" is shipped to every browser and is no defence. */
  oauthClientSecret: string;
  botCheckProvider: 'altcha' | 'recaptcha' | 'off';
  recaptchaSiteKey: string | null;
  /**
   * The stream edge's origin when it is not the API host (CREASE_STREAM_EDGE_URL, the same
   * variable the API's stream grants use): the CSP lets the player fetch and play from it.
   */
  streamEdgeOrigin: string | null;
  /**
   * Developer overrides: a browser may load one remote from its localhost build against the
   * deployed others (CREASE_REMOTE_OVERRIDES=on|off; on by default outside production, refused
   * in production). The shell gets the flag in its boot data; the CSP then allows localhost.
   */
  remoteOverrides: boolean;
  /**
   * The proxies whose X-Forwarded-For the edge believes (CREASE_TRUST_PROXY, as the API reads it,
   * decision 061): the viewer's address is what a release proof names as its network.
   */
  trustProxy: TrustProxy;
  /** Release registry, artifact store and release API settings (shared with the release CLI). */
  release: ReleaseConfig;
}

/** A release API token and the actor name it stands for (CREASE_RELEASE_TOKENS="name:token,…"). */
export interface ReleaseToken {
  name: string;
  token: string;
}

/** What the release CLI, the release API and the edge need to find the registry and artifacts. */
export interface ReleaseConfig {
  dataDir: string;
  /** Where immutable artifacts live (filesystem store): <dir>/<app>/<version>/. */
  artifactsDir: string;
  /** The registry: revisions/ (live state + history) and fallbacks/ (ops-event counts). */
  registryDir: string;
  /** The live projection of the registry that the edge serves and inlines. */
  liveMapFile: string;
  artifactStore: { kind: 'fs' } | ({ kind: 's3' } & S3Config);
  /** Manifest URLs in the release map point at this origin (a CDN); root-relative when null. */
  assetOrigin: string | null;
  production: boolean;
  tokens: ReleaseToken[];
  /** Local use only: release API mutations without a token (never in production). */
  allowAnonymous: boolean;
  /**
   * How long a version must have been live, with no fallbacks, to become a last-known-good
   * (CREASE_LKG_MIN_LIVE_SECONDS, default 600; decision 060). `mark-good` skips the wait.
   */
  lkgMinLiveMs: number;
  /**
   * Page views each arm of a canary needs before the canary guard judges it
   * (CREASE_CANARY_MIN_VIEWS, default 200; decision 141).
   */
  canaryMinViews: number;
  /** Signal batches one address may send per minute (CREASE_SIGNALS_PER_MINUTE, default 120). */
  signalsPerMinute: number;
  /** How long signal counts are kept (CREASE_SIGNALS_RETENTION_HOURS, default 168). */
  signalsRetentionHours: number;
  /**
   * Keys that sign release proofs (CREASE_RELEASE_PROOF_SECRET, comma-separated, each 32+
   * characters; the first signs, the others are still accepted during a rotation). Required in
   * production; empty elsewhere means a local key under the data dir (decision 156).
   */
  proofSecrets: string[];
  /**
   * Distinct browsers and networks whose proven reports a last-known-good veto and a failing
   * canary verdict need (CREASE_QUORUM_BROWSERS, default 5; CREASE_QUORUM_NETWORKS, default 3;
   * decision 157).
   */
  quorum: Quorum;
}

/** Ten minutes live with no fallback reports: long enough for real viewers to have loaded it. */
const DEFAULT_LKG_MIN_LIVE_SECONDS = 600;
const DEFAULT_CANARY_MIN_VIEWS = 200;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Release settings from the environment; `problems` collects what is wrong (STYLE §9). */
function readReleaseConfig(
  env: NodeJS.ProcessEnv,
  root: string,
  problems: string[],
): ReleaseConfig {
  const dataDir = path.resolve(root, env.CREASE_DATA_DIR ?? '.data');
  const production = env.NODE_ENV === 'production';
  const assetOrigin = env.CREASE_ASSET_ORIGIN?.replace(/\/+$/, '') || null;
  if (assetOrigin !== null && !/^https?:\/\/[^\s/]+$/.test(assetOrigin)) {
    problems.push(
      `CREASE_ASSET_ORIGIN must look like https://cdn.example.com, got "${assetOrigin}"`,
    );
  }
  const kind = env.CREASE_ARTIFACT_STORE ?? 'fs';
  let artifactStore: ReleaseConfig['artifactStore'] = { kind: 'fs' };
  if (kind === 's3') {
    const need = (name: string) => {
      const value = env[name];
      if (!value) problems.push(`CREASE_ARTIFACT_STORE=s3 needs ${name}`);
      return value ?? '';
    };
    artifactStore = {
      kind: 's3',
      bucket: need('CREASE_S3_BUCKET'),
      endpoint: need('CREASE_S3_ENDPOINT'),
      region: env.CREASE_S3_REGION ?? 'us-east-1',
      accessKeyId: need('CREASE_S3_ACCESS_KEY_ID'),
      secretAccessKey: need('CREASE_S3_SECRET_ACCESS_KEY'),
      prefix: env.CREASE_S3_PREFIX ?? '',
    };
  } else if (kind !== 'fs') {
    problems.push(`CREASE_ARTIFACT_STORE must be fs or s3, got "${kind}"`);
  }
  const tokens: ReleaseToken[] = [];
  for (const pair of (env.CREASE_RELEASE_TOKENS ?? '').split(',').filter((p) => p.trim())) {
    const at = pair.indexOf(':');
    const name = pair.slice(0, at).trim();
    const token = pair.slice(at + 1).trim();
    if (at <= 0 || !/^[\w.@-]{1,60}$/.test(name) || token.length < 16) {
      problems.push(
        'CREASE_RELEASE_TOKENS must be "name:token" pairs separated by commas, tokens at least 16 characters',
      );
      break;
    }
    tokens.push({ name, token });
  }
  const minLive = env.CREASE_LKG_MIN_LIVE_SECONDS ?? String(DEFAULT_LKG_MIN_LIVE_SECONDS);
  if (!/^\d{1,7}$/.test(minLive)) {
    problems.push(
      `CREASE_LKG_MIN_LIVE_SECONDS must be a whole number of seconds (0-9999999), got "${minLive}"`,
    );
  }
  const canaryMinViews = env.CREASE_CANARY_MIN_VIEWS ?? String(DEFAULT_CANARY_MIN_VIEWS);
  if (!/^\d{1,7}$/.test(canaryMinViews) || Number(canaryMinViews) < 1) {
    problems.push(
      `CREASE_CANARY_MIN_VIEWS must be a whole number of page views (1-9999999), got "${canaryMinViews}"`,
    );
  }
  const signalsPerMinute = env.CREASE_SIGNALS_PER_MINUTE ?? '120';
  if (!/^\d{1,7}$/.test(signalsPerMinute) || Number(signalsPerMinute) < 1) {
    problems.push(
      `CREASE_SIGNALS_PER_MINUTE must be a whole number of batches (1-9999999), got "${signalsPerMinute}"`,
    );
  }
  const signalsRetention = env.CREASE_SIGNALS_RETENTION_HOURS ?? '168';
  if (!/^\d{1,5}$/.test(signalsRetention) || Number(signalsRetention) < 1) {
    problems.push(
      `CREASE_SIGNALS_RETENTION_HOURS must be a whole number of hours (1-99999), got "${signalsRetention}"`,
    );
  }
  const proofSecrets = (env.CREASE_RELEASE_PROOF_SECRET ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (proofSecrets.some((secret) => secret.length < 32))
    problems.push(
      'CREASE_RELEASE_PROOF_SECRET must be keys of at least 32 characters, comma-separated',
    );
  const quorumBrowsers = env.CREASE_QUORUM_BROWSERS ?? String(DEFAULT_QUORUM.browsers);
  const quorumNetworks = env.CREASE_QUORUM_NETWORKS ?? String(DEFAULT_QUORUM.networks);
  for (const [name, value] of [
    ['CREASE_QUORUM_BROWSERS', quorumBrowsers],
    ['CREASE_QUORUM_NETWORKS', quorumNetworks],
  ] as const) {
    if (!/^\d{1,4}$/.test(value) || Number(value) < 1)
      problems.push(`${name} must be a whole number (1-9999), got "${value}"`);
  }
  const allowAnonymous = env.CREASE_RELEASE_ALLOW_ANONYMOUS === '1';
  if (allowAnonymous && production)
    problems.push('CREASE_RELEASE_ALLOW_ANONYMOUS=1 is refused when NODE_ENV=production');
  return {
    dataDir,
    artifactsDir: path.join(dataDir, 'artifacts'),
    registryDir: path.join(dataDir, 'registry'),
    liveMapFile: path.join(dataDir, 'release-map.json'),
    artifactStore,
    assetOrigin,
    production,
    tokens,
    allowAnonymous,
    lkgMinLiveMs: /^\d{1,7}$/.test(minLive) ? Number(minLive) * 1000 : 0,
    canaryMinViews: Number(canaryMinViews) || DEFAULT_CANARY_MIN_VIEWS,
    signalsPerMinute: Number(signalsPerMinute) || 120,
    signalsRetentionHours: Number(signalsRetention) || 168,
    proofSecrets,
    quorum: {
      browsers: Number(quorumBrowsers) || DEFAULT_QUORUM.browsers,
      networks: Number(quorumNetworks) || DEFAULT_QUORUM.networks,
    },
  };
}

/**
 * For the release CLI and the release API service: only the release settings. `service`: the
 * release API service (`cli/release-api.ts`), which production runs only with release tokens.
 */
export function loadReleaseConfig(
  env: NodeJS.ProcessEnv = process.env,
  root = process.cwd(),
  { service = false }: { service?: boolean } = {},
): ReleaseConfig {
  const problems: string[] = [];
  const config = readReleaseConfig(env, root, problems);
  if (service && config.production) problems.push(...releaseServiceProductionProblems(env));
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  return config;
}

/**
 * The edge's settings. `staticExport`: for `export:static`, which writes files that nginx serves
 * under its own CSP (deploy/nginx), so the serving edge's production rules do not apply.
 */
export function loadEdgeConfig(
  env: NodeJS.ProcessEnv = process.env,
  root = process.cwd(),
  { staticExport = false }: { staticExport?: boolean } = {},
): EdgeConfig {
  const problems: string[] = [];
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    problems.push(`PORT must be a port number, got "${env.PORT}"`);
  const apiOrigin = env.CREASE_API_ORIGIN ?? null;
  if (apiOrigin !== null && !/^https?:\/\/[^\s/]+$/.test(apiOrigin)) {
    problems.push(`CREASE_API_ORIGIN must look like https://api.example.com, got "${apiOrigin}"`);
  }
  const provider = env.CREASE_BOT_CHECK ?? 'altcha';
  if (provider !== 'altcha' && provider !== 'recaptcha' && provider !== 'off') {
    problems.push(`CREASE_BOT_CHECK must be altcha, recaptcha or off, got "${provider}"`);
  }
  const siteKey = env.CREASE_RECAPTCHA_SITE_KEY ?? null;
  if (provider === 'recaptcha' && !siteKey)
    problems.push('CREASE_BOT_CHECK=recaptcha needs CREASE_RECAPTCHA_SITE_KEY');
  let streamEdgeOrigin: string | null = null;
  if (env.CREASE_STREAM_EDGE_URL) {
    try {
      const url = new URL(env.CREASE_STREAM_EDGE_URL);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
      streamEdgeOrigin = url.origin;
    } catch {
      problems.push(
        `CREASE_STREAM_EDGE_URL must be an http(s) URL like https://video.crease.tv/, got "${env.CREASE_STREAM_EDGE_URL}"`,
      );
    }
  }
  const productName = env.CREASE_PRODUCT_NAME ?? 'Crease';
  if (productName.trim() === '' || productName.length > 60)
    problems.push('CREASE_PRODUCT_NAME must be 1-60 characters');
  const release = readReleaseConfig(env, root, problems);
  const trusted = parseTrustProxy(env.CREASE_TRUST_PROXY);
  if (typeof trusted === 'object' && 'problem' in trusted) problems.push(trusted.problem);
  const overrides = env.CREASE_REMOTE_OVERRIDES ?? (release.production ? 'off' : 'on');
  if (overrides !== 'on' && overrides !== 'off')
    problems.push(`CREASE_REMOTE_OVERRIDES must be on or off, got "${overrides}"`);
  else if (overrides === 'on' && release.production)
    problems.push('CREASE_REMOTE_OVERRIDES=on is refused when NODE_ENV=production');
  if (release.production && !staticExport) problems.push(...edgeProductionProblems(env));
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  const dataDir = release.dataDir;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    artifactsDir: path.join(dataDir, 'artifacts'),
    releaseMapFile: path.join(dataDir, 'release-map.json'),
    productName,
    apiOrigin,
    oauthClientId: env.CREASE_OAUTH_CLIENT_ID ?? WEB_OAUTH_CLIENT_ID,
    oauthClientSecret: env.CREASE_OAUTH_CLIENT_SECRET ?? 'public',
    botCheckProvider: provider as EdgeConfig['botCheckProvider'],
    recaptchaSiteKey: siteKey,
    streamEdgeOrigin,
    remoteOverrides: overrides === 'on',
    trustProxy: typeof trusted === 'object' && 'problem' in trusted ? false : trusted,
    release,
  };
}
