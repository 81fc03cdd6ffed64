import type { ReactNode } from 'react';
import { Button, Spinner } from '@crease/ui';
import type { Problem } from '@crease/contract';
import { problemText } from '../messages/problem-text';
import { useMessages } from '../messages';
import styles from './screen-states.module.css';

/** The loading state of a screen's content: announced politely, with what is loading. */
export function Loading({ label }: { label: string }) {
  return <Spinner label={label} />;
}

export interface LoadFailedProps {
  /** What could not be loaded, for example "your plans". */
  what: string;
  problem: Problem;
  onRetry(): void;
}

/** The error state of a screen's content: what failed, why, and Retry. */
export function LoadFailed({ what, problem, onRetry }: LoadFailedProps) {
  const words = useMessages();
  return (
    <div className={styles.failed} role="alert">
      <p className={styles.title}>{words.t('state.loadFailed', { what })}</p>
      <p className={styles.text}>{problemText(problem, words)}</p>
      <Button variant="secondary" onClick={onRetry}>
        {words.t('action.retry')}
      </Button>
    </div>
  );
}

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** Nothing to show yet, said plainly, with the next step. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <p className={styles.title}>{title}</p>
      {children ? <div className={styles.text}>{children}</div> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
