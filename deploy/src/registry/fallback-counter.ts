import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_QUORUM, addReporter, mergeReporters } from '../signals/quorum';
import type { Quorum, Reporter, Reporters } from '../signals/quorum';
import { judgeVeto } from './veto';
import type { VetoContext } from './veto';

/** How often a viewer's browser fell back from a failed live version to the last-known-good. */
export interface FallbackCount {
  remote: string;
  failedVersion: string;
  fallbackVersion: string;
  count: number;
  lastAt: string;
  /**
   * The distinct browsers and networks whose proven reports these are (decision 157). Absent on
   * counts recorded before reports carried proofs: those keep their veto, as before.
   */
  reporters?: Reporters;
  /** Set when read: whether these fallbacks veto the version as a last-known-good. */
  vetoes?: boolean;
  /**
   * Set when read: why they do not (decision 411): `anonymous` (a quorum of browsers, but too
   * few signed-in viewers: shown as a warning), `few`, `expired` or `cleared`.
   */
  notVetoing?: 'anonymous' | 'few' | 'expired' | 'cleared';
}

/** Reports refused, by reason (decision 155): forged, expired or for a version not served. */
export type DroppedFallbacks = Record<
  'invalid' | 'unsigned' | 'forgedProof' | 'expiredProof' | 'notServed' | 'overweight',
  number
>;

interface CounterFile {
  instance: string;
  updatedAt: string;
  counts: FallbackCount[];
  dropped?: Partial<DroppedFallbacks>;
}

/** A hostile client cannot grow a counter file without bound: new keys beyond this are dropped. */
export const MAX_FALLBACK_KEYS = 500;

const fallbacksDir = (registryDir: string) => path.join(registryDir, 'fallbacks');

function readCounterFiles(registryDir: string): CounterFile[] {
  const dir = fallbacksDir(registryDir);
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const files: CounterFile[] = [];
  for (const name of names) {
    try {
      files.push(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as CounterFile);
    } catch {
      // a file being replaced right now is read again next time
    }
  }
  return files;
}

/**
 * The counts every edge process has recorded, summed per remote + failed version. Each process
 * writes only its own file, so replicas and restarts never overwrite each other's counts. A
 * count vetoes its version (decision 060) once its reporters, across every process, reach the
 * quorum (decision 157); a count from before proofs (no reporters) vetoes as it always did.
 */
export function readFallbackCounts(
  registryDir: string,
  quorum: Quorum = DEFAULT_QUORUM,
  context: VetoContext = {},
): FallbackCount[] {
  const totals = new Map<string, FallbackCount & { legacy: boolean; who: Reporters }>();
  for (const file of readCounterFiles(registryDir)) {
    for (const count of Array.isArray(file.counts) ? file.counts : []) {
      const key = `${count.remote}@${count.failedVersion}`;
      let total = totals.get(key);
      if (!total) {
        const { reporters: _r, vetoes: _v, ...plain } = count;
        total = { ...plain, count: 0, legacy: false, who: { browsers: [], networks: [] } };
        totals.set(key, total);
      }
      total.count += count.count;
      if (count.lastAt > total.lastAt) {
        total.lastAt = count.lastAt;
        total.fallbackVersion = count.fallbackVersion;
      }
      if (count.reporters) mergeReporters(total.who, count.reporters);
      else if (count.count > 0) total.legacy = true;
    }
  }
  return [...totals.values()]
    .map(({ legacy, who, ...count }) => {
      const veto = judgeVeto({ ...count, legacy, reporters: who }, quorum, context);
      return {
        ...count,
        ...(legacy ? {} : { reporters: who }),
        vetoes: veto === true,
        ...(veto === true ? {} : { notVetoing: veto }),
      };
    })
    .sort((a, b) => b.count - a.count);
}

/** Fallback reports every process refused, by reason. */
export function readDroppedFallbacks(registryDir: string): DroppedFallbacks {
  const totals = emptyDropped();
  for (const file of readCounterFiles(registryDir)) {
    for (const reason of Object.keys(totals) as (keyof DroppedFallbacks)[]) {
      const n = file.dropped?.[reason];
      if (typeof n === 'number' && Number.isFinite(n)) totals[reason] += n;
    }
  }
  return totals;
}

const emptyDropped = (): DroppedFallbacks => ({
  invalid: 0,
  unsigned: 0,
  forgedProof: 0,
  expiredProof: 0,
  notServed: 0,
  overweight: 0,
});

/**
 * Counts fallback ops events in memory and flushes them to this process's own file in the
 * registry (atomic replace) at most every `flushMs`, so a burst of events costs one write.
 */
export class FallbackCounter {
  private readonly counts = new Map<string, FallbackCount>();
  private readonly dropped = emptyDropped();
  private droppedDirty = false;
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

  /**
   * False when the event was dropped because this process already tracks too many keys.
   * `reporter` is who proved it (the ops endpoint always passes one, decision 155); a
   * reporter new to this count may make it reach the quorum, so it re-derives the map too.
   */
  record(
    remote: string,
    failedVersion: string,
    fallbackVersion: string,
    reporter?: Reporter,
  ): boolean {
    const key = `${remote}@${failedVersion}`;
    const now = new Date().toISOString();
    let count = this.counts.get(key);
    if (count) {
      count.count += 1;
      count.lastAt = now;
      count.fallbackVersion = fallbackVersion;
    } else {
      if (this.counts.size >= MAX_FALLBACK_KEYS) return false;
      count = { remote, failedVersion, fallbackVersion, count: 1, lastAt: now };
      if (reporter) count.reporters = { browsers: [], networks: [] };
      this.counts.set(key, count);
      this.newKeys = true;
    }
    if (reporter && count.reporters) {
      const size = (r: Reporters) =>
        r.browsers.length + r.networks.length + (r.accounts?.length ?? 0);
      const before = size(count.reporters);
      addReporter(count.reporters, reporter);
      if (size(count.reporters) > before) this.newKeys = true;
    }
    this.schedule();
    return true;
  }

  /** A report refused (decision 155), counted by reason in this process's file. */
  drop(reason: keyof DroppedFallbacks): void {
    this.dropped[reason] += 1;
    this.droppedDirty = true;
    this.schedule();
  }

  private schedule() {
    this.timer ??= setTimeout(() => this.flush(), this.flushMs);
    // (Node's timers have unref; a browser-like test environment's numbers do not.)
    (this.timer as { unref?: () => void }).unref?.();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.counts.size === 0 && !this.droppedDirty) return;
    this.droppedDirty = false;
    const body: CounterFile = {
      instance: path.basename(this.file, '.json'),
      updatedAt: new Date().toISOString(),
      counts: [...this.counts.values()],
      dropped: this.dropped,
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
