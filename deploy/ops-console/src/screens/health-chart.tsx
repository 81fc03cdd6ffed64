import { useMemo, useRef } from 'react';
import type { IngestHealthSample } from '@crease/contract';
import producer from './producer.module.css';
import { useUplot } from './use-uplot';
import type { ChartPlan } from './use-uplot';

/** One of the ingest health's figures, charted over the last minutes. */
export interface HealthMetric {
  title: string;
  unit: string;
  valueOf: (sample: IngestHealthSample) => number | null;
}

export const HEALTH_METRICS: HealthMetric[] = [
  { title: 'Input bitrate', unit: 'kbit/s', valueOf: (s) => s.inputKbps },
  { title: 'Frame rate', unit: 'fps', valueOf: (s) => s.frameRate },
  { title: 'Keyframe interval', unit: 's', valueOf: (s) => s.keyframeSeconds },
  { title: 'Dropped frames', unit: 'frames', valueOf: (s) => s.droppedFrames },
  {
    title: 'Last part age',
    unit: 's',
    valueOf: (s) => (s.lastPartAgeMs === null ? null : Math.round(s.lastPartAgeMs / 100) / 10),
  },
  { title: 'Viewers now', unit: 'viewers', valueOf: (s) => s.viewers },
];

const HEIGHT = 120;
const LINE = { stroke: '#1d4ed8', width: 2 };

/**
 * A small uPlot chart of one figure (decision 197's library and CSP rules: loaded on use, sizes
 * through the CSSOM). The newest value is written beside the title, so the figure reads without
 * the picture; where there is no canvas (jsdom) only that is shown.
 */
export function HealthChart({
  samples,
  metric,
}: {
  samples: IngestHealthSample[];
  metric: HealthMetric;
}) {
  const box = useRef<HTMLDivElement>(null);
  const latest = samples.length ? metric.valueOf(samples[samples.length - 1]!) : null;
  const plan = useMemo<ChartPlan | null>(() => {
    if (samples.length === 0) return null;
    const xs = samples.map((s) => Date.parse(s.at) / 1000);
    return (UPlot) => ({
      options: {
        legend: { show: false },
        cursor: { show: false },
        tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: {
          // The last minutes at least (a first sample alone is not stretched to years).
          x: { time: true, range: () => [Math.min(xs[0]!, xs.at(-1)! - 120), xs.at(-1)! + 2] },
          y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil((max ?? 0) * 1.2))] },
        },
        // Times as HH:MM:SS UTC, one line: uPlot's default date rows overlap at this width.
        axes: [
          {
            stroke: '#444',
            space: 80,
            values: (_u, ticks) => ticks.map((t) => new Date(t * 1000).toISOString().slice(11, 19)),
          },
          { stroke: '#444', size: 50 },
        ],
        series: [{}, { label: metric.title, spanGaps: false, ...LINE }],
      },
      data: [xs, samples.map((s) => metric.valueOf(s))],
    });
  }, [samples, metric]);
  useUplot(box, plan, { height: HEIGHT, minWidth: 200 });

  return (
    <figure className={producer.figure}>
      <figcaption className={producer.figureHead}>
        <span>{metric.title}</span>
        <strong>{latest === null ? '—' : `${latest} ${metric.unit}`}</strong>
      </figcaption>
      <div
        ref={box}
        className={producer.plot}
        role="img"
        aria-label={`${metric.title} over the last ${minutesOf(samples)}: now ${latest === null ? 'nothing' : `${latest} ${metric.unit}`}`}
      />
    </figure>
  );
}

function minutesOf(samples: IngestHealthSample[]): string {
  if (samples.length < 2) return 'moments';
  const ms = Date.parse(samples.at(-1)!.at) - Date.parse(samples[0]!.at);
  const minutes = Math.max(1, Math.round(ms / 60_000));
  return minutes === 1 ? 'minute' : `${minutes} minutes`;
}
