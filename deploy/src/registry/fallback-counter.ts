import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** How often a viewer's browser fell back from a failed live version to the last-known-good. */
export interface FallbackCount {
  remote: string;
  failedVersion: string;
  fallbackVersion: string;
  count: number;
  lastAt: string;
}

interface CounterFile {
  instance: string;
  updatedAt: string;
  counts: FallbackCount[];
}

/** A hostile client cannot grow a counter file without bound: new keys beyond this are dropped. */
export const MAX_FALLBACK_KEYS = 500;

const fallbacksDir = (registryDir: string) => path.join(registryDir, 'fallbacks');

/**
 * The counts every edge process has recorded, summed per remote + failed version. Each process
 * writes only its own file, so replicas and restarts never overwrite each other's counts.
 */
export function readFallbackCounts(registryDir: string): FallbackCount[] {
  const dir = fallbacksDir(registryDir);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const totals = new Map<string, FallbackCount>();
  for (const name of names) {
    let file: CounterFile;
    try {
      file = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as CounterFile;
    } catch {
      continue; // a file being replaced right now is read again next time
    }
    for (const count of Array.isArray(file.counts) ? file.counts : []) {
      const key = `${count.remote}@${count.failedVersion}`;
      const total = totals.get(key);
      if (!total) totals.set(key, { ...count });
      else {
        total.count += count.count;
        if (count.lastAt > total.lastAt) {
          total.lastAt = count.lastAt;
          total.fallbackVersion = count.fallbackVersion;
        }
      }
    }
  }
  return [...totals.values()].sort((a, b) => b.count - a.count);
}

/**
 * Counts fallback ops events in memory and flushes them to this process's own file in the
 * registry (atomic replace) at most every `flushMs`, so a burst of events costs one write.
 */
export class FallbackCounter {
  private readonly counts = new Map<string, FallbackCount>();
  private readonly file: string;
  private timer: NodeJS.Timeout | null = null;
  /** A remote + version counted for the first time since the last flush. */
  private newKeys = false;

  /**
   * `onNewFailures` runs after a flush that wrote a version not counted before: the registry
   * then re-derives each remote's last-known-good (a version with fallbacks never qualifies).
   */
  constructor(
    registryDir: string,
    private readonly flushMs = 500,
    private readonly onNewFailures: () => void = () => {},
  ) {
    const instance = `${Date.now()}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
    this.file = path.join(fallbacksDir(registryDir), `${instance}.json`);
  }

  /** False when the event was dropped because this process already tracks too many keys. */
  record(remote: string, failedVersion: string, fallbackVersion: string): boolean {
    const key = `${remote}@${failedVersion}`;
    const now = new Date().toISOString();
    const count = this.counts.get(key);
    if (count) {
      count.count += 1;
      count.lastAt = now;
      count.fallbackVersion = fallbackVersion;
    } else {
      if (this.counts.size >= MAX_FALLBACK_KEYS) return false;
      this.counts.set(key, { remote, failedVersion, fallbackVersion, count: 1, lastAt: now });
      this.newKeys = true;
    }
    this.timer ??= setTimeout(() => this.flush(), this.flushMs);
    this.timer.unref();
    return true;
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.counts.size === 0) return;
    const body: CounterFile = {
      instance: path.basename(this.file, '.json'),
      updatedAt: new Date().toISOString(),
      counts: [...this.counts.values()],
    };
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.tmp`;
    fs.writeFileSync(temp, JSON.stringify(body));
    fs.renameSync(temp, this.file);
    if (this.newKeys) {
      this.newKeys = false;
      this.onNewFailures();
    }
  }
}
