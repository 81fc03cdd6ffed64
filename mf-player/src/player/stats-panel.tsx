import styles from './player-view.module.css';
import { useMessages } from '../messages';

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
  const { t } = useMessages();
  const rows: [string, string][] = [
    [t('stats.rendition'), reading.rendition],
    [t('stats.bitrate'), mbps(reading.bitrate)],
    [t('stats.bandwidth'), mbps(reading.bandwidth)],
    [t('stats.buffer'), `${reading.bufferSeconds.toFixed(1)} s`],
    [t('stats.latency'), reading.latency === null ? '–' : `${reading.latency.toFixed(1)} s`],
    [
      t('stats.dropped'),
      t('stats.droppedValue', { dropped: reading.droppedFrames, total: reading.totalFrames }),
    ],
    [t('stats.engine'), reading.engine],
  ];
  return (
    <section className={styles.stats} aria-label={t('stats.label')}>
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
