/**
 * Playback tokens (decision 112): `<payload>.<mac>`, both base64url, where the payload is
 * `{v, sid, uid, did, ch, exp}` (stream, account, device, channel, expiry in epoch seconds) and
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
}

interface WirePayload {
  v: 1;
  sid: string;
  uid: string;
  did: string;
  ch: string;
  exp: number;
}

export type TokenProblem = 'missing' | 'malformed' | 'signature' | 'expired' | 'channel';

export const TOKEN_PROBLEM_MESSAGES: Record<TokenProblem, string> = {
  missing: 'This stream address needs a playback token. Start the stream again.',
  malformed: 'The playback token is not valid. Start the stream again.',
  signature: 'The playback token is not valid. Start the stream again.',
  expired: 'The playback token has expired. Renew it, or start the stream again.',
  channel: 'The playback token is for another channel.',
};

export class PlaybackTokens {
  constructor(private readonly key: Uint8Array) {}

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }

  sign(claims: PlaybackClaims): string {
    const wire: WirePayload = {
      v: 1,
      sid: claims.streamId,
      uid: claims.userId,
      did: claims.vidictId,
      ch: claims.channelId,
      exp: claims.expiresAt,
    };
    const payload = Buffer.from(JSON.stringify(wire)).toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The claims of a genuine, unexpired token for `channelId`, or what is wrong with it. */
  verify(
    token: string | undefined,
    channelId: string,
    nowMs: number,
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
    if (wire.v !== 1 || typeof wire.exp !== 'number') return { ok: false, problem: 'malformed' };
    if (wire.exp * 1000 <= nowMs) return { ok: false, problem: 'expired' };
    if (wire.ch !== channelId) return { ok: false, problem: 'channel' };
    return {
      ok: true,
      claims: {
        streamId: wire.sid,
        userId: wire.uid,
        vidictId: wire.did,
        channelId: wire.ch,
        expiresAt: wire.exp,
      },
    };
  }
}
