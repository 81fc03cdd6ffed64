import { Heading } from '@crease/ui';
import type { ReleaseHealth, ReleaseStatus } from '../api/release-types';
import { formatPercent, formatTime } from './format';
import styles from '../console.module.css';

interface Row {
  remote: string;
  version: string;
  views: number | null;
  loadFailures: number | null;
  crashes: number | null;
  fallbacks: number;
  lcp: number | null;
  inp: number | null;
  cls: number | null;
  lastAt: string | null;
}

/** Signals (when recorded) and fallback counts per remote + version, live versions first. */
function rows(health: ReleaseHealth, status: ReleaseStatus): Row[] {
  const byKey = new Map<string, Row>();
  for (const signals of health.versions) {
    byKey.set(`${signals.remote}@${signals.version}`, {
      remote: signals.remote,
      version: signals.version,
      views: signals.views,
      loadFailures: signals.loadFailures,
      crashes: signals.crashes,
      fallbacks: signals.fallbacks,
      lcp: signals.vitals.LCP?.p75 ?? null,
      inp: signals.vitals.INP?.p75 ?? null,
      cls: signals.vitals.CLS?.p75 ?? null,
      lastAt: signals.lastAt,
    });
  }
  for (const fallback of health.fallbacks) {
    const key = `${fallback.remote}@${fallback.failedVersion}`;
    const row = byKey.get(key);
    if (row) {
      row.fallbacks = Math.max(row.fallbacks, fallback.count);
    } else {
      byKey.set(key, {
        remote: fallback.remote,
        version: fallback.failedVersion,
        views: null,
        loadFailures: null,
        crashes: null,
        fallbacks: fallback.count,
        lcp: null,
        inp: null,
        cls: null,
        lastAt: fallback.lastAt,
      });
    }
  }
  const live = new Set(status.apps.map((entry) => `${entry.app}@${entry.version}`));
  return [...byKey.values()].sort(
    (a, b) =>
      a.remote.localeCompare(b.remote) ||
      Number(live.has(`${b.remote}@${b.version}`)) - Number(live.has(`${a.remote}@${a.version}`)),
  );
}

/** Per-version health: page views, load failures, crashes, fallbacks, web vitals (p75). */
export function HealthPanel({ health, status }: { health: ReleaseHealth; status: ReleaseStatus }) {
  const list = rows(health, status);
  const live = new Set(status.apps.map((entry) => `${entry.app}@${entry.version}`));
  const canaries = new Set(
    status.apps.flatMap((entry) => (entry.canary ? [`${entry.app}@${entry.canary.version}`] : [])),
  );
  return (
    <section className={styles.panel} aria-labelledby="health-title">
      <div className={styles.panelHead}>
        <Heading level={2} id="health-title">
          Health per version
        </Heading>
      </div>
      {!health.signalsAvailable ? (
        <p className={styles.muted}>
          Real-user signals are not recorded by this release API yet; fallbacks are.
        </p>
      ) : null}
      {health.dropped && Object.values(health.dropped).some((n) => n > 0) ? (
        <p className={styles.muted}>
          Dropped beacons (never stored): {health.dropped.invalid} malformed,{' '}
          {health.dropped.unknownVersion} of unknown versions, {health.dropped.oversized} oversized,{' '}
          {health.dropped.rateLimited} over the rate limit; without a valid release proof:{' '}
          {health.dropped.unsigned ?? 0} unsigned, {health.dropped.forgedProof ?? 0} forged,{' '}
          {health.dropped.expiredProof ?? 0} expired, {health.dropped.notServed ?? 0} for a version
          not served, {health.dropped.overweight ?? 0} beyond one browser&rsquo;s share.
        </p>
      ) : null}
      {health.droppedFallbacks && Object.values(health.droppedFallbacks).some((n) => n > 0) ? (
        <p className={styles.muted}>
          Dropped fallback reports (never counted): {health.droppedFallbacks.unsigned ?? 0}{' '}
          unsigned, {health.droppedFallbacks.forgedProof ?? 0} forged,{' '}
          {health.droppedFallbacks.expiredProof ?? 0} expired,{' '}
          {health.droppedFallbacks.notServed ?? 0} for a version not served,{' '}
          {health.droppedFallbacks.overweight ?? 0} beyond one browser&rsquo;s share,{' '}
          {health.droppedFallbacks.invalid ?? 0} malformed.
        </p>
      ) : null}
      {list.length === 0 ? (
        <p className={styles.empty}>No signals or fallbacks recorded yet.</p>
      ) : (
        <div
          className={styles.tableScroll}
          tabIndex={0}
          role="region"
          aria-labelledby="health-title"
        >
          <table className={styles.table}>
            <caption className={styles.caption}>Signals and fallbacks per version</caption>
            <thead>
              <tr>
                <th scope="col">Remote</th>
                <th scope="col">Version</th>
                <th scope="col">Views</th>
                <th scope="col">Load failures</th>
                <th scope="col">Crashes</th>
                <th scope="col">Fallbacks</th>
                <th scope="col">LCP p75</th>
                <th scope="col">INP p75</th>
                <th scope="col">CLS p75</th>
                <th scope="col">Last signal</th>
              </tr>
            </thead>
            <tbody>
              {list.map((row) => (
                <tr key={`${row.remote}@${row.version}`}>
                  <td>{row.remote}</td>
                  <td>
                    <code>{row.version}</code>
                    {live.has(`${row.remote}@${row.version}`) ? (
                      <span className={styles.tag}>live</span>
                    ) : null}
                    {canaries.has(`${row.remote}@${row.version}`) ? (
                      <span className={styles.tag}>canary</span>
                    ) : null}
                  </td>
                  <td>{row.views ?? '–'}</td>
                  <td>
                    {row.loadFailures === null
                      ? '–'
                      : `${row.loadFailures} (${formatPercent(row.loadFailures, row.views ?? 0)})`}
                  </td>
                  <td>{row.crashes ?? '–'}</td>
                  <td>{row.fallbacks}</td>
                  <td>{row.lcp === null ? '–' : `${Math.round(row.lcp)} ms`}</td>
                  <td>{row.inp === null ? '–' : `${Math.round(row.inp)} ms`}</td>
                  <td>{row.cls === null ? '–' : row.cls}</td>
                  <td>
                    {row.lastAt ? <time dateTime={row.lastAt}>{formatTime(row.lastAt)}</time> : '–'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
