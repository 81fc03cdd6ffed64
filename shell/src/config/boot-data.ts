import { WEB_OAUTH_CLIENT_ID, parseReleaseMap } from '@crease/contract';
import type { ReleaseMap } from '@crease/contract';

/** What the edge server inlines into index.html as window.__CREASE__. */
export interface ShellConfig {
  productName: string;
  /** Explicit API origin; when absent, derived from the page (docs/product.md §7). */
  apiOrigin: string | null;
  oauthClientId: string;
  /** A public client's secret: not a secret, sent only because docs/product.md §7.1 asks for basic credentials. */
  oauthClientSecret: string;
  botCheck: { provider: 'altcha' | 'recaptcha' | 'off'; siteKey: string | null };
  features: Record<string, boolean>;
  /** docs/product.md §9: lazy screen load timeout. */
  remoteLoadTimeoutMs: number;
  /**
   * Developer overrides (a remote loaded from localhost against the deployed others). Only
   * the literal `true` from the edge's configuration enables them; production sends false.
   */
  remoteOverrides: boolean;
}

export interface BootData {
  config: ShellConfig;
  releaseMap: ReleaseMap;
  /** The ETag /release-map.json has for the inlined map: the first revalidation is a 304. */
  releaseMapEtag: string | null;
  /**
   * What the edge served this browser, signed (decision 155); sent with fallback reports and
   * signals. Null on the static tier, which cannot sign (decision 158).
   */
  releaseProof: string | null;
  /** Everything that was wrong with the inlined data; the shell still boots with safe values. */
  problems: string[];
}

export const DEFAULT_CONFIG: ShellConfig = {
  productName: 'Crease',
  apiOrigin: null,
  oauthClientId: WEB_OAUTH_CLIENT_ID,
  oauthClientSecret: 'public',
  botCheck: { provider: 'altcha', siteKey: null },
  features: {},
  remoteLoadTimeoutMs: 120_000,
  remoteOverrides: false,
};

/** An HTTP entity tag, strong or weak: what the browser may send back in If-None-Match. */
const ETAG_PATTERN = /^(W\/)?"[\x21\x23-\x7e]{1,200}"$/;

/** A release proof: base64url payload, a dot, a base64url HMAC-SHA256. */
const PROOF_PATTERN = /^[A-Za-z0-9_-]{1,1900}\.[A-Za-z0-9_-]{43}$/;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function stringField(
  raw: Record<string, unknown>,
  key: string,
  fallback: string,
  problems: string[],
  max = 200,
) {
  const value = raw[key];
  if (value === undefined) return fallback;
  if (typeof value === 'string' && value.trim() !== '' && value.length <= max) return value;
  problems.push(`config.${key} is invalid; using the default`);
  return fallback;
}

function parseConfig(raw: unknown, problems: string[]): ShellConfig {
  if (raw === undefined) return DEFAULT_CONFIG;
  if (!isRecord(raw)) {
    problems.push('config is not an object; using defaults');
    return DEFAULT_CONFIG;
  }
  const apiOrigin =
    raw.apiOrigin === undefined || raw.apiOrigin === null
      ? null
      : typeof raw.apiOrigin === 'string' && /^https?:\/\/[^\s/]+$/.test(raw.apiOrigin)
        ? raw.apiOrigin
        : (problems.push('config.apiOrigin is invalid; deriving it from the page'), null);
  const botRaw = isRecord(raw.botCheck) ? raw.botCheck : {};
  const provider =
    botRaw.provider === 'recaptcha' || botRaw.provider === 'off' || botRaw.provider === 'altcha'
      ? botRaw.provider
      : DEFAULT_CONFIG.botCheck.provider;
  const features: Record<string, boolean> = {};
  if (isRecord(raw.features)) {
    for (const [key, value] of Object.entries(raw.features)) {
      if (typeof value === 'boolean') features[key] = value;
    }
  }
  const timeout = raw.remoteLoadTimeoutMs;
  return {
    productName: stringField(raw, 'productName', DEFAULT_CONFIG.productName, problems, 60),
    apiOrigin,
    oauthClientId: stringField(raw, 'oauthClientId', DEFAULT_CONFIG.oauthClientId, problems),
    oauthClientSecret: stringField(
      raw,
      'oauthClientSecret',
      DEFAULT_CONFIG.oauthClientSecret,
      problems,
    ),
    botCheck: {
      provider,
      siteKey: typeof botRaw.siteKey === 'string' ? botRaw.siteKey : null,
    },
    features,
    remoteLoadTimeoutMs:
      typeof timeout === 'number' && timeout > 0 && timeout <= 600_000
        ? timeout
        : DEFAULT_CONFIG.remoteLoadTimeoutMs,
    remoteOverrides: raw.remoteOverrides === true,
  };
}

/** Reads and validates window.__CREASE__. Never throws: bad data becomes defaults plus a problem. */
export function readBootData(raw: unknown): BootData {
  const problems: string[] = [];
  if (!isRecord(raw)) {
    problems.push('boot data (window.__CREASE__) is missing');
    return {
      config: DEFAULT_CONFIG,
      releaseMap: parseReleaseMap(undefined).map,
      releaseMapEtag: null,
      releaseProof: null,
      problems,
    };
  }
  const config = parseConfig(raw.config, problems);
  const parsed = parseReleaseMap(raw.releaseMap);
  problems.push(...parsed.problems);
  let releaseMapEtag: string | null = null;
  if (typeof raw.releaseMapEtag === 'string' && ETAG_PATTERN.test(raw.releaseMapEtag))
    releaseMapEtag = raw.releaseMapEtag;
  else if (raw.releaseMapEtag !== undefined && raw.releaseMapEtag !== null)
    problems.push('releaseMapEtag is invalid; the first map check downloads the map');
  let releaseProof: string | null = null;
  if (typeof raw.releaseProof === 'string' && PROOF_PATTERN.test(raw.releaseProof))
    releaseProof = raw.releaseProof;
  else if (raw.releaseProof !== undefined && raw.releaseProof !== null)
    problems.push('releaseProof is invalid; release signals from this page will not count');
  return { config, releaseMap: parsed.map, releaseMapEtag, releaseProof, problems };
}
