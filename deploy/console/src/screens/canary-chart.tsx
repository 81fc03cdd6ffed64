import { useEffect, useRef } from 'react';
import type { SeriesMinute } from '../api/release-types';
import styles from './canary-chart.module.css';

/** One chart of the canary panel: a rate or a vital per minute, canary against stable. */
export interface ChartMetric {
  title: string;
  unit: '%' | 'ms';
  /** The value of one arm in one minute; null where there is nothing to plot (no views). */
  valueOf: (arm: SeriesMinute['canary']) => number | null;
}

// Line colours with at least 3:1 against the white plot (WCAG 1.4.11); the canary is also dashed,
// so the two lines differ by more than colour.
const CANARY = { stroke: '#b3261e', dash: [8, 5] };
const STABLE = { stroke: '#1d4ed8', dash: [] as number[] };
const HEIGHT = 180;

/**
 * uPlot draws on a canvas; it sets its sizes through the CSSOM (element.style), which the
 * console's CSP (style-src 'self') allows, and its stylesheet is bundled as a file (decision 197).
 * It is loaded on first use, so the console's main bundle does not carry it. Where there is no
 * canvas or matchMedia (jsdom), no chart is drawn: the table beside it carries the same figures.
 */
export function CanaryChart({
  minutes,
  metric,
  label,
}: {
  minutes: SeriesMinute[];
  metric: ChartMetric;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || minutes.length === 0 || !canDraw()) return;
    let chart: { destroy: () => void; setSize: (size: { width: number; height: number }) => void };
    let observer: ResizeObserver | null = null;
    let gone = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (gone) return;
        const width = () => Math.max(240, element.clientWidth);
        const xs = minutes.map((m) => Date.parse(m.minute) / 1000);
        chart = new UPlot(
          {
            width: width(),
            height: HEIGHT,
            legend: { show: false },
            // The axis in UTC, as every other time in the console.
            tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
            cursor: { show: false },
            scales: {
              // From the data, never uPlot's guess: one minute alone would be stretched to a
              // day's worth of milliseconds read as seconds (years). At least ten minutes show.
              x: { time: true, range: () => [Math.min(xs[0]!, xs.at(-1)! - 600), xs.at(-1)! + 30] },
              y: { range: (_u, _min, max) => [0, niceMax(max)] },
            },
            axes: [
              { stroke: '#444' },
              {
                stroke: '#444',
                size: 70,
                values: (_u, ticks) => ticks.map((t) => `${t} ${metric.unit}`),
              },
            ],
            series: [
              {},
              { label: 'Canary', width: 2, spanGaps: false, ...CANARY },
              { label: 'Stable', width: 2, spanGaps: false, ...STABLE },
            ],
          },
          [
            xs,
            minutes.map((m) => metric.valueOf(m.canary)),
            minutes.map((m) => metric.valueOf(m.stable)),
          ],
          element,
        );
        observer = new ResizeObserver(() => chart.setSize({ width: width(), height: HEIGHT }));
        observer.observe(element);
      },
    );
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [minutes, metric]);

  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{metric.title}</figcaption>
      {/* The canvas is a picture of the table below: one label says what it shows. */}
      <div ref={box} className={styles.plot} role="img" aria-label={label} />
    </figure>
  );
}

function canDraw(): boolean {
  if (typeof window.matchMedia !== 'function') return false;
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** The y axis runs from 0 to a round number above the largest value (rates to 100 at most). */
function niceMax(max: number | null): number {
  if (!max || max <= 0) return 1;
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / step) * step;
}
