/**
 * The RTMP URL an encoder publishes to, with its host name resolved here (decision 441's defect,
 * fixed): the bundled static ffmpeg (`@ffmpeg-installer`, glibc linked statically without the
 * NSS modules) cannot read /etc/hosts, so `rtmp://localhost:1935/live` hangs before connecting.
 * Node's resolver can, so the command hands ffmpeg the address. IPv4 first: the media server
 * listens on every IPv4 address (api/src/ingest/server).
 */
import dns from 'node:dns/promises';
import net from 'node:net';

/** `url` with its host replaced by an address; unchanged when the host already is one. */
export async function withResolvedHost(
  url: string,
  lookup: (host: string, family: 4 | 0) => Promise<string> = defaultLookup,
): Promise<string> {
  const parsed = new URL(url);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host)) return url;
  const address = await lookup(host, 4).catch(() => lookup(host, 0));
  parsed.hostname = net.isIPv6(address) ? `[${address}]` : address;
  return parsed.toString();
}

async function defaultLookup(host: string, family: 4 | 0): Promise<string> {
  return (await dns.lookup(host, { family })).address;
}
