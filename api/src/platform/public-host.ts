import net from 'node:net';

/**
 * What a production origin may name (issue 31, item 16): a public DNS name or a public address,
 * judged on the host as the URL parser understands it, not on its spelling. `https://localhost.`
 * (a trailing dot), `https://[::ffff:127.0.0.1]` (an IPv4-mapped loopback), `https://10.0.0.5`
 * and `https://*` all name something other than the site.
 */

/** localhost, *.localhost, 127.0.0.0/8, ::1 and 0.0.0.0: a developer's machine, never a site. */
export function isLocalHost(hostname: string): boolean {
  const host = bareHost(hostname);
  const ipv4 = ipv4Of(host);
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    (ipv4 !== null && (ipv4.startsWith('127.') || ipv4 === '0.0.0.0')) ||
    host === '::1'
  );
}

/** Lower case, no IPv6 brackets, no trailing dot (`localhost.` is localhost). */
function bareHost(hostname: string): string {
  return hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '');
}

/** The IPv4 address a host names: dotted, or mapped into IPv6 (`::ffff:7f00:1`); else null. */
function ipv4Of(host: string): string | null {
  if (net.isIPv4(host)) return host;
  if (!net.isIPv6(host)) return null;
  // The URL parser writes a mapped address in hex (`[::ffff:127.0.0.1]` -> `::ffff:7f00:1`).
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)?.[1];
  if (dotted && net.isIPv4(dotted)) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!hex) return null;
  const [high, low] = [Number.parseInt(hex[1]!, 16), Number.parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Loopback, private, link-local, shared (CGNAT), unspecified, documentation and multicast ranges. */
const NOT_PUBLIC = (() => {
  const list = new net.BlockList();
  for (const [address, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 3],
  ] as const)
    list.addSubnet(address, prefix, 'ipv4');
  for (const [address, prefix] of [
    // Unspecified, loopback and the old IPv4-compatible form (::a.b.c.d).
    ['::', 96],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
    ['2001:db8::', 32],
    ['64:ff9b::', 96],
  ] as const)
    list.addSubnet(address, prefix, 'ipv6');
  return list;
})();

/** Why `hostname` (from `new URL(…).hostname`) is not a public host; null when it is. */
export function notPublicBecause(hostname: string): string | null {
  const host = bareHost(hostname);
  if (host === '' || host.includes('*')) return 'a wildcard or empty host';
  if (isLocalHost(host)) return 'a loopback host';
  const ipv4 = ipv4Of(host);
  if (ipv4) return NOT_PUBLIC.check(ipv4, 'ipv4') ? 'a private or reserved address' : null;
  if (net.isIPv6(host))
    return NOT_PUBLIC.check(host, 'ipv6') ? 'a private or reserved address' : null;
  // A name: public DNS names have a dot; `intranet`, `crease.internal`-style suffixes do not resolve
  // on the public internet.
  if (!host.includes('.')) return 'a name without a domain';
  if (/\.(local|internal|lan|home\.arpa|localdomain|test|invalid|example)$/.test(host))
    return 'a private or reserved name';
  return null;
}
