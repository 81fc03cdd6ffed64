import type { RemoteName, VitalName } from '@crease/contract';

/**
 * What the shell tells the release service about each remote version it shows (decision 131).
 * Versions are the ones the release map named for this browser: the versions being judged.
 */
export interface RemoteSignals {
  view(remote: RemoteName, version: string): void;
  loadFailure(remote: RemoteName, version: string): void;
  fallback(remote: RemoteName, version: string): void;
  crash(remote: RemoteName, version: string): void;
  vital(remote: RemoteName, version: string, name: VitalName, value: number): void;
}
