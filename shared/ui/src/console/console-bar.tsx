import type { ReactNode } from 'react';
import styles from './console-bar.module.css';

export interface ConsoleBarProps {
  /** The console's name after "Crease": "Release console", "Staff console". */
  product: string;
  /** What the bar carries after the brand: navigation, who is signed in, sign out. */
  children?: ReactNode;
  className?: string;
}

/** A console's top bar: the Crease mark and the console's name, then the console's own items. */
export function ConsoleBar({ product, children, className }: ConsoleBarProps) {
  return (
    <header className={className ? `${styles.bar} ${className}` : styles.bar}>
      <p className={styles.brand}>
        <span className={styles.brandMark} aria-hidden="true" />
        Crease <span className={styles.brandProduct}>{product}</span>
      </p>
      {children}
    </header>
  );
}
