/**
 * What reached the API processes from the CDN, which only nginx and the API see: the CDN's token
 * checks (its cached auth subrequest, docs/streams.md) from nginx's token-check log, those its
 * cache answered and those that asked an API; and the API's request lines (one per response at
 * the production level, decision 017; the token checks are not among them, decision 311), among
 * them the CDN's media cache misses.
 */
import fs from 'node:fs';

export interface ApiLogCounts {
  /** Request lines the API processes logged. */
  requests: number;
  /** Token checks the CDN made, and those that reached an API (not answered from its cache). */
  tokenChecks: number;
  tokenChecksToApi: number;
  /** `live/…` requests the API logged: playlists and segments the CDN did not have cached. */
  originFetches: number;
}

/** Reads what was appended to a file since the last call, in whole lines. */
class Tail {
  private offset = 0;
  private partial = '';

  constructor(readonly file: string) {}

  lines(): string[] {
    if (!fs.existsSync(this.file)) return [];
    const size = fs.statSync(this.file).size;
    if (size <= this.offset) return [];
    const fd = fs.openSync(this.file, 'r');
    const buffer = Buffer.alloc(size - this.offset);
    fs.readSync(fd, buffer, 0, buffer.length, this.offset);
    fs.closeSync(fd);
    this.offset = size;
    const lines = (this.partial + buffer.toString('utf8')).split('\n');
    this.partial = lines.pop() ?? '';
    return lines;
  }
}

export class ApiLogCounter {
  private readonly apiTails = new Map<string, Tail>();
  private readonly checks: Tail;
  private readonly totals: ApiLogCounts = {
    requests: 0,
    tokenChecks: 0,
    tokenChecksToApi: 0,
    originFetches: 0,
  };

  constructor(
    private readonly apiFiles: () => string[],
    tokenCheckFile: string,
  ) {
    this.checks = new Tail(tokenCheckFile);
  }

  /** Counts since the start (reads only what was appended since the last call). */
  read(): ApiLogCounts {
    for (const file of this.apiFiles()) {
      let tail = this.apiTails.get(file);
      if (!tail) this.apiTails.set(file, (tail = new Tail(file)));
      for (const line of tail.lines()) {
        if (!line.includes('"request completed"')) continue;
        this.totals.requests += 1;
        if (/"url":"\/live\//.test(line)) this.totals.originFetches += 1;
      }
    }
    for (const line of this.checks.lines()) {
      // "<msec> <cache status> <status>"
      const cache = line.split(' ')[1];
      if (!cache) continue;
      this.totals.tokenChecks += 1;
      if (cache !== 'HIT') this.totals.tokenChecksToApi += 1;
    }
    return { ...this.totals };
  }
}
