/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { ConfigError, loadApiConfig } from '../config';
import { parseTrustProxy } from './trust-proxy';
import type { TrustProxy } from './trust-proxy';
import { PRODUCTION_API_ENV } from '../../testing/production-env';

describe('CREASE_TRUST_PROXY (issue 9, item 3)', () => {
  it('refuses true and *, clearly, at start-up', () => {
    for (const value of ['true', '*']) {
      expect(() =>
        loadApiConfig({ CREASE_TRUST_PROXY: value, CREASE_PGLITE_DIR: 'memory://' }),
      ).toThrow(ConfigError);
      expect(() =>
        loadApiConfig({ CREASE_TRUST_PROXY: value, CREASE_PGLITE_DIR: 'memory://' }),
      ).toThrow(/CREASE_TRUST_PROXY=.* would trust every X-Forwarded-For hop.*10\.0\.0\.0\/8/);
    }
  });

  it('takes nothing, or addresses and CIDR ranges; never a hop count', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toEqual({ problem: expect.stringContaining('hop counts') });
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
      'loopback',
    ]);
    for (const bad of ['11', '10.0.0.0/33', 'proxy.internal', '10.0.0.0/8/1', 'yes', '1.2.3']) {
      expect(parseTrustProxy(bad)).toEqual({
        problem: expect.stringContaining('CREASE_TRUST_PROXY'),
      });
    }
  });

  async function ipSeenWith(trustProxy: TrustProxy, forwardedFor: string): Promise<string> {
    const app = Fastify({ trustProxy });
    app.get('/ip', async (request) => request.ip);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const answer = await fetch(`http://127.0.0.1:${port}/ip`, {
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return await answer.text();
    } finally {
      await app.close();
    }
  }

  it('with the proxy trusted, an address the client put in front of the proxy’s is ignored', async () => {
    // What a proxy that appends sends: "<the client's own header>, <the client's address>".
    expect(
      await ipSeenWith(parseTrustProxy('127.0.0.1/32') as TrustProxy, '6.6.6.6, 203.0.113.9'),
    ).toBe('203.0.113.9');
    expect(
      await ipSeenWith(
        parseTrustProxy('loopback,10.0.0.0/8') as TrustProxy,
        '6.6.6.6, 10.1.2.3, 203.0.113.9',
      ),
    ).toBe('203.0.113.9');
    // With no proxy trusted the header means nothing at all.
    expect(await ipSeenWith(false, '6.6.6.6')).toBe('127.0.0.1');
  });

  it('the production ConfigMap names its proxies, and the API accepts it in production', () => {
    const configMap = fs.readFileSync(
      path.resolve(
        import.meta.dirname,
        '..',
        '..',
        '..',
        '..',
        'deploy',
        'k8s',
        'api-configmap.yaml',
      ),
      'utf8',
    );
    const value = /^\s+CREASE_TRUST_PROXY:\s*'([^']*)'\s*$/m.exec(configMap)?.[1];
    expect(parseTrustProxy(value)).toEqual(expect.arrayContaining([expect.any(String)]));
    const config = loadApiConfig({ ...PRODUCTION_API_ENV, CREASE_TRUST_PROXY: value });
    expect(config.trustProxy).toEqual(value?.split(','));
  });
});
