import { Link } from 'react-router-dom';
import { Storefront } from './storefront/storefront';
import type { StorefrontSource } from './storefront/storefront-data';
import { useMessages } from '../messages';
import styles from './welcome-page.module.css';

export interface WelcomePageProps {
  productName: string;
  /** Where the public storefront is read from, and where its links go. */
  storefront: StorefrontSource;
}

/**
 * `/`: what Crease is, what is on and what it costs (the storefront), and the way in. Rendered
 * by the shell, no remote needed.
 */
export function WelcomePage({ productName, storefront }: WelcomePageProps) {
  const { t } = useMessages();
  return (
    <div className={styles.welcome}>
      <section className={styles.hero} aria-labelledby="welcome-title">
        <div className={styles.heroInner}>
          <h1 id="welcome-title" className={styles.title}>
            {t('welcome.title')}
          </h1>
          <p className={styles.lead}>{t('welcome.lead', { productName })}</p>
          <div className={styles.actions}>
            <Link to="/register" className={styles.primary}>
              {t('welcome.register')}
            </Link>
          </div>
        </div>
      </section>

      <Storefront source={storefront} />
    </div>
  );
}
