/**
 * Whether a playback token's stream may still play (decision 151). The token's mac and expiry
 * say it was issued; this says the stream was not closed (DELETE, a refused renewal, a lapse,
 * its session ended: decision 400), its device is still registered to the account (a device
 * sign-out), and it has not moved to another network since the token was issued (decision 401). The answer lives in
 * PostgreSQL, so every API replica sees a close made on any other; each process keeps an answer
 * for STANDING_TTL_MS, so a closed stream's token is refused within that time, and the origin's
 * hot path costs one indexed lookup per stream per few seconds, not one per request.
 */
import type { PreparedQuery } from '../../platform/db/client';
import type { PlaybackClaims } from '../playback-token';

export type StreamStanding = 'open' | 'closed' | 'signed-out' | 'moved';

/**
 * How long one process trusts an answer read from the database: the refusal delay at the
 * embedded origin when its polled memory of revocations is stale (revocations.ts answers within
 * REVOCATIONS_FRESH_MS otherwise). Both 2 s, so the CDN may keep a 204 for 6 s (decision 356).
 */
export const STANDING_TTL_MS = 2_000;

/**
 * How long a CDN edge may keep an access answer. nginx counts whole seconds, so a "6 s" answer
 * lives up to 7 s: with the origin's 2 s, a closed stream is refused at the edge within 9 s,
 * inside decision 151's 10 s. Six rather than five: a player reloading its playlist every 2 s
 * (decision 356's segments; 4 s since decision 383, checked every 8 s either way) is then checked
 * every 8 s, not every 6.
 */
export const EDGE_ACCESS_CACHE_SECONDS = 6;
/** Above this many remembered streams, answers older than the TTL are swept out. */
const SWEEP_AT = 20_000;

export const STANDING_MESSAGES: Record<Exclude<StreamStanding, 'open'>, string> = {
  closed: 'This stream has been closed. Start the stream again.',
  'signed-out': 'This device is signed out of the account. Sign in again to watch.',
  moved: 'This stream has moved to another network. Renew the token from this one.',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The stream's own account and device must match the token's: a row is never borrowed.
const STANDING_SQL = `SELECT s.ended_at IS NULL AS open, s.moves,
    EXISTS (SELECT 1 FROM devices d WHERE d.user_id = s.user_id AND d.vidict_id = s.vidict_id)
      AS registered
  FROM streams s
  WHERE s.id = $1 AND s.user_id = $2 AND s.vidict_id = $3`;

interface Remembered {
  at: number;
  standing: Promise<StreamStanding>;
}

export class StreamStandings {
  private readonly remembered = new Map<string, Remembered>();

  constructor(
    private readonly prepared: PreparedQuery,
    private readonly ttlMs = STANDING_TTL_MS,
  ) {}

  /** The stream's standing as of at most `ttlMs` before `nowMs` (concurrent asks share one read). */
  standing(claims: PlaybackClaims, nowMs: number): Promise<StreamStanding> {
    // Per stream and move count: the token a move issued is not refused for the one before it.
    const key = `${claims.streamId} ${claims.moves}`;
    const known = this.remembered.get(key);
    // A clock moved back (tests) makes an answer from "the future" stale too.
    if (known && nowMs >= known.at && nowMs - known.at < this.ttlMs) return known.standing;
    if (this.remembered.size >= SWEEP_AT) this.sweep(nowMs);
    const standing = this.read(claims);
    this.remembered.set(key, { at: nowMs, standing });
    // A failed read is not remembered: the next request asks again.
    standing.catch(() => {
      if (this.remembered.get(key)?.standing === standing) this.remembered.delete(key);
    });
    return standing;
  }

  private async read(claims: PlaybackClaims): Promise<StreamStanding> {
    // Only the API signs tokens, always with a uuid; anything else names no stream.
    if (!UUID.test(claims.streamId) || !UUID.test(claims.userId)) return 'closed';
    const [row] = await this.prepared<{ open: boolean; registered: boolean; moves: number }>(
      'crease_stream_standing',
      STANDING_SQL,
      [claims.streamId, claims.userId, claims.vidictId],
    );
    if (!row) return 'closed';
    // Signed out before closed: the sign-out ends its sessions' streams too (decision 400).
    if (!row.registered) return 'signed-out';
    if (!row.open) return 'closed';
    // A token from before the stream's latest move to another network (decision 401).
    return Number(row.moves) > claims.moves ? 'moved' : 'open';
  }

  private sweep(nowMs: number) {
    for (const [key, known] of this.remembered)
      if (nowMs < known.at || nowMs - known.at >= this.ttlMs) this.remembered.delete(key);
    // Still full of fresh answers (an abnormal burst): start over rather than grow without end.
    if (this.remembered.size >= SWEEP_AT) this.remembered.clear();
  }
}
