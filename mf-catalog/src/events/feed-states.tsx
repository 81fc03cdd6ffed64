import { Button, VisuallyHidden } from '@crease/ui';
import type { CatalogReadError } from '../api/catalog-client';
import styles from './events-screen.module.css';

/** Card-shaped placeholders while the first read is on its way; the status is read out once. */
export function LoadingBoard() {
  return (
    <div className={styles.section} aria-busy="true">
      <div role="status">
        <VisuallyHidden>Loading matches…</VisuallyHidden>
      </div>
      <div className={styles.skeletonTitle} aria-hidden="true" />
      <ul className={styles.grid} aria-hidden="true">
        {[0, 1, 2].map((n) => (
          <li key={n} className={styles.skeletonCard} />
        ))}
      </ul>
    </div>
  );
}

export interface LoadFailedProps {
  error: CatalogReadError;
  onRetry(): void;
}

/** The first read failed: say so plainly and offer Retry (the header and footer still work). */
export function LoadFailed({ error, onRetry }: LoadFailedProps) {
  return (
    <section className={styles.panel} role="alert" aria-labelledby="load-failed-title">
      <h2 id="load-failed-title" className={styles.panelTitle}>
        We couldn’t load the matches
      </h2>
      <p className={styles.panelText}>{error.message} Please try again.</p>
      <Button onClick={onRetry}>Retry</Button>
    </section>
  );
}
