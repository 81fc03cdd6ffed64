import type { ReactNode } from 'react';
import styles from './page.module.css';

export interface PageProps {
  /** "reading" for long text (policies), "wide" for grids, "narrow" for forms. */
  width?: 'narrow' | 'reading' | 'wide';
  children: ReactNode;
}

/** The content column of a screen. The shell draws the header and footer around it. */
export function Page({ width = 'wide', children }: PageProps) {
  return <div className={`${styles.page} ${styles[width]}`}>{children}</div>;
}
