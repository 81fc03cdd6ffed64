import crypto from 'node:crypto';
import net from 'node:net';
import { RELEASE_VERSION_PATTERN, isRemoteName } from '@crease/contract';
import type { ReleaseMap } from '@crease/contract';

/**
 * A release proof (decision 155): what the edge served to one browser, signed by the edge, put
 * into the page it renders (boot data `releaseProof`) and into each `/release-map.json` answer
 * (header `x-crease-release-proof`). The shell sends it with every fallback report and signal
 * batch; events without a valid one, or about a version it does not name, are dropped.
 */
export interface ReleaseProof {
  /** Proof format version. */
  v: 1;
  /** The browser: a hash of its release seed (the HttpOnly cookie never reaches page script). */
  b: string;
  /** The network the page was served to (a hash of the /24 or /48): quorums count these. */
  n: string;
  /** The registry revision of the map it was served. */
  r: number;
  /** Remote -> [version served, its last-known-good or null]. */
  m: Record<string, [string, string | null]>;
  /** Expiry, seconds since the epoch. */
  x: number;
}

export const RELEASE_PROOF_HEADER = 'x-crease-release-proof';
/** One hour: longer than a page view, far shorter than a stockpile is worth (decision 155). */
export const RELEASE_PROOF_TTL_SECONDS = 3600;
/** Clocks of the edge replicas may differ a little. */
const CLOCK_SKEW_SECONDS = 60;
const MAX_PROOF_LENGTH = 2048;
const TOKEN = /^([A-Za-z0-9_-]{1,1900})\.([A-Za-z0-9_-]{43})$/;
const VERSION = new RegExp(RELEASE_VERSION_PATTERN);
const MANIFEST_VERSION = /\/apps\/[a-z-]+\/([^/]+)\/mf-manifest\.json$/;
/** Domain separation: this key signs nothing else. */
const CONTEXT = 'crease-release-proof.v1.';

/** Why a proof was not accepted: each is counted on its own (decision 155). */
export type ProofRejection = 'unsigned' | 'forgedProof' | 'expiredProof';

const hash = (text: string) =>
  crypto.createHash('sha256').update(text).digest('base64url').slice(0, 16);

/**
 * The network an address belongs to: its /24 (IPv4, and IPv4 mapped into IPv6) or /48 (IPv6),
 * what one household, office or cloud tenant usually holds. Distinct networks are what an
 * attacker pays for; distinct seeds are free (drop the cookie, reload).
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  if (net.isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.0/24`;
  if (net.isIPv6(ip)) {
    const [head = '', tail = ''] = ip.toLowerCase().split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = [...left, ...new Array<string>(8 - left.length - right.length).fill('0')];
    return `${groups
      .slice(0, 3)
      .map((g) => Number.parseInt(g || '0', 16).toString(16))
      .join(':')}::/48`;
  }
  return `unknown:${address.slice(0, 60)}`;
}

/** The browser id a proof names for a seed: a hash, so the page never learns the seed itself. */
export const browserIdOf = (seed: string): string => hash(`browser:${seed}`);
export const networkIdOf = (address: string): string => hash(`network:${networkOf(address)}`);

function versionOfManifest(url: string | null): string | null {
  const version = url ? MANIFEST_VERSION.exec(url)?.[1] : undefined;
  return version && VERSION.test(version) ? version : null;
}

function mac(secret: string, payload: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(CONTEXT + payload)
    .digest('base64url');
}

export interface MintInput {
  seed: string;
  address: string;
  revision: number;
  /** The map this browser is served (with its canaries). */
  releaseMap: ReleaseMap;
  now?: Date;
}

/** Signs what one browser is served; the token is `<payload>.<HMAC-SHA256>`, both base64url. */
export function mintReleaseProof(secret: string, input: MintInput): string {
  const served: ReleaseProof['m'] = {};
  for (const [remote, entry] of Object.entries(input.releaseMap.remotes)) {
    if (entry) served[remote] = [entry.version, versionOfManifest(entry.lastKnownGoodManifestUrl)];
  }
  const proof: ReleaseProof = {
    v: 1,
    b: browserIdOf(input.seed),
    n: networkIdOf(input.address),
    r: input.revision,
    m: served,
    x: Math.floor((input.now ?? new Date()).getTime() / 1000) + RELEASE_PROOF_TTL_SECONDS,
  };
  const payload = Buffer.from(JSON.stringify(proof)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

function isProof(value: unknown): value is ReleaseProof {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  if (p.v !== 1 || typeof p.b !== 'string' || typeof p.n !== 'string') return false;
  if (!Number.isInteger(p.r) || !Number.isInteger(p.x)) return false;
  if (typeof p.m !== 'object' || p.m === null) return false;
  return Object.entries(p.m).every(
    ([remote, pair]) =>
      isRemoteName(remote) &&
      Array.isArray(pair) &&
      pair.length === 2 &&
      typeof pair[0] === 'string' &&
      (pair[1] === null || typeof pair[1] === 'string'),
  );
}

/**
 * Checks a token's signature (constant time) and expiry. Any of `secrets` may have signed it, so
 * the key can be rotated: sign with the first, accept the previous one for a proof's lifetime.
 */
export function verifyReleaseProof(
  secrets: readonly string[],
  token: unknown,
  now: Date = new Date(),
): ReleaseProof | ProofRejection {
  if (token === undefined || token === null || token === '') return 'unsigned';
  if (typeof token !== 'string' || token.length > MAX_PROOF_LENGTH) return 'forgedProof';
  const match = TOKEN.exec(token);
  if (!match) return 'forgedProof';
  const [, payload, signature] = match as unknown as [string, string, string];
  const given = Buffer.from(signature, 'base64url');
  const signed = secrets.some((secret) => {
    const expected = Buffer.from(mac(secret, payload), 'base64url');
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
  if (!signed) return 'forgedProof';
  let proof: unknown;
  try {
    proof = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return 'forgedProof';
  }
  if (!isProof(proof)) return 'forgedProof';
  if (proof.x + CLOCK_SKEW_SECONDS < now.getTime() / 1000) return 'expiredProof';
  return proof;
}

/** The version the proof says this browser was served for `remote`, and its fallback. */
export function servedOf(
  proof: ReleaseProof,
  remote: string,
): { version: string; fallback: string | null } | null {
  const pair = Object.hasOwn(proof.m, remote) ? proof.m[remote] : undefined;
  return pair ? { version: pair[0], fallback: pair[1] } : null;
}
