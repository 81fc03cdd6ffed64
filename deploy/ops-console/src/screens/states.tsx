import type { ReactNode } from 'react';
import { Alert, Button, Spinner } from '@crease/ui';
import styles from '../ops.module.css';

/** The API's error as the CLI would print it: the stable code, then the message. */
export function ErrorText({ code, message }: { code: string; message: string }) {
  return (
    <p className={styles.errorText}>
      <code className={styles.errorCode}>{code}</code> {message}
    </p>
  );
}

export function LoadingState({ label }: { label: string }) {
  return (
    <div className={styles.stateBox}>
      <Spinner label={label} />
    </div>
  );
}

export function ErrorState({
  title,
  code,
  message,
  onRetry,
}: {
  title: string;
  code: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <div className={styles.stateBox}>
      <Alert tone="error" title={title}>
        <ErrorText code={code} message={message} />
      </Alert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{title}</p>
      {children ? <p className={styles.muted}>{children}</p> : null}
    </div>
  );
}
