import type { IngestKeyCreated } from '@crease/contract';
import styles from '../ops.module.css';
import detail from './detail.module.css';

/** A new stream key with the encoder settings to copy: shown here once, never again. */
export function NewKey({ created, onDone }: { created: IngestKeyCreated; onDone: () => void }) {
  const settings = [
    `Server: ${created.rtmpUrl}`,
    `Stream key: ${created.streamKey}`,
    ...(created.srtUrl ? [`SRT: ${created.srtUrl}`] : []),
  ].join('\n');
  return (
    <section className={styles.panel} aria-labelledby="new-key-title">
      <div className={detail.onceShown} role="status" aria-live="polite">
        <h2 id="new-key-title" className={styles.formTitle}>
          New {created.role} key for {created.channelId}
        </h2>
        <p className={detail.onceTitle}>
          Put these in the encoder now: the stream key is shown once and cannot be shown again.
        </p>
        <pre className={detail.settings} data-testid="encoder-settings">
          {settings}
        </pre>
        <div className={styles.formActions}>
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => void navigator.clipboard?.writeText(settings).catch(() => undefined)}
          >
            Copy encoder settings
          </button>
          <button type="button" className={styles.secondaryButton} onClick={onDone}>
            Done, hide the key
          </button>
        </div>
      </div>
    </section>
  );
}
