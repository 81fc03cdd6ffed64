import { useEffect, useId, useMemo, useState } from 'react';
import { Heading } from '@crease/ui';
import { isConsoleApiError, isUnauthorized } from '../api/release-console-client';
import type { ReleaseConsoleClient } from '../api/release-console-client';
import type { CanarySeries, ReleaseStatus } from '../api/release-types';
import { CanaryChart } from './canary-chart';
import type { ChartMetric } from './canary-chart';
import { formatPercent } from './format';
import { AppSelect } from './release-fields';
import { ErrorText } from './sign-in';
import styles from '../console.module.css';
import chartStyles from './canary-chart.module.css';

const rate = (bad: number, views: number) => (views === 0 ? null : (bad / views) * 100);
const METRICS: ChartMetric[] = [
  { title: 'Failure rate', unit: '%', valueOf: (a) => rate(a.failures, a.views) },
  { title: 'Fallback rate', unit: '%', valueOf: (a) => rate(a.fallbacks, a.views) },
  { title: 'LCP p75', unit: 'ms', valueOf: (a) => a.lcpP75 },
];
/** The table shows the newest minutes that had traffic, at most this many. */
const TABLE_ROWS = 60;

const ms = (value: number | null) => (value === null ? '–' : `${value} ms`);
const clock = (iso: string) => `${iso.slice(11, 16)} UTC`;

function totals(series: CanarySeries, arm: 'canary' | 'stable') {
  return series.minutes.reduce(
    (sum, m) => ({
      views: sum.views + m[arm].views,
      failures: sum.failures + m[arm].failures,
      fallbacks: sum.fallbacks + m[arm].fallbacks,
    }),
    { views: 0, failures: 0, fallbacks: 0 },
  );
}

function armSummary(name: string, arm: { views: number; failures: number; fallbacks: number }) {
  return `${name}: ${arm.views} views, failures ${formatPercent(arm.failures, arm.views)}, fallbacks ${formatPercent(arm.fallbacks, arm.views)}`;
}

/**
 * A canary against stable over time (issue 20 §6): the running canary of a remote, or its most
 * recent one, as three charts (failure rate, fallback rate, LCP p75) with the same figures as
 * a table, so nothing is only in the picture.
 */
export function CanaryPanel({
  client,
  status,
  onUnauthorized,
}: {
  client: ReleaseConsoleClient;
  status: ReleaseStatus;
  onUnauthorized: (message: string) => void;
}) {
  const remotes = status.apps.map((entry) => entry.app).filter((app) => app !== 'shell');
  const [app, setApp] = useState(
    () => status.apps.find((entry) => entry.canary)?.app ?? remotes[0] ?? '',
  );
  const [series, setSeries] = useState<CanarySeries | null>(null);
  const [failure, setFailure] = useState<{ code: string; message: string } | null>(null);
  const titleId = useId();

  useEffect(() => {
    if (!app) return;
    let current = true;
    client.canarySeries(app).then(
      (answer) => {
        if (!current) return;
        setSeries(answer);
        setFailure(null);
      },
      (caught: unknown) => {
        if (!current) return;
        if (isUnauthorized(caught) && isConsoleApiError(caught)) onUnauthorized(caught.message);
        else if (isConsoleApiError(caught))
          setFailure({ code: caught.code, message: caught.message });
      },
    );
    return () => {
      current = false;
    };
  }, [client, app, status.revision, onUnauthorized]);

  const rows = useMemo(
    () =>
      (series?.minutes ?? [])
        .filter((m) => m.canary.views + m.stable.views > 0)
        .slice(-TABLE_ROWS)
        .reverse(),
    [series],
  );
  if (remotes.length === 0) return null;
  const shown = series?.app === app ? series : null;
  const canary = shown?.canary;
  const summary =
    shown && canary
      ? `Canary ${canary.version} against stable ${canary.stable}, ${canary.running ? 'running' : 'ended'} since ${clock(canary.since)}. ${armSummary('Canary', totals(shown, 'canary'))}. ${armSummary('Stable', totals(shown, 'stable'))}.`
      : null;

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.panelHead}>
        <Heading level={2} id={titleId}>
          Canary against stable
        </Heading>
      </div>
      <AppSelect label="Remote" apps={remotes} value={app} onChange={setApp} />
      {failure ? <ErrorText code={failure.code} message={failure.message} /> : null}
      {!shown ? null : !canary || !summary ? (
        <p className={styles.empty}>{app} has had no canary yet.</p>
      ) : (
        <>
          <p>{summary}</p>
          <ul className={chartStyles.legend} aria-label="Chart lines">
            <li>
              <span className={`${chartStyles.swatch} ${chartStyles.swatchCanary}`} />
              Canary {canary.version} (dashed)
            </li>
            <li>
              <span className={chartStyles.swatch} />
              Stable {canary.stable} (solid)
            </li>
          </ul>
          <div className={chartStyles.charts}>
            {METRICS.map((metric) => (
              <CanaryChart
                key={metric.title}
                minutes={shown.minutes}
                metric={metric}
                label={`${metric.title} per minute, canary against stable: the figures are in the table "Canary and stable per minute".`}
              />
            ))}
          </div>
          <SeriesTable rows={rows} />
        </>
      )}
    </section>
  );
}

function SeriesTable({ rows }: { rows: CanarySeries['minutes'] }) {
  const captionId = useId();
  if (rows.length === 0) return <p className={styles.empty}>No page views in its minutes yet.</p>;
  return (
    <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby={captionId}>
      <table className={styles.table}>
        <caption id={captionId} className={styles.caption}>
          Canary and stable per minute (newest first, minutes with page views, at most {TABLE_ROWS})
        </caption>
        <thead>
          <tr>
            <th scope="col">Minute</th>
            <th scope="col">Canary views</th>
            <th scope="col">Canary failures</th>
            <th scope="col">Canary fallbacks</th>
            <th scope="col">Canary LCP p75</th>
            <th scope="col">Stable views</th>
            <th scope="col">Stable failures</th>
            <th scope="col">Stable fallbacks</th>
            <th scope="col">Stable LCP p75</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => {
            return (
              <tr key={m.minute}>
                <th scope="row">{clock(m.minute)}</th>
                <td>{m.canary.views}</td>
                <td>{formatPercent(m.canary.failures, m.canary.views)}</td>
                <td>{formatPercent(m.canary.fallbacks, m.canary.views)}</td>
                <td>{ms(m.canary.lcpP75)}</td>
                <td>{m.stable.views}</td>
                <td>{formatPercent(m.stable.failures, m.stable.views)}</td>
                <td>{formatPercent(m.stable.fallbacks, m.stable.views)}</td>
                <td>{ms(m.stable.lcpP75)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
