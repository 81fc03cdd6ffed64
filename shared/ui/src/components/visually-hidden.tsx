import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** Text for screen readers only: it completes what the eye gets from layout (a "Watch" button's match). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={styles.hidden}>{children}</span>;
}
