/**
 * The network a stream plays from (decision 401): what the server can see of a player, and what
 * a playback token is bound to. An IPv4 /24 or an IPv6 /64 (client-network.ts gives the /64):
 * a block rather than one address, so a carrier's NAT that hands the same phone another address
 * of its pool, or an IPv6 host rotating its privacy addresses, plays on. Leaving the block (Wi-Fi
 * to mobile data) is a hand-over: the origin refuses the token, the player renews it from the
 * new network, and the renewal moves the stream there (streams-service.ts).
 */
import { networkOf } from '../platform/http/client-network';

const IPV4 = /^v4:(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/;

/** `v4:203.0.113.0/24`, `v6:2001:db8:1:2::/64`, or `other:<address>`. */
export function playbackNetworkOf(ip: string): string {
  const network = networkOf(ip);
  const v4 = IPV4.exec(network);
  return v4 ? `v4:${v4[1]}.0/24` : network;
}
