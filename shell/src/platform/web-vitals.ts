import type { RemoteName, VitalName } from '@crease/contract';

/** A remote and the version the release map named for this browser. */
export interface RemoteVersion {
  remote: RemoteName;
  version: string;
}

/** The remote serving the route now, or null (a shell page). */
export type CurrentRemote = () => RemoteVersion | null;
/** The version a remote is being served at, when it is a remote this page shows. */
export type RemoteByName = (name: string) => RemoteVersion | null;

type Report = (remote: RemoteName, version: string, name: VitalName, value: number) => void;

/** The name of the remote whose screen holds `node` (RemoteOutlet marks it `data-remote`). */
export function remoteNameOf(node: Node | null): string | undefined {
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  return element?.closest('[data-remote]')?.getAttribute('data-remote') ?? undefined;
}

/**
 * LCP, CLS and INP measured by Google's `web-vitals` library (decision 206), in its attribution
 * build, and charged to the remote that owns the element each is about: the library names that
 * element through `generateTarget`, which here answers with the remote's name (the LCP element,
 * the largest layout shift's source, the interaction's target). A vital whose element is gone or
 * belongs to the shell is charged to the remote showing when it is reported.
 *
 * The library is imported here, dynamically, so webpack puts it in a chunk of its own that the
 * shell loads once the page is idle: the first load of `/` does not carry it. Its observers are
 * `buffered`, so what happened before it arrived still counts. It reports each vital when the
 * page is hidden (LCP also at the first input), after the shell's signal queue may already have
 * sent its batch; `reported` runs after each, so the caller can send again.
 */
export async function observeWebVitals(
  current: CurrentRemote,
  byName: RemoteByName,
  report: Report,
  reported: () => void = () => undefined,
): Promise<void> {
  const { onCLS, onINP, onLCP } = await import(
    /* webpackChunkName: "web-vitals" */ 'web-vitals/attribution'
  );
  const charge = (name: VitalName, value: number, target: string | undefined) => {
    const at = (target !== undefined ? byName(target) : null) ?? current();
    if (!at) return;
    report(at.remote, at.version, name, value);
    reported();
  };
  const options = { generateTarget: remoteNameOf };
  onLCP((metric) => charge('LCP', metric.value, metric.attribution.target), options);
  onCLS((metric) => charge('CLS', metric.value, metric.attribution.largestShiftTarget), options);
  onINP((metric) => charge('INP', metric.value, metric.attribution.interactionTarget), {
    ...options,
    durationThreshold: 40,
  });
}
