import styles from './player-view.module.css';

export interface StatsReading {
  rendition: string;
  bitrate: number;
  bandwidth: number;
  bufferSeconds: number;
  latency: number | null;
  droppedFrames: number;
  totalFrames: number;
  engine: string;
}

const mbps = (bits: number) => (bits > 0 ? `${(bits / 1_000_000).toFixed(2)} Mb/s` : '–');

/** For the curious and for support calls: what the player is doing, refreshed twice a second. */
export function StatsPanel({ reading }: { reading: StatsReading }) {
  const rows: [string, string][] = [
    ['Rendition', reading.rendition],
    ['Bitrate', mbps(reading.bitrate)],
    ['Bandwidth', mbps(reading.bandwidth)],
    ['Buffer', `${reading.bufferSeconds.toFixed(1)} s`],
    ['Latency', reading.latency === null ? '–' : `${reading.latency.toFixed(1)} s`],
    ['Dropped frames', `${reading.droppedFrames} of ${reading.totalFrames}`],
    ['Engine', reading.engine],
  ];
  return (
    <section className={styles.stats} aria-label="Playback statistics">
      <dl>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.statsRow}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
