import type { ReactNode } from 'react';
import styles from './alert.module.css';

export interface AlertProps {
  tone: 'error' | 'success' | 'info';
  title?: string;
  children: ReactNode;
}

/** Errors interrupt (role=alert); success and info are announced politely (role=status). */
export function Alert({ tone, title, children }: AlertProps) {
  return (
    <div className={`${styles.alert} ${styles[tone]}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title ? <p className={styles.title}>{title}</p> : null}
      <div className={styles.body}>{children}</div>
    </div>
  );
}
