import { Link } from 'react-router-dom';
import { Storefront } from './storefront/storefront';
import type { StorefrontSource } from './storefront/storefront-data';
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
  return (
    <div className={styles.welcome}>
      <section className={styles.hero} aria-labelledby="welcome-title">
        <div className={styles.heroInner}>
          <h1 id="welcome-title" className={styles.title}>
            Every ball. Every boundary. Live in HD.
          </h1>
          <p className={styles.lead}>
            {productName} streams every live match in HD, straight to your browser: see what is on
            below, pick a pass or a subscription, and you’re at the ground.
          </p>
          <div className={styles.actions}>
            <Link to="/register" className={styles.primary}>
              Create your account
            </Link>
          </div>
        </div>
      </section>

      <Storefront source={storefront} />
    </div>
  );
}
