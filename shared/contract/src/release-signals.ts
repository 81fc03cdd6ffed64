import type { RemoteName } from './release-map';

/**
 * Real-user signals per remote and version (issue 14, decision 131): the shell sends them in
 * batches with sendBeacon to the site's own origin; the release service counts them and the
 * canary guard judges canaries by them (decision 141).
 */
export const SIGNALS_PATH = '/_ops/signals';

/**
 * - `view`: the shell started showing a remote for a route;
 * - `load-failure`: the release map's version of it failed to load (retries included);
 * - `fallback`: the shell served the fallback version instead;
 * - `crash`: the remote's error boundary caught an error;
 * - `vital`: a web vital (`name`, `value`) of a page while the remote served its route.
 */
export const SIGNAL_KINDS = ['view', 'load-failure', 'fallback', 'crash', 'vital'] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** LCP and INP in milliseconds, CLS unitless (web.dev's definitions). */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** One batch carries at most this many events. */
export const MAX_SIGNALS_PER_BATCH = 50;

export interface SignalEvent {
  remote: RemoteName;
  /** The version the release map named for this browser (the one being judged). */
  version: string;
  kind: SignalKind;
  /** Vitals only. */
  name?: VitalName;
  value?: number;
}

export interface SignalBatch {
  events: SignalEvent[];
  /** The release proof naming the events' versions for this browser (decision 155). */
  proof?: string;
  /**
   * The signed-in viewer's access token (decision 411): only reports that carry one can veto a
   * version or roll a canary back; anonymous ones are a warning.
   */
  viewer?: string;
}
