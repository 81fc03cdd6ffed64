/**
 * The client address as Fastify's `request.ip` gives it under `trustProxy` (decision 061), for
 * code that answers before the framework (the edge-access lane, decision 368): the socket's
 * address, or, when the socket is a trusted proxy, the right-most X-Forwarded-For hop not added
 * by a trusted proxy (@fastify/proxy-addr's walk). Null when a hop is not an address: the
 * framework then answers, and judges the request exactly as always.
 */
import net from 'node:net';
import type { TrustProxy } from './trust-proxy';

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** An address as its family sees it: an IPv4-mapped IPv6 address is the IPv4 one. */
function plain(address: string): string {
  return MAPPED_IPV4.exec(address)?.[1] ?? address;
}

/** The trusted proxies as a BlockList (null: trust nobody). Build once per configuration. */
export function trustedProxies(trust: TrustProxy): net.BlockList | null {
  if (trust === false) return null;
  const list = new net.BlockList();
  for (const entry of trust.flatMap((e) => NAMED[e] ?? [e])) {
    const [address = '', prefix] = entry.split('/');
    const family = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined)
      list.addAddress(plain(address), net.isIP(plain(address)) === 6 ? 'ipv6' : 'ipv4');
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

function trusted(list: net.BlockList, address: string): boolean {
  const value = plain(address);
  const family = net.isIP(value);
  return family !== 0 && list.check(value, family === 6 ? 'ipv6' : 'ipv4');
}

/** The client's address, or null when it cannot be told without the framework. */
export function clientAddressOf(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  proxies: net.BlockList | null,
): string | null {
  if (!socketAddress) return null;
  if (proxies === null || forwardedFor === undefined) return socketAddress;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
  const hops = header
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '')
    .reverse();
  let client = socketAddress;
  for (const hop of hops) {
    if (!trusted(proxies, client)) return client;
    if (net.isIP(hop) === 0) return null;
    client = hop;
  }
  return client;
}
