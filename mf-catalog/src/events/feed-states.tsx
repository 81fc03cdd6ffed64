import { Button, VisuallyHidden } from '@crease/ui';
import type { CatalogReadError } from '../api/catalog-client';
import { useMessages } from '../messages';
import type { CatalogWords } from '../messages';
import styles from './events-screen.module.css';

/** Card-shaped placeholders while the first read is on its way; the status is read out once. */
export function LoadingBoard() {
  const { t } = useMessages();
  return (
    <div className={styles.section} aria-busy="true">
      <div role="status">
        <VisuallyHidden>{t('feed.loading')}</VisuallyHidden>
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

/**
 * The read's failure in the viewer's language: in English the API's own words (or the client's),
 * in another language the catalogue's for no answer or any other failure.
 */
function failureText(error: CatalogReadError, words: CatalogWords): string {
  if (words.language === 'en') return error.message;
  return words.t(error.status === 0 ? 'feed.offline' : 'feed.unavailable');
}

/** The first read failed: say so plainly and offer Retry (the header and footer still work). */
export function LoadFailed({ error, onRetry }: LoadFailedProps) {
  const words = useMessages();
  const { t } = words;
  return (
    <section className={styles.panel} role="alert" aria-labelledby="load-failed-title">
      <h2 id="load-failed-title" className={styles.panelTitle}>
        {t('feed.failedTitle')}
      </h2>
      <p className={styles.panelText}>
        {t('feed.failedText', { message: failureText(error, words) })}
      </p>
      <Button onClick={onRetry}>{t('feed.retry')}</Button>
    </section>
  );
}
