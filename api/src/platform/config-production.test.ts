/** @jest-environment node */
/**
 * Production config judges meaning, not spelling (issue 31, item 16): a site origin is parsed as
 * a URL and must name a public host; a signing key must look random, not just be long enough.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadApiConfig } from './config';
import { notPublicBecause } from './public-host';
import { estimatedEntropyBits, weakSecretBecause } from './secret-strength';
import { PRODUCTION_API_ENV } from '../testing/production-env';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crease-config-production-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const production = () => ({ ...PRODUCTION_API_ENV, CREASE_DATA_DIR: dir });
function problemsOf(env: Record<string, string | undefined>): string {
  try {
    loadApiConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return '';
}

describe('site origins in production', () => {
  it.each([
    ['https://localhost.', 'a loopback host'],
    ['https://LOCALHOST..', 'a loopback host'],
    ['https://[::ffff:127.0.0.1]', 'a loopback host'],
    ['https://0x7f000001', 'a loopback host'],
    ['https://[::]', 'a private or reserved address'],
    ['https://10.0.0.5', 'a private or reserved address'],
    ['https://172.20.1.1', 'a private or reserved address'],
    ['https://192.168.1.10', 'a private or reserved address'],
    ['https://169.254.169.254', 'a private or reserved address'],
    ['https://100.64.0.1', 'a private or reserved address'],
    ['https://[::ffff:10.0.0.1]', 'a private or reserved address'],
    ['https://[fd00::1]', 'a private or reserved address'],
    ['https://[fe80::1]', 'a private or reserved address'],
    ['https://*', 'a wildcard or empty host'],
    ['https://*.crease.tv', 'a wildcard or empty host'],
    ['https://intranet', 'a name without a domain'],
    ['https://crease.internal', 'a private or reserved name'],
  ])('refuses %s (%s)', (origin, why) => {
    expect(
      problemsOf({ ...production(), CREASE_SITE_ORIGINS: `https://crease.tv,${origin}` }),
    ).toContain(
      `CREASE_SITE_ORIGINS must list only public https origins in production, got "${origin}" (${why})`,
    );
  });

  it('accepts public names and public addresses', () => {
    for (const origin of ['https://crease.tv', 'https://www.crease.tv:8443', 'https://8.8.8.8']) {
      expect(notPublicBecause(new URL(origin).hostname)).toBeNull();
      expect(problemsOf({ ...production(), CREASE_SITE_ORIGINS: origin })).toBe('');
    }
    expect(notPublicBecause(new URL('https://[2606:4700::1111]').hostname)).toBeNull();
  });
});

describe('signing keys in production', () => {
  const KEYS = ['CREASE_JWT_SECRET', 'CREASE_XSRF_SECRET', 'CREASE_STREAM_TOKEN_SECRET'] as const;

  it('refuses a key of one repeated character, though it is 32 bytes of base64url', () => {
    for (const name of KEYS) {
      const message = problemsOf({ ...production(), [name]: 'A'.repeat(43) });
      expect(message).toContain(
        `- ${name} is too weak for production: it uses only 1 distinct characters (at least 10)`,
      );
      expect(message.split('\n')).toHaveLength(2);
    }
    expect(
      problemsOf({
        ...production(),
        CREASE_ALTCHA_HMAC_KEY: undefined,
        CREASE_ALTCHA_SECRET: 'A'.repeat(43),
      }),
    ).toContain('- CREASE_ALTCHA_SECRET is too weak for production');
  });

  it('refuses a patterned key and a short word as the ALTCHA key', () => {
    // 32 bytes of 0x01: "AQEBAQEB…", four distinct characters.
    expect(
      problemsOf({ ...production(), CREASE_JWT_SECRET: Buffer.alloc(32, 1).toString('base64url') }),
    ).toContain(
      '- CREASE_JWT_SECRET is too weak for production: it uses only 4 distinct characters',
    );
    expect(
      problemsOf({ ...production(), CREASE_ALTCHA_HMAC_KEY: 'production-test-altcha-key' }),
    ).toMatch(
      /- CREASE_ALTCHA_HMAC_KEY is too weak for production: its estimated entropy is \d+ bits \(at least 128\)/,
    );
  });

  it('accepts random keys, base64url or hex, and development keeps any well-formed key', () => {
    expect(problemsOf(production())).toBe('');
    // Random keys score far above the floor; a run of one character scores nothing.
    expect(estimatedEntropyBits('wbzQqSBIjnPFoKTXe1xxuNLl_r4kSHJFwCogBxqRydw')).toBeGreaterThan(
      170,
    );
    expect(estimatedEntropyBits('A'.repeat(43))).toBe(0);
    expect(
      weakSecretBecause('1338fbcade3e22d1830a8af443538aa9acccffcbbcdc770a8055e9a34a2eb505'),
    ).toBeNull();
    // Outside production a test key like this one is still fine (only the format is checked).
    expect(() =>
      loadApiConfig({ CREASE_DATA_DIR: dir, CREASE_JWT_SECRET: 'A'.repeat(43) }),
    ).not.toThrow();
  });
});
