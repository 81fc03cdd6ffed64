import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, ButtonLink, Spinner } from '@crease/ui';
import { countdownText } from './countdown';
import styles from './player-states.module.css';

export type NavigateTo = (to: string) => void;

/** A designed state in the video's place: same 16:9 stage, so the page never jumps or goes blank. */
export function StateCard({
  tone = 'info',
  title,
  children,
  actions,
}: {
  tone?: 'info' | 'error' | 'live';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={`${styles.stage} ${styles[tone]}`}>
      <div className={styles.card} role={tone === 'error' ? 'alert' : 'status'}>
        <h2 className={styles.title}>{title}</h2>
        {children ? <div className={styles.body}>{children}</div> : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
    </div>
  );
}

export function LoadingState() {
  return (
    <div className={`${styles.stage} ${styles.info}`}>
      <div className={styles.card} role="status">
        <Spinner label="Starting the stream" />
      </div>
    </div>
  );
}

function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function NotStartedState({ startTime }: { startTime: string }) {
  const now = useNow(1000);
  const start = new Date(startTime);
  return (
    <StateCard title="The stream has not started yet">
      <p className={styles.countdown}>{countdownText(startTime, now)}</p>
      <p>
        Scheduled for{' '}
        <time dateTime={startTime}>
          {start.toLocaleString(undefined, {
            weekday: 'short',
            day: 'numeric',
            month: 'short',
            hour: '2-digit',
            minute: '2-digit',
          })}
        </time>
        . This page starts the video as soon as it goes live.
      </p>
    </StateCard>
  );
}

export function EndedState({ navigate }: { navigate: NavigateTo }) {
  return (
    <StateCard
      title="This stream has ended"
      actions={
        <ButtonLink href="/events" navigate={navigate}>
          Find another match
        </ButtonLink>
      }
    >
      <p>Thanks for watching. Other matches may be live right now.</p>
    </StateCard>
  );
}

export function NotFoundState({ navigate }: { navigate: NavigateTo }) {
  return (
    <StateCard
      tone="error"
      title="We could not find that match"
      actions={
        <ButtonLink href="/events" navigate={navigate}>
          Browse matches
        </ButtonLink>
      }
    >
      <p>The link may be old, or the match was removed from the schedule.</p>
    </StateCard>
  );
}

export function OfflineState({ onRetry }: { onRetry(): void }) {
  return (
    <StateCard
      tone="error"
      title="You're offline"
      actions={
        <Button variant="secondary" onClick={onRetry}>
          Try again now
        </Button>
      }
    >
      <p>We could not reach Crease. The stream starts again by itself when you're back online.</p>
    </StateCard>
  );
}

export function FailedState({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <StateCard
      tone="error"
      title="The stream could not start"
      actions={<Button onClick={onRetry}>Try again</Button>}
    >
      <p>{message}</p>
    </StateCard>
  );
}

export function UnsupportedState() {
  return (
    <StateCard tone="error" title="This browser cannot play live video">
      <p>Please use a current version of Chrome, Edge, Firefox or Safari.</p>
    </StateCard>
  );
}
