/**
 * The network a client address counts against, for every per-network limit (the trial's daily
 * budget, decision 106; the sign-in limits): the address for IPv4, and the /64 for IPv6. One IPv6
 * host usually holds a whole /64 and can hop between its addresses at will, while a /64 is, by
 * convention, one site.
 */
import net from 'node:net';
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): string[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address;
  // An IPv4 tail (::1.2.3.4): two more groups.
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4?.[1]) {
    const bytes = v4[1].split('.').map(Number);
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    text = `${text.slice(0, v4.index)}${hex(bytes[0] ?? 0, bytes[1] ?? 0)}:${hex(bytes[2] ?? 0, bytes[3] ?? 0)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right];
  return groups.length === 8 ? groups.map((g) => parseInt(g, 16).toString(16)) : null;
}

/** The network a request address counts against: `v4:<address>` or `v6:<first four groups>::/64`. */
export function networkOf(ip: string): string {
  const address = ip.split('%')[0] ?? ip; // no zone id (fe80::1%eth0)
  const mapped = MAPPED_IPV4.exec(address);
  if (mapped?.[1]) return `v4:${mapped[1]}`;
  if (net.isIPv4(address)) return `v4:${address}`;
  const groups = ipv6Groups(address);
  return groups ? `v6:${groups.slice(0, 4).join(':')}::/64` : `other:${address}`;
}
