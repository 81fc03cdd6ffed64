/**
 * Playback tokens (decision 112): `<payload>.<mac>`, both base64url, where the payload is
 * `{v, sid, uid, did, ch, exp, net, mv}` (stream, account, device, channel, expiry in epoch
 * seconds, the network it plays from and the stream's move count: decision 401) and
 * the mac is HMAC-SHA256 of the payload text under CREASE_STREAM_TOKEN_SECRET. Stateless on
 * purpose: the origin, or a CDN edge holding the same key, checks a request without a database.
 * Whether the token's stream still stands (not closed, device not signed out) is the one shared
 * lookup after it (origin/stream-standing.ts, decision 151).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface PlaybackClaims {
  streamId: string;
  userId: string;
  vidictId: string;
  channelId: string;
  /** Epoch seconds. */
  expiresAt: number;
  /** The network block that asked for it (playback-network.ts): it plays only from there. */
  network: string;
  /** The stream's move count when issued: a token from before a move is refused. */
  moves: number;
}

interface WirePayload {
  v: 2;
  sid: string;
  uid: string;
  did: string;
  ch: string;
  exp: number;
  net: string;
  mv: number;
}

export type TokenProblem =
  'missing' | 'malformed' | 'signature' | 'expired' | 'channel' | 'network';

export const TOKEN_PROBLEM_MESSAGES: Record<TokenProblem, string> = {
  missing: 'This stream address needs a playback token. Start the stream again.',
  malformed: 'The playback token is not valid. Start the stream again.',
  signature: 'The playback token is not valid. Start the stream again.',
  expired: 'The playback token has expired. Renew it, or start the stream again.',
  channel: 'The playback token is for another channel.',
  network: 'The playback token was issued to another network. Renew it from this one.',
};

export class PlaybackTokens {
  constructor(private readonly key: Uint8Array) {}

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }

  sign(claims: PlaybackClaims): string {
    const wire: WirePayload = {
      v: 2,
      sid: claims.streamId,
      uid: claims.userId,
      did: claims.vidictId,
      ch: claims.channelId,
      exp: claims.expiresAt,
      net: claims.network,
      mv: claims.moves,
    };
    const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /**
   * The claims of a genuine, unexpired token for `channelId` used from its own network block
   * (`network`, the requester's: playback-network.ts), or what is wrong with it. A version 1
   * token (before decision 401, bound to no network) is malformed: the player renews it.
   */
  verify(
    token: string | undefined,
    channelId: string,
    nowMs: number,
    network: string,
  ): { ok: true; claims: PlaybackClaims } | { ok: false; problem: TokenProblem } {
    if (!token) return { ok: false, problem: 'missing' };
    const dot = token.indexOf('.');
    if (dot <= 0 || token.length > 1024) return { ok: false, problem: 'malformed' };
    const payload = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = this.mac(payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { ok: false, problem: 'signature' };
    let wire: WirePayload;
    try {
      wire = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as WirePayload;
    } catch {
      return { ok: false, problem: 'malformed' };
    }
    if (wire.v !== 2 || typeof wire.exp !== 'number' || typeof wire.mv !== 'number')
      return { ok: false, problem: 'malformed' };
    if (wire.exp * 1000 <= nowMs) return { ok: false, problem: 'expired' };
    if (wire.ch !== channelId) return { ok: false, problem: 'channel' };
    if (wire.net !== network) return { ok: false, problem: 'network' };
    return {
      ok: true,
      claims: {
        streamId: wire.sid,
        userId: wire.uid,
        vidictId: wire.did,
        channelId: wire.ch,
        expiresAt: wire.exp,
        network: wire.net,
        moves: wire.mv,
      },
    };
  }
}
