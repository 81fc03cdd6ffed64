/** @jest-environment node */
/**
 * The lane's client address (decision 401) must be Fastify's `request.ip` under the same
 * `trustProxy`: checked against Fastify itself for each configuration and forwarding chain.
 */
import Fastify from 'fastify';
import { clientAddressOf, trustedProxies } from './client-address';
import type { TrustProxy } from './trust-proxy';

const CASES: [TrustProxy, string | undefined][] = [
  [false, '203.0.113.5'],
  [['127.0.0.1'], undefined],
  [['127.0.0.1'], '203.0.113.5'],
  [['127.0.0.1', '::1'], '198.51.100.7, 203.0.113.5'],
  [['127.0.0.1', '10.0.0.0/8'], '198.51.100.7, 10.1.2.3'],
  [['loopback'], '198.51.100.7,203.0.113.5'],
  [['loopback', 'uniquelocal'], '203.0.113.5, 192.168.1.1, 10.0.0.9'],
  [['10.0.0.0/8'], '203.0.113.5'],
  [['127.0.0.1'], '2001:db8::1'],
];

describe('clientAddressOf', () => {
  it.each(CASES)('agrees with Fastify: trustProxy %j, X-Forwarded-For %j', async (trust, xff) => {
    const app = Fastify({ trustProxy: trust });
    app.get('/', async (request) => ({ ip: request.ip }));
    const res = await app.inject({
      url: '/',
      remoteAddress: '127.0.0.1',
      headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    });
    await app.close();
    expect(clientAddressOf('127.0.0.1', xff, trustedProxies(trust))).toBe(res.json().ip);
  });

  it('leaves a hop that is not an address to the framework', () => {
    expect(clientAddressOf('127.0.0.1', 'nonsense', trustedProxies(['loopback']))).toBeNull();
    expect(clientAddressOf(undefined, undefined, null)).toBeNull();
  });
});
