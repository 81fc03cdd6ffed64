import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { VITAL_NAMES } from '@crease/contract';
import type { SignalEvent, VitalName } from '@crease/contract';
import { addReporter, mergeReporters } from './quorum';
import type { Reporter, Reporters } from './quorum';
import { VITAL_BOUNDS, bucketIndex, p75Of } from './signal-buckets';

/** One remote version's counts in one minute (what a file stores: never a raw event). */
export interface MinuteBucket {
  minute: string;
  remote: string;
  version: string;
  views: number;
  loadFailures: number;
  fallbacks: number;
  crashes: number;
  /** Histogram counts per vital over VITAL_BOUNDS (one more for the open last bucket). */
  vitals: Record<VitalName, number[]>;
  /** Who proved the load failures, crashes and fallbacks (hashed ids, decision 157). */
  reporters?: Reporters;
}

/** Per remote version, summed over every process and every minute asked for. */
export interface VersionSignals {
  remote: string;
  version: string;
  views: number;
  loadFailures: number;
  fallbacks: number;
  crashes: number;
  vitals: Record<VitalName, { count: number; p75: number | null }>;
  /** Distinct browsers and networks behind the failures and fallbacks (capped, decision 157). */
  badBrowsers: number;
  badNetworks: number;
  /** Signed-in viewers behind them, and their networks (decision 411). */
  badAccounts: number;
  badAccountNetworks: number;
  firstAt: string;
  lastAt: string;
}

/** Events refused, by reason, since each process started (shown by the console and status). */
export interface DroppedSignals {
  invalid: number;
  unknownVersion: number;
  oversized: number;
  rateLimited: number;
  /** No release proof (the static tier's pages carry none, or a forged beacon; decision 155). */
  unsigned: number;
  /** A proof the edge did not sign. */
  forgedProof: number;
  expiredProof: number;
  /** A version the proof's browser was not served. */
  notServed: number;
  /** Beyond one browser's or one network's weight (decision 157). */
  overweight: number;
}

export const noDroppedSignals = (): DroppedSignals => ({
  invalid: 0,
  unknownVersion: 0,
  oversized: 0,
  rateLimited: 0,
  unsigned: 0,
  forgedProof: 0,
  expiredProof: 0,
  notServed: 0,
  overweight: 0,
});

export const DEFAULT_SIGNALS_RETENTION_HOURS = 168;
/** Distinct remote+version+minute buckets one process keeps per hour; beyond, events are dropped. */
export const MAX_BUCKETS_PER_HOUR = 5000;

const HOUR_DIR = /^\d{4}-\d{2}-\d{2}T\d{2}$/;
const signalsDir = (registryDir: string) => path.join(registryDir, 'signals');
const hourOf = (at: Date) => at.toISOString().slice(0, 13);
const minuteOf = (at: Date) => `${at.toISOString().slice(0, 16)}:00.000Z`;
const emptyVitals = () =>
  Object.fromEntries(
    VITAL_NAMES.map((name) => [name, new Array<number>(VITAL_BOUNDS[name].length + 1).fill(0)]),
  ) as Record<VitalName, number[]>;

function writeAtomically(file: string, body: unknown) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.tmp`;
  fs.writeFileSync(temp, JSON.stringify(body));
  fs.renameSync(temp, file);
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null; // missing, or being replaced right now: read again next time
  }
}

function listDir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

export interface SignalStoreOptions {
  registryDir: string;
  flushMs?: number;
  retentionHours?: number;
  now?: () => Date;
  /** Runs after each flush that wrote new counts (the canary guard looks then). */
  onFlush?: () => void;
}

/**
 * Counts accepted signals per remote, version and minute in memory, and writes this process's
 * own file per hour (`signals/<hour>/<instance>.json`, atomic replace) at most every `flushMs`,
 * so a burst costs one small write and replicas never overwrite each other. Hours older than
 * the retention are deleted at flush; readers ignore them too.
 */
export class SignalStore {
  readonly instance = `${Date.now()}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
  private readonly hours = new Map<string, Map<string, MinuteBucket>>();
  private readonly dirty = new Set<string>();
  private readonly dropped: DroppedSignals = noDroppedSignals();
  private droppedDirty = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly flushMs: number;
  private readonly retentionMs: number;

  constructor(private readonly options: SignalStoreOptions) {
    this.flushMs = options.flushMs ?? 250;
    this.retentionMs = (options.retentionHours ?? DEFAULT_SIGNALS_RETENTION_HOURS) * 3_600_000;
  }

  private now() {
    return this.options.now?.() ?? new Date();
  }

  /**
   * Counts one valid event; false when this hour already holds too many distinct buckets.
   * `reporter` (hashed ids from its release proof) is kept for failures and fallbacks.
   */
  record(event: SignalEvent, reporter?: Reporter): boolean {
    const at = this.now();
    const hour = hourOf(at);
    let buckets = this.hours.get(hour);
    if (!buckets) {
      buckets = new Map();
      this.hours.set(hour, buckets);
    }
    const minute = minuteOf(at);
    const key = `${minute}|${event.remote}|${event.version}`;
    let bucket = buckets.get(key);
    if (!bucket) {
      if (buckets.size >= MAX_BUCKETS_PER_HOUR) {
        this.drop('rateLimited');
        return false;
      }
      bucket = {
        minute,
        remote: event.remote,
        version: event.version,
        views: 0,
        loadFailures: 0,
        fallbacks: 0,
        crashes: 0,
        vitals: emptyVitals(),
      };
      buckets.set(key, bucket);
    }
    switch (event.kind) {
      case 'view':
        bucket.views += 1;
        break;
      case 'load-failure':
        bucket.loadFailures += 1;
        break;
      case 'fallback':
        bucket.fallbacks += 1;
        break;
      case 'crash':
        bucket.crashes += 1;
        break;
      case 'vital':
        bucket.vitals[event.name!][bucketIndex(event.name!, event.value!)]! += 1;
        break;
    }
    if (reporter && event.kind !== 'view' && event.kind !== 'vital') {
      bucket.reporters ??= { browsers: [], networks: [] };
      addReporter(bucket.reporters, reporter);
    }
    this.dirty.add(hour);
    this.schedule();
    return true;
  }

  drop(reason: keyof DroppedSignals, count = 1): void {
    this.dropped[reason] += count;
    this.droppedDirty = true;
    this.schedule();
  }

  private schedule() {
    this.timer ??= setTimeout(() => this.flush(), this.flushMs);
    // Optional: a browser-like test environment's timers are numbers (the console's tests).
    this.timer.unref?.();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const dir = signalsDir(this.options.registryDir);
    const wrote = this.dirty.size > 0;
    for (const hour of this.dirty) {
      const buckets = [...(this.hours.get(hour)?.values() ?? [])];
      writeAtomically(path.join(dir, hour, `${this.instance}.json`), {
        instance: this.instance,
        buckets,
      });
    }
    this.dirty.clear();
    if (this.droppedDirty) {
      writeAtomically(path.join(dir, 'dropped', `${this.instance}.json`), {
        updatedAt: this.now().toISOString(),
        dropped: this.dropped,
      });
      this.droppedDirty = false;
    }
    this.expire();
    if (wrote) this.options.onFlush?.();
  }

  /** Bounded retention: hours past it leave memory and disk. */
  private expire() {
    const oldest = hourOf(new Date(this.now().getTime() - this.retentionMs));
    const current = hourOf(this.now());
    for (const hour of this.hours.keys()) {
      // Memory keeps only the hour being written and the one before (late flushes).
      if (hour < current && hour !== hourOf(new Date(this.now().getTime() - 3_600_000)))
        this.hours.delete(hour);
    }
    const dir = signalsDir(this.options.registryDir);
    for (const name of listDir(dir)) {
      if (HOUR_DIR.test(name) && name < oldest)
        fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

/**
 * Every process's minute buckets (one per process, remote, version and minute) from floor(since)
 * on, never past the retention; `remote` narrows to one remote. Totals and series read this.
 */
export function* readMinuteBuckets(
  registryDir: string,
  options: { since?: Date; remote?: string; now?: Date; retentionHours?: number } = {},
): Generator<MinuteBucket> {
  const now = options.now ?? new Date();
  const retentionMs = (options.retentionHours ?? DEFAULT_SIGNALS_RETENTION_HOURS) * 3_600_000;
  const oldest = new Date(Math.max(now.getTime() - retentionMs, options.since?.getTime() ?? 0));
  const fromMinute = minuteOf(oldest);
  const fromHour = hourOf(oldest);
  const dir = signalsDir(registryDir);
  for (const hour of listDir(dir)) {
    if (!HOUR_DIR.test(hour) || hour < fromHour) continue;
    for (const name of listDir(path.join(dir, hour))) {
      if (!name.endsWith('.json')) continue;
      const file = readJson<{ buckets?: MinuteBucket[] }>(path.join(dir, hour, name));
      for (const bucket of Array.isArray(file?.buckets) ? file.buckets : []) {
        if (bucket.minute < fromMinute) continue;
        if (options.remote !== undefined && bucket.remote !== options.remote) continue;
        yield bucket;
      }
    }
  }
}

/**
 * Every process's counts, summed per remote version, for the minutes from floor(since) on (and
 * never past the retention). `remote` narrows to one remote.
 */
export function readSignalTotals(
  registryDir: string,
  options: {
    since?: Date;
    remote?: string;
    now?: Date;
    retentionHours?: number;
  } = {},
): VersionSignals[] {
  const totals = new Map<
    string,
    { sums: VersionSignals; vitals: Record<VitalName, number[]>; who: Reporters }
  >();
  for (const bucket of readMinuteBuckets(registryDir, options)) {
    const key = `${bucket.remote}@${bucket.version}`;
    let total = totals.get(key);
    if (!total) {
      total = {
        sums: {
          remote: bucket.remote,
          version: bucket.version,
          views: 0,
          loadFailures: 0,
          fallbacks: 0,
          crashes: 0,
          vitals: {
            LCP: { count: 0, p75: null },
            INP: { count: 0, p75: null },
            CLS: { count: 0, p75: null },
          },
          badBrowsers: 0,
          badNetworks: 0,
          badAccounts: 0,
          badAccountNetworks: 0,
          firstAt: bucket.minute,
          lastAt: bucket.minute,
        },
        vitals: emptyVitals(),
        who: { browsers: [], networks: [] },
      };
      totals.set(key, total);
    }
    const sums = total.sums;
    sums.views += bucket.views;
    sums.loadFailures += bucket.loadFailures;
    sums.fallbacks += bucket.fallbacks;
    sums.crashes += bucket.crashes;
    if (bucket.reporters) mergeReporters(total.who, bucket.reporters);
    if (bucket.minute < sums.firstAt) sums.firstAt = bucket.minute;
    if (bucket.minute > sums.lastAt) sums.lastAt = bucket.minute;
    for (const vital of VITAL_NAMES) {
      (bucket.vitals?.[vital] ?? []).forEach((n, i) => {
        if (i < total.vitals[vital].length) total.vitals[vital][i]! += n;
      });
    }
  }
  return [...totals.values()]
    .map(({ sums, vitals, who }) => {
      sums.badBrowsers = who.browsers.length;
      sums.badNetworks = who.networks.length;
      sums.badAccounts = who.accounts?.length ?? 0;
      sums.badAccountNetworks = who.accountNetworks?.length ?? 0;
      for (const vital of VITAL_NAMES) {
        sums.vitals[vital] = {
          count: vitals[vital].reduce((a, b) => a + b, 0),
          p75: p75Of(vital, vitals[vital]),
        };
      }
      return sums;
    })
    .sort((a, b) =>
      a.remote === b.remote ? (a.lastAt < b.lastAt ? 1 : -1) : a.remote < b.remote ? -1 : 1,
    );
}

/** Dropped events summed over every process seen within the retention. */
export function readDroppedSignals(
  registryDir: string,
  options: { now?: Date; retentionHours?: number } = {},
): DroppedSignals {
  const totals = noDroppedSignals();
  const now = options.now ?? new Date();
  const oldest =
    now.getTime() - (options.retentionHours ?? DEFAULT_SIGNALS_RETENTION_HOURS) * 3_600_000;
  const dir = path.join(signalsDir(registryDir), 'dropped');
  for (const name of listDir(dir)) {
    if (!name.endsWith('.json')) continue;
    const file = readJson<{ updatedAt?: string; dropped?: Partial<DroppedSignals> }>(
      path.join(dir, name),
    );
    if (!file || Date.parse(file.updatedAt ?? '') < oldest) continue;
    for (const reason of Object.keys(totals) as (keyof DroppedSignals)[]) {
      const n = file.dropped?.[reason];
      if (typeof n === 'number' && Number.isFinite(n)) totals[reason] += n;
    }
  }
  return totals;
}
