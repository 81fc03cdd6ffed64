import type { ReactNode } from 'react';
import styles from '../account-screen.module.css';

/** One card of /account: a region named by its heading. */
export function AccountSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
