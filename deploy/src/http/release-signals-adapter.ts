/**
 * The one place the release console's health endpoint reads real-user signals.
 *
 * INTEGRATOR: the signals helper's module (deploy/src/signals, `readSignalTotals`) is not on this
 * branch yet. Replace the body of `readVersionSignals` with
 *   `return { available: true, versions: readSignalTotals(registryDir, { remote }) };`
 * and the local `VersionSignals` type with the module's. Until then the console shows
 * "no signals recorded yet" and the fallback counts (which exist today).
 */
export type VitalName = 'LCP' | 'INP' | 'CLS';

/** The signals helper's per-version totals (shared brief, issue 14). */
export interface VersionSignals {
  remote: string;
  version: string;
  views: number;
  loadFailures: number;
  fallbacks: number;
  crashes: number;
  vitals: Record<VitalName, { count: number; p75: number | null }>;
  firstAt: string;
  lastAt: string;
}

export interface SignalsReading {
  /** False while the signals module is not wired in: the console says so instead of "0 views". */
  available: boolean;
  versions: VersionSignals[];
}

export function readVersionSignals(_registryDir: string, _remote?: string): SignalsReading {
  return { available: false, versions: [] };
}
