import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
// Through the package name, so the remote uses the page's one shared copy of the Alert.
import { Alert } from '@crease/ui';
import type { AlertProps } from '@crease/ui';
import styles from './form-alert.module.css';

export interface FormAlertProps {
  tone: AlertProps['tone'];
  title?: string;
  /** Changes on every new outcome, so a repeated identical message is focused again. */
  revision: number;
  children: ReactNode;
}

/**
 * The outcome of a submit or an action: focused when it appears, so keyboard and screen-reader
 * users land on it instead of staying on a button that may now be gone.
 */
export function FormAlert({ tone, title, revision, children }: FormAlertProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [revision]);
  return (
    <div ref={ref} tabIndex={-1} className={styles.formAlert}>
      <Alert tone={tone} {...(title ? { title } : {})}>
        {children}
      </Alert>
    </div>
  );
}
