/**
 * What reached the API processes, read from their request logs (one line per response at the
 * production level, decision 017): every request, and among them the CDN's token checks (its
 * cached auth subrequest, docs/streams.md) and its cache misses for media. The viewers' own API
 * calls are counted by the generator; these two arrive from nginx, so only the log sees them.
 */
import fs from 'node:fs';

export interface ApiLogCounts {
  requests: number;
  /** `live/<app>/<channel>/access`: the CDN asking whether a token may play. */
  tokenChecks: number;
  /** Other `live/…` requests: playlists and segments the CDN did not have cached. */
  originFetches: number;
}

export class ApiLogCounter {
  private readonly offsets = new Map<string, number>();
  private readonly totals: ApiLogCounts = { requests: 0, tokenChecks: 0, originFetches: 0 };
  /** A line cut by the end of the last read, per file. */
  private readonly partial = new Map<string, string>();

  constructor(private readonly files: () => string[]) {}

  /** Counts since the start (reads only what was appended since the last call). */
  read(): ApiLogCounts {
    for (const file of this.files()) {
      if (!fs.existsSync(file)) continue;
      const from = this.offsets.get(file) ?? 0;
      const size = fs.statSync(file).size;
      if (size <= from) continue;
      const fd = fs.openSync(file, 'r');
      const buffer = Buffer.alloc(size - from);
      fs.readSync(fd, buffer, 0, buffer.length, from);
      fs.closeSync(fd);
      this.offsets.set(file, size);
      const lines = ((this.partial.get(file) ?? '') + buffer.toString('utf8')).split('\n');
      this.partial.set(file, lines.pop() ?? '');
      for (const line of lines) {
        if (!line.includes('"request completed"')) continue;
        this.totals.requests += 1;
        const url = /"url":"([^"]*)"/.exec(line)?.[1] ?? '';
        if (!url.startsWith('/live/')) continue;
        if (/^\/live\/[^/]+\/[^/]+\/access\?/.test(url)) this.totals.tokenChecks += 1;
        else this.totals.originFetches += 1;
      }
    }
    return { ...this.totals };
  }
}
