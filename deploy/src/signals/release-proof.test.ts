/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadEdgeConfig, loadReleaseConfig } from '../config';
import { tempDir } from '../testing/release-fixtures';
import { TEST_PROOF_SECRET, proofOf } from '../testing/release-proofs';
import { releaseProofSecrets } from './proof-secret';
import { networkOf, servedOf, verifyReleaseProof } from './release-proof';
import { WeightCap } from './quorum';
import { PRODUCTION_EDGE_ENV } from '../testing/production-env';

const NOW = new Date('2026-11-24T12:00:00Z');
const secrets = [TEST_PROOF_SECRET];

describe('release proofs', () => {
  it('verify what the edge signed: the versions served, for an hour', () => {
    const token = proofOf({ version: '1.0.0-aaaaaaaaaa', fallback: '1.0.0-bbbbbbbbbb', now: NOW });
    const proof = verifyReleaseProof(secrets, token, NOW);
    expect(typeof proof).toBe('object');
    expect(servedOf(proof as never, 'mf-legal')).toEqual({
      version: '1.0.0-aaaaaaaaaa',
      fallback: '1.0.0-bbbbbbbbbb',
    });
    expect(servedOf(proof as never, 'mf-auth')).toBeNull();
    expect(servedOf(proof as never, '__proto__')).toBeNull();
    const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    expect(typeof verifyReleaseProof(secrets, token, later(60))).toBe('object');
    expect(verifyReleaseProof(secrets, token, later(62))).toBe('expiredProof');
  });

  it('refuse a missing, malformed, tampered or foreign proof', () => {
    const token = proofOf({ version: '1.0.0-aaaaaaaaaa', now: NOW });
    const [payload, signature] = token.split('.') as [string, string];
    const changed = Buffer.from(
      Buffer.from(payload, 'base64url').toString().replace('1.0.0-aaaaaaaaaa', '1.0.0-cccccccccc'),
    ).toString('base64url');
    expect(verifyReleaseProof(secrets, undefined, NOW)).toBe('unsigned');
    expect(verifyReleaseProof(secrets, '', NOW)).toBe('unsigned');
    expect(verifyReleaseProof(secrets, 42, NOW)).toBe('forgedProof');
    expect(verifyReleaseProof(secrets, 'x'.repeat(5000), NOW)).toBe('forgedProof');
    expect(verifyReleaseProof(secrets, `${changed}.${signature}`, NOW)).toBe('forgedProof');
    expect(verifyReleaseProof(secrets, `${payload}.${'A'.repeat(43)}`, NOW)).toBe('forgedProof');
    const foreign = proofOf({ version: '1.0.0-aaaaaaaaaa', now: NOW, secret: 'x'.repeat(40) });
    expect(verifyReleaseProof(secrets, foreign, NOW)).toBe('forgedProof');
    // During a rotation the old key still verifies.
    expect(typeof verifyReleaseProof(['y'.repeat(40), 'x'.repeat(40)], foreign, NOW)).toBe(
      'object',
    );
  });

  it('name a network, not an address: /24 for IPv4 (mapped too), /48 for IPv6', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
  });

  it("cap one browser's and one network's weight per version and kind, per hour", () => {
    let now = NOW;
    const cap = new WeightCap(5, 8, () => now);
    const taken = (browser: string) =>
      Array.from({ length: 7 }, () => cap.take('mf-legal@v|view', browser, 'net')).filter(Boolean)
        .length;
    expect(taken('one')).toBe(5);
    expect(taken('two')).toBe(3); // the network's 8 are used up
    expect(cap.take('mf-legal@v|crash', 'one', 'net')).toBe(true); // another kind
    now = new Date(NOW.getTime() + 3_600_000);
    expect(taken('one')).toBe(5);
  });
});

// Random-looking: production refuses a low-entropy key such as 32 × "n" (issue 31, item 16).
const NEW_KEY = '5OF3N0jrmOYaaM0TeBzIONc4S2cBJbeI78pxnlfVw3M';
const OLD_KEY = 'Yc_PyiG5QDTGKJsKamAbyrbVEeZ-gHZS0123';

describe('the release proof key', () => {
  it('is required in production, at least 32 characters, and a list while rotating', () => {
    const dataDir = tempDir('crease-proof-key-');
    const { CREASE_RELEASE_PROOF_SECRET: _key, ...withoutKey } = PRODUCTION_EDGE_ENV;
    expect(() => loadEdgeConfig({ ...withoutKey, CREASE_DATA_DIR: dataDir })).toThrow(
      /CREASE_RELEASE_PROOF_SECRET is required in production/,
    );
    expect(() =>
      loadEdgeConfig({ CREASE_DATA_DIR: dataDir, CREASE_RELEASE_PROOF_SECRET: 'short' }),
    ).toThrow(/at least 32 characters/);
    const rotating = loadEdgeConfig({
      ...PRODUCTION_EDGE_ENV,
      CREASE_DATA_DIR: dataDir,
      CREASE_RELEASE_PROOF_SECRET: `${NEW_KEY}, ${OLD_KEY}`,
    });
    expect(releaseProofSecrets(rotating.release)).toEqual([NEW_KEY, OLD_KEY]);
    // The release API service checks proofs: it refuses to start without the key too.
    const releaseApi = loadReleaseConfig({ CREASE_DATA_DIR: dataDir, NODE_ENV: 'production' });
    expect(() => releaseProofSecrets(releaseApi)).toThrow(ConfigError);
  });

  it('is made once under the data dir outside production, and kept across restarts', () => {
    const dataDir = tempDir('crease-proof-key-');
    const config = loadReleaseConfig({ CREASE_DATA_DIR: dataDir });
    const [first] = releaseProofSecrets(config);
    expect(first!.length).toBeGreaterThanOrEqual(32);
    expect(releaseProofSecrets(config)).toEqual([first]);
    const file = path.join(dataDir, 'release-proof-secret');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});
