import { useMemo, useRef } from 'react';
import producer from '../screens/producer.module.css';
import { useUplot } from '../screens/use-uplot';
import type { ChartPlan } from '../screens/use-uplot';

const HEIGHT = 160;
const COLOURS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed'];

export interface DaySeries {
  label: string;
  values: number[];
}

/**
 * Daily figures of the month as a uPlot line chart (the producer's health charts' library,
 * loaded on use). `summary` says the same in words for screen readers and for jsdom, where
 * there is no canvas and only the words are shown.
 */
export function DayChart({
  title,
  days,
  series,
  summary,
  format = String,
  whole = false,
}: {
  title: string;
  /** YYYY-MM-DD, oldest first. */
  days: string[];
  series: DaySeries[];
  summary: string;
  format?: (value: number) => string;
  /** Counts: ticks at whole numbers only. */
  whole?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const plan = useMemo<ChartPlan | null>(() => {
    if (days.length === 0 || series.length === 0) return null;
    const xs = days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    return () => ({
      options: {
        // Each chart is one figure: its title names it (a legend would repeat it).
        legend: { show: false },
        cursor: { show: false },
        scales: {
          x: { time: true, range: () => [xs[0]! - 43_200, xs.at(-1)! + 43_200] },
          y: {
            range: (_u, min, max) => [Math.min(0, min ?? 0), Math.max(1, (max ?? 0) * 1.2)],
          },
        },
        axes: [
          {
            stroke: '#444',
            space: 60,
            // Day of the month, UTC: the figures' days are UTC days.
            values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toISOString().slice(5, 10)),
          },
          {
            stroke: '#444',
            size: 64,
            values: (_u, ticks) => ticks.map((t) => format(t)),
            ...(whole ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000] } : {}),
          },
        ],
        series: [
          {},
          ...series.map((s, i) => ({
            label: s.label,
            stroke: COLOURS[i % COLOURS.length],
            width: 2,
            points: { show: true, size: 6 },
          })),
        ],
      },
      data: [xs, ...series.map((s) => s.values)],
    });
  }, [days, series, format, whole]);
  useUplot(box, plan, { height: HEIGHT, minWidth: 220 });

  return (
    <figure className={producer.figure}>
      <figcaption className={producer.figureHead}>
        <span>{title}</span>
      </figcaption>
      <div ref={box} className={producer.plot} role="img" aria-label={`${title}: ${summary}`} />
    </figure>
  );
}
