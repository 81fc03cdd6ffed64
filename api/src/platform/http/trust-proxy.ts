import net from 'node:net';

/**
 * Which proxies' X-Forwarded-For the API believes (decision 061): nobody, or the listed
 * addresses and CIDR ranges. Fastify's `trustProxy` takes either as is.
 */
export type TrustProxy = false | string[];

/** proxy-addr's named ranges, which Fastify accepts next to addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * CREASE_TRUST_PROXY: unset, `false` or `0` trusts no proxy; otherwise a comma list of the
 * proxies' addresses / CIDR ranges. The client address is then the right-most X-Forwarded-For
 * entry not added by one of them, so whatever a client writes in the header is ignored.
 * - `true` and `*` are refused: trusting every hop lets any client pick its own address, and
 *   with it its own rate-limit bucket.
 * - Hop counts are refused: Fastify 5 trusts nobody for a number (a count cannot tell the proxy
 *   from a client that connects directly), so every viewer would share the proxy's bucket.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { problem: string } {
  const value = (raw ?? '').trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '*') {
    return {
      problem: `CREASE_TRUST_PROXY=${value} would trust every X-Forwarded-For hop, so any client could choose its own address and rate-limit bucket; list the addresses/CIDR ranges of the proxies in front of the API instead (e.g. 10.0.0.0/8)`,
    };
  }
  if (/^\d+$/.test(value)) {
    return {
      problem: `CREASE_TRUST_PROXY=${value}: hop counts are not supported (Fastify 5 trusts no proxy for a number, so every client would share the proxy's address and rate-limit bucket); list the proxies' addresses/CIDR ranges instead (e.g. 10.0.0.0/8)`,
    };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    return {
      problem: `CREASE_TRUST_PROXY must be false or a comma list of the proxies' addresses/CIDR ranges (e.g. 10.0.0.0/8,192.168.0.0/16); not an address or range: ${bad
        .map((entry) => `"${entry.slice(0, 50)}"`)
        .join(', ')}`,
    };
  }
  return entries;
}
