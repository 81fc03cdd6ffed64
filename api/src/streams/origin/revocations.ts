/**
 * Every API replica's memory of revoked playback (decision 355): the streams closed, the streams
 * moved to another network (decision 401) and the devices signed out lately, polled from the `playback_revocations` log (written by triggers on
 * `streams` and `devices`, so every path that ends a grant is in it). The CDN's token checks are
 * then answered without a database read: a genuine token plays unless its stream or its device
 * is in memory. Memory answers only while the last poll that succeeded started less than
 * `freshMs` ago on the API clock; otherwise the caller reads the database (stream-standing.ts),
 * as before. A revocation committed at t is therefore refused by every replica by t + pollMs +
 * the poll's own time (memory) or t + freshMs + the standing's TTL (failing over), both well
 * inside decision 151's 10 s with the CDN's cache.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { PreparedQuery } from '../../platform/db/client';
import type { PlaybackClaims } from '../playback-token';
import type { StreamStanding } from './stream-standing';

/** How often each replica reads the log. */
export const REVOCATION_POLL_MS = 1_000;
/** Memory answers only while its last successful poll started within this (API clock). */
export const REVOCATIONS_FRESH_MS = 2_000;

/**
 * One round trip: what was logged by transactions from `$1` (the oldest one running at the
 * previous poll) on, and the oldest transaction running now. A transaction that logged before
 * the previous poll but committed after it is read now, not lost (a log read by time would miss
 * it). Older than `$2` seconds no longer matters: every token it could refuse has expired.
 */
const POLL_SQL = `WITH horizon AS (SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin)
SELECT h.xmin AS horizon, r.id::text AS id, r.txid::text AS txid, r.kind,
    r.user_id, r.vidict_id, r.stream_id, r.moves
  FROM horizon h LEFT JOIN playback_revocations r
    ON r.txid >= $1::bigint AND r.logged_at > clock_timestamp() - $2::int * interval '1 second'
  ORDER BY r.id`;

interface LoggedRow {
  horizon: string;
  id: string | null;
  txid: string | null;
  kind: 'stream-closed' | 'device-signed-out' | 'device-registered' | 'stream-moved' | null;
  user_id: string | null;
  vidict_id: string | null;
  stream_id: string | null;
  moves: number | null;
}

const deviceKey = (userId: string, vidictId: string) => `${userId} ${vidictId}`;

export interface RevocationOptions {
  /** How long a revocation is remembered: longer than any token it refuses can live. */
  retainMs: number;
  pollMs?: number;
  freshMs?: number;
}

export class PlaybackRevocations {
  /** Stream id → when this replica learned it was closed (API clock). */
  private readonly closedStreams = new Map<string, number>();
  /** Stream id → its latest move count, and when this replica learned it (decision 401). */
  private readonly movedStreams = new Map<string, { moves: number; at: number }>();
  /** "userId vidictId" → when this replica learned the device was signed out. */
  private readonly signedOut = new Map<string, number>();
  /** The next poll reads from this transaction id on. */
  private horizon = 0;
  /** Ids already applied that the next poll reads again (their transaction ≥ the horizon). */
  private applied = new Set<number>();
  private polledAt: number | null = null;
  private sweptAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private failing = false;
  private readonly pollMs: number;
  private readonly freshMs: number;

  constructor(
    private readonly prepared: PreparedQuery,
    private readonly now: () => number,
    private readonly options: RevocationOptions,
  ) {
    this.pollMs = options.pollMs ?? REVOCATION_POLL_MS;
    this.freshMs = options.freshMs ?? REVOCATIONS_FRESH_MS;
  }

  /** The token's standing from memory, or null when memory is too old to say (read the DB). */
  standing(claims: PlaybackClaims, nowMs: number): StreamStanding | null {
    const at = this.polledAt;
    // A clock moved back (tests) makes a poll from "the future" stale too.
    if (at === null || nowMs < at || nowMs - at >= this.freshMs) return null;
    // Signed out first: a device's sign-out also ends its sessions' streams (decision 400),
    // and "signed out" is the reason the viewer needs to hear.
    if (this.signedOut.has(deviceKey(claims.userId, claims.vidictId))) return 'signed-out';
    if (this.closedStreams.has(claims.streamId)) return 'closed';
    if ((this.movedStreams.get(claims.streamId)?.moves ?? 0) > claims.moves) return 'moved';
    return 'open';
  }

  /** Reads what was logged since the previous poll into memory. */
  async poll(): Promise<void> {
    const startedAt = this.now();
    const retainSeconds = Math.ceil(this.options.retainMs / 1000);
    const rows = await this.prepared<LoggedRow>('crease_playback_revocations', POLL_SQL, [
      this.horizon,
      retainSeconds,
    ]);
    const horizon = Number(rows[0]?.horizon ?? this.horizon);
    const readAgain = new Set<number>();
    for (const row of rows) {
      if (row.id === null) continue;
      const id = Number(row.id);
      if (Number(row.txid) >= horizon) readAgain.add(id);
      if (!this.applied.has(id)) this.apply(row, startedAt);
    }
    this.applied = readAgain;
    this.horizon = horizon;
    this.polledAt = startedAt;
    if (startedAt - this.sweptAt >= 10_000) this.forget(startedAt);
  }

  start(log: FastifyBaseLogger): void {
    const tick = () => {
      this.running = this.poll()
        .then(() => {
          if (this.failing) log.warn('playback revocations: polling again');
          this.failing = false;
        })
        .catch((error: unknown) => {
          // Memory goes stale and the origin reads the database per stream (stream-standing.ts).
          if (!this.failing) log.warn({ err: error }, 'playback revocations: poll failed');
          this.failing = true;
        })
        .finally(() => {
          this.running = null;
          if (this.timer) this.timer = setTimeout(tick, this.pollMs).unref();
        });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private apply(row: LoggedRow, at: number) {
    if (row.kind === 'stream-closed' && row.stream_id) this.closedStreams.set(row.stream_id, at);
    if (row.kind === 'stream-moved' && row.stream_id) {
      const moves = Number(row.moves ?? 0);
      const known = this.movedStreams.get(row.stream_id)?.moves ?? 0;
      if (moves > known) this.movedStreams.set(row.stream_id, { moves, at });
    }
    if (!row.user_id || !row.vidict_id) return;
    const key = deviceKey(row.user_id, row.vidict_id);
    if (row.kind === 'device-signed-out') this.signedOut.set(key, at);
    // Registered again: its open streams play again, as the database read says (decision 151).
    if (row.kind === 'device-registered') this.signedOut.delete(key);
  }

  private forget(nowMs: number) {
    this.sweptAt = nowMs;
    for (const remembered of [this.closedStreams, this.signedOut])
      for (const [key, at] of remembered)
        if (nowMs - at > this.options.retainMs) remembered.delete(key);
    for (const [key, { at }] of this.movedStreams)
      if (nowMs - at > this.options.retainMs) this.movedStreams.delete(key);
  }
}
