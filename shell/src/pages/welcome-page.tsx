import { Link } from 'react-router-dom';
import styles from './welcome-page.module.css';

export interface WelcomePageProps {
  productName: string;
}

const FEATURES = [
  {
    title: 'Live, ball by ball',
    text: 'Every delivery as it happens, streamed in HD with low latency so the roar reaches you with the wicket.',
  },
  {
    title: 'Every league in one place',
    text: 'Browse leagues and fixtures, see what is live now and what is coming up next, all from one screen.',
  },
  {
    title: 'Your screens, your way',
    text: 'Watch in the browser on your laptop, phone or TV. Each plan says how many devices can stream.',
  },
  {
    title: 'No lock-in',
    text: 'Start with a free trial where one is offered, pay securely, and cancel renewal whenever you like.',
  },
] as const;

/** `/`: what Crease is, a taste of the plans, and the way in. Rendered by the shell, no remote needed. */
export function WelcomePage({ productName }: WelcomePageProps) {
  return (
    <div className={styles.welcome}>
      <section className={styles.hero} aria-labelledby="welcome-title">
        <div className={styles.heroInner}>
          <p className={styles.eyebrow}>
            <span className={styles.liveDot} aria-hidden="true" /> Live cricket streaming
          </p>
          <h1 id="welcome-title" className={styles.title}>
            Every ball. Every boundary. Live in HD.
          </h1>
          <p className={styles.lead}>
            {productName} streams live cricket from the leagues you follow, straight to your
            browser. Sign up in a minute, pick a plan, and you’re at the ground.
          </p>
          <div className={styles.actions}>
            <Link to="/register" className={styles.primary}>
              Create your account
            </Link>
            <Link to="/signin" className={styles.secondary}>
              Sign in
            </Link>
          </div>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="features-title">
        <h2 id="features-title" className={styles.sectionTitle}>
          Why fans watch on {productName}
        </h2>
        <ul className={styles.features}>
          {FEATURES.map((feature) => (
            <li key={feature.title} className={styles.feature}>
              <h3 className={styles.featureTitle}>{feature.title}</h3>
              <p className={styles.featureText}>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.plans} aria-labelledby="plans-title">
        <div>
          <h2 id="plans-title" className={styles.sectionTitle}>
            A plan for every kind of fan
          </h2>
          <p className={styles.plansText}>
            Short passes for a big series, longer plans for the whole season, and more devices for
            the whole household. Plans, prices and trials are shown once you’re signed in.
          </p>
        </div>
        <Link to="/plans" className={styles.secondary}>
          See the plans
        </Link>
      </section>
    </div>
  );
}
