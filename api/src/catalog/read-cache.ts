/**
 * Catalog reads, serialized once and shared (decision 071). Every viewer asks the same few
 * questions (the list, a league, an event), so the JSON text and its ETag are kept and concurrent
 * misses share one read. Every catalog write in this process clears the cache at once. How long
 * an entry may live otherwise depends on who else can write:
 * - PGlite: nobody (one process owns the folder, decision 010), so entries live until a write.
 *   This also matters for speed: PGlite runs queries on the API's own thread.
 * - PostgreSQL: other replicas, so entries live `ttlMs` (1 s by default) and another replica's
 *   write is seen within that. Past half its life an entry is refreshed ahead by one background
 *   read while it is still served (decision 087), so under steady traffic no request queues
 *   behind the once-a-second refresh, which otherwise set the p99 on PostgreSQL. The limit
 *   itself is unchanged: an entry older than `ttlMs` is never served.
 * Entries are bounded (oldest dropped first).
 */
import { createHash } from 'node:crypto';
import { monotonicMs } from '../platform/clock';

export interface CachedRead {
  body: string;
  etag: string;
  storedAt: number;
  /** The body gzipped, made on the first request that accepts it (a timeline is ~10x smaller). */
  gzipped?: Buffer;
}

const MAX_ENTRIES = 500;

export class CatalogReadCache {
  private readonly entries = new Map<string, CachedRead>();
  private readonly inFlight = new Map<string, Promise<CachedRead>>();
  /** Bumped by every write, so a read that started before it is not stored after it. */
  private generation = 0;

  /** ttlMs: null = until the next write; 0 = no caching at all. */
  constructor(private readonly ttlMs: number | null) {}

  async get(key: string, load: () => Promise<unknown>): Promise<CachedRead> {
    // Real time, not the catalog's injectable clock: this is about freshness, not match time.
    const now = monotonicMs();
    const hit = this.entries.get(key);
    const pending = this.inFlight.get(key);
    if (hit && (this.ttlMs === null || now - hit.storedAt < this.ttlMs)) {
      // Refresh ahead: past half its life, one background read replaces it before it expires.
      if (this.ttlMs !== null && now - hit.storedAt >= this.ttlMs / 2 && !pending)
        this.read(key, load, now).catch(() => undefined);
      return hit;
    }
    if (pending) return pending;
    return this.read(key, load, now);
  }

  /** One read of `key`, shared by every caller until it settles, and stored unless a write intervened. */
  private read(key: string, load: () => Promise<unknown>, now: number): Promise<CachedRead> {
    const generation = this.generation;
    const read = (async () => {
      const body = JSON.stringify(await load());
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      const entry = { body, etag, storedAt: now };
      if (this.ttlMs !== 0 && generation === this.generation) {
        this.entries.delete(key);
        this.entries.set(key, entry);
        if (this.entries.size > MAX_ENTRIES) {
          const oldest = this.entries.keys().next().value;
          if (oldest !== undefined) this.entries.delete(oldest);
        }
      }
      return entry;
    })().finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, read);
    return read;
  }

  /** After a write: nothing read before it is served again. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }
}

/** RFC 9110 If-None-Match: `*`, or a list of (weak or strong) tags, compared weakly. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
