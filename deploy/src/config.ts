import path from 'node:path';
import {
  envAnyText,
  envBool,
  envCheckedText,
  envInt,
  envList,
  envOneOf,
  envText,
  parseTrustProxy,
  readEnv,
} from 'api/config';
import type { Env, TrustProxy } from 'api/config';
import { WEB_OAUTH_CLIENT_ID } from '@crease/contract';
import type { S3Config } from './artifacts/s3-artifact-store';
import { edgeProductionProblems, releaseServiceProductionProblems } from './config-production';
import { ConfigError } from './config-error';
import { DEFAULT_VETO_HOURS } from './registry/veto';
import { DEFAULT_QUORUM } from './signals/quorum';
import type { Quorum } from './signals/quorum';
import { viewerTokenKey } from './signals/viewer-token';
import type { ViewerTokenKey } from './signals/viewer-token';

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
   * What a last-known-good veto and an automatic canary rollback need (decisions 157, 411):
   * signed-in viewers, at least CREASE_QUORUM_ACCOUNTS (5) and CREASE_QUORUM_SHARE_PERCENT (2)
   * % of the version's page views, on CREASE_QUORUM_NETWORKS (3) networks. Anonymous browsers
   * (CREASE_QUORUM_BROWSERS, 5, on as many networks) only raise a warning.
   */
  quorum: Required<Quorum>;
  /** Hours after its last report that a veto lapses (CREASE_VETO_HOURS, default 72). */
  vetoHours: number;
  /**
   * How the edge recognises a signed-in viewer's report (decision 411): the API's access-token
   * key (CREASE_JWT_SECRET, the API's own; outside production the API's key file in the data
   * dir) and issuer. Null: every report is anonymous, and nothing vetoes or rolls back by itself.
   */
  viewerTokens: ViewerTokenKey | null;
}

/** Ten minutes live with no fallback reports: long enough for real viewers to have loaded it. */
const DEFAULT_LKG_MIN_LIVE_SECONDS = 600;
const DEFAULT_CANARY_MIN_VIEWS = 200;

export { ConfigError };

const ORIGIN = /^https?:\/\/[^\s/]+$/;

/** The release settings' variables (shared by the release CLI, the release API and the edge). */
const RELEASE_ENV = {
  NODE_ENV: envAnyText(),
  CREASE_DATA_DIR: envAnyText(),
  CREASE_ASSET_ORIGIN: envText(/^https?:\/\/[^\s/]+\/*$/, 'an origin like https://cdn.example.com'),
  CREASE_ARTIFACT_STORE: envOneOf(['fs', 's3']),
  CREASE_S3_BUCKET: envAnyText(),
  CREASE_S3_ENDPOINT: envAnyText(),
  CREASE_S3_REGION: envAnyText(),
  CREASE_S3_ACCESS_KEY_ID: envAnyText(),
  CREASE_S3_SECRET_ACCESS_KEY: envCheckedText(() => true, 'text', { secret: true }),
  CREASE_S3_PREFIX: envAnyText(),
  CREASE_RELEASE_TOKENS: envList(
    /^[\w.@-]{1,60}\s*:\s*\S.{15,}$/,
    '"name:token" pairs separated by commas, tokens at least 16 characters',
    { secret: true },
  ),
  CREASE_LKG_MIN_LIVE_SECONDS: envInt(0, 9_999_999, 'a whole number of seconds (0-9999999)'),
  CREASE_CANARY_MIN_VIEWS: envInt(1, 9_999_999, 'a whole number of page views (1-9999999)'),
  CREASE_SIGNALS_PER_MINUTE: envInt(1, 9_999_999, 'a whole number of batches (1-9999999)'),
  CREASE_SIGNALS_RETENTION_HOURS: envInt(1, 99_999, 'a whole number of hours (1-99999)'),
  CREASE_RELEASE_PROOF_SECRET: envList(
    /^.{32,}$/,
    'keys of at least 32 characters, comma-separated',
    { secret: true },
  ),
  CREASE_QUORUM_BROWSERS: envInt(1, 9999, 'a whole number (1-9999)'),
  CREASE_QUORUM_NETWORKS: envInt(1, 9999, 'a whole number (1-9999)'),
  CREASE_QUORUM_ACCOUNTS: envInt(1, 128, 'a whole number (1-128)'),
  CREASE_QUORUM_SHARE_PERCENT: envInt(0, 100, 'a whole number of percent (0-100)'),
  CREASE_VETO_HOURS: envInt(1, 99_999, 'a whole number of hours (1-99999)'),
  CREASE_JWT_SECRET: envCheckedText(
    (raw) => Buffer.from(raw, 'base64url').length >= 32,
    "at least 32 bytes, base64url-encoded (the API's access-token key)",
    { secret: true },
  ),
  CREASE_JWT_ISSUER: envAnyText(),
  CREASE_RELEASE_ALLOW_ANONYMOUS: envBool(),
} as const;

/** "name:token" with both trimmed (the schema has checked the shape). */
function releaseToken(pair: string): ReleaseToken {
  const at = pair.indexOf(':');
  return { name: pair.slice(0, at).trim(), token: pair.slice(at + 1).trim() };
}

/** Release settings from the environment; `problems` collects what is wrong (STYLE §9). */
function readReleaseConfig(env: Env, root: string, problems: string[]): ReleaseConfig {
  const vars = readEnv(RELEASE_ENV, env, problems);
  const dataDir = path.resolve(root, vars.CREASE_DATA_DIR ?? '.data');
  const production = vars.NODE_ENV === 'production';
  const assetOrigin = vars.CREASE_ASSET_ORIGIN?.replace(/\/+$/, '') ?? null;
  let artifactStore: ReleaseConfig['artifactStore'] = { kind: 'fs' };
  if (vars.CREASE_ARTIFACT_STORE === 's3') {
    const need = (name: keyof typeof RELEASE_ENV) => {
      const value = vars[name];
      if (typeof value !== 'string') problems.push(`CREASE_ARTIFACT_STORE=s3 needs ${name}`);
      return typeof value === 'string' ? value : '';
    };
    artifactStore = {
      kind: 's3',
      bucket: need('CREASE_S3_BUCKET'),
      endpoint: need('CREASE_S3_ENDPOINT'),
      region: vars.CREASE_S3_REGION ?? 'us-east-1',
      accessKeyId: need('CREASE_S3_ACCESS_KEY_ID'),
      secretAccessKey: need('CREASE_S3_SECRET_ACCESS_KEY'),
      prefix: vars.CREASE_S3_PREFIX ?? '',
    };
  }
  const allowAnonymous = vars.CREASE_RELEASE_ALLOW_ANONYMOUS === true;
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
    tokens: (vars.CREASE_RELEASE_TOKENS ?? []).map(releaseToken),
    allowAnonymous,
    lkgMinLiveMs: (vars.CREASE_LKG_MIN_LIVE_SECONDS ?? DEFAULT_LKG_MIN_LIVE_SECONDS) * 1000,
    canaryMinViews: vars.CREASE_CANARY_MIN_VIEWS ?? DEFAULT_CANARY_MIN_VIEWS,
    signalsPerMinute: vars.CREASE_SIGNALS_PER_MINUTE ?? 120,
    signalsRetentionHours: vars.CREASE_SIGNALS_RETENTION_HOURS ?? 168,
    proofSecrets: vars.CREASE_RELEASE_PROOF_SECRET ?? [],
    quorum: {
      browsers: vars.CREASE_QUORUM_BROWSERS ?? DEFAULT_QUORUM.browsers,
      networks: vars.CREASE_QUORUM_NETWORKS ?? DEFAULT_QUORUM.networks,
      accounts: vars.CREASE_QUORUM_ACCOUNTS ?? DEFAULT_QUORUM.accounts,
      share:
        vars.CREASE_QUORUM_SHARE_PERCENT === undefined
          ? DEFAULT_QUORUM.share
          : vars.CREASE_QUORUM_SHARE_PERCENT / 100,
    },
    vetoHours: vars.CREASE_VETO_HOURS ?? DEFAULT_VETO_HOURS,
    viewerTokens: viewerTokenKey(
      vars.CREASE_JWT_SECRET,
      vars.CREASE_JWT_ISSUER,
      dataDir,
      production,
    ),
  };
}

/**
 * For the release CLI and the release API service: only the release settings. `service`: the
 * release API service (`cli/release-api.ts`), which production runs only with release tokens.
 */
export function loadReleaseConfig(
  env: Env = process.env,
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

/** The edge's own variables (the release settings' are read with them). */
const EDGE_ENV = {
  PORT: envInt(0, 65535, 'a port number (0-65535)'),
  HOST: envAnyText(),
  CREASE_API_ORIGIN: envText(ORIGIN, 'an origin like https://api.example.com'),
  CREASE_BOT_CHECK: envOneOf(['altcha', 'recaptcha', 'off']),
  CREASE_RECAPTCHA_SITE_KEY: envAnyText(),
  CREASE_STREAM_EDGE_URL: envCheckedText(
    (raw) => URL.canParse(raw) && /^https?:$/.test(new URL(raw).protocol),
    'an http(s) URL like https://video.crease.tv/',
  ),
  CREASE_PRODUCT_NAME: envCheckedText(
    (name) => name.trim() !== '' && name.length <= 60,
    '1-60 characters',
  ),
  CREASE_OAUTH_CLIENT_ID: envAnyText(),
  CREASE_OAUTH_CLIENT_SECRET: envAnyText(),
  CREASE_REMOTE_OVERRIDES: envOneOf(['on', 'off']),
} as const;

/**
 * The edge's settings. `staticExport`: for `export:static`, which writes files that nginx serves
 * under its own CSP (deploy/nginx), so the serving edge's production rules do not apply.
 */
export function loadEdgeConfig(
  env: Env = process.env,
  root = process.cwd(),
  { staticExport = false }: { staticExport?: boolean } = {},
): EdgeConfig {
  const problems: string[] = [];
  const vars = readEnv(EDGE_ENV, env, problems);
  const provider = vars.CREASE_BOT_CHECK ?? 'altcha';
  const siteKey = vars.CREASE_RECAPTCHA_SITE_KEY ?? null;
  if (provider === 'recaptcha' && !siteKey)
    problems.push('CREASE_BOT_CHECK=recaptcha needs CREASE_RECAPTCHA_SITE_KEY');
  const streamEdge = vars.CREASE_STREAM_EDGE_URL;
  const release = readReleaseConfig(env, root, problems);
  const trusted = parseTrustProxy(env.CREASE_TRUST_PROXY);
  if (typeof trusted === 'object' && 'problem' in trusted) problems.push(trusted.problem);
  const overrides = vars.CREASE_REMOTE_OVERRIDES ?? (release.production ? 'off' : 'on');
  if (overrides === 'on' && release.production)
    problems.push('CREASE_REMOTE_OVERRIDES=on is refused when NODE_ENV=production');
  if (release.production && !staticExport) problems.push(...edgeProductionProblems(env));
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n- ${problems.join('\n- ')}`);
  const dataDir = release.dataDir;
  return {
    port: vars.PORT ?? 8080,
    host: vars.HOST ?? '0.0.0.0',
    artifactsDir: path.join(dataDir, 'artifacts'),
    releaseMapFile: path.join(dataDir, 'release-map.json'),
    productName: vars.CREASE_PRODUCT_NAME ?? 'Crease',
    apiOrigin: vars.CREASE_API_ORIGIN ?? null,
    oauthClientId: vars.CREASE_OAUTH_CLIENT_ID ?? WEB_OAUTH_CLIENT_ID,
    oauthClientSecret: vars.CREASE_OAUTH_CLIENT_SECRET ?? 'public',
    botCheckProvider: provider,
    recaptchaSiteKey: siteKey,
    streamEdgeOrigin: streamEdge ? new URL(streamEdge).origin : null,
    remoteOverrides: overrides === 'on',
    trustProxy: typeof trusted === 'object' && 'problem' in trusted ? false : trusted,
    release,
  };
}
