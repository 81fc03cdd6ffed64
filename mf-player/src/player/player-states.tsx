import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { EntitlementReason } from '@crease/contract';
import { Button, ButtonLink, Spinner } from '@crease/ui';
import { countdownText } from './countdown';
import styles from './player-states.module.css';

type NavigateTo = (to: string) => void;

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

const TRIAL_USED: readonly EntitlementReason[] = [
  'TRIAL_TIME_USED',
  'TRIAL_DAILY_TIME_USED',
  'TRIAL_EXPIRED',
];

function entitlementWords(reason: EntitlementReason | null, midStream: boolean) {
  switch (reason) {
    case 'TRIAL_DAILY_TIME_USED':
      return {
        title: "You've used today's trial time",
        body: 'Your free minutes for today are used up. Choose a plan to keep watching now, or come back tomorrow.',
      };
    case 'TRIAL_TIME_USED':
    case 'TRIAL_EXPIRED':
      return {
        title: 'Your free trial is over',
        body: 'Thanks for trying Crease. Choose a plan to keep watching every match live in HD.',
      };
    case 'PLAN_EXPIRED':
      return {
        title: 'Your plan has ended',
        body: 'Renew your plan to keep watching live cricket.',
      };
    case 'DEVICE_NOT_REGISTERED':
      return {
        title: 'This device is signed out',
        body: 'This browser is no longer one of your devices. Reload the page to register it again.',
      };
    case 'ACCOUNT_INACTIVE':
      return {
        title: 'Your account is not active',
        body: 'Please contact support to reactivate your account.',
      };
    default:
      return {
        title: midStream ? 'You can no longer watch this stream' : 'Choose a plan to watch',
        body: 'Watching live cricket on Crease needs a plan or trial time.',
      };
  }
}

export function NotEntitledState({
  reason,
  midStream,
  navigate,
}: {
  reason: EntitlementReason | null;
  midStream: boolean;
  navigate: NavigateTo;
}) {
  const words = entitlementWords(reason, midStream);
  const trialUsed = reason !== null && TRIAL_USED.includes(reason);
  return (
    <StateCard
      tone="error"
      title={words.title}
      actions={
        <>
          <ButtonLink href="/plans" navigate={navigate}>
            {trialUsed ? 'Choose a plan' : 'See plans'}
          </ButtonLink>
          <ButtonLink href="/events" variant="ghost" navigate={navigate}>
            Back to matches
          </ButtonLink>
        </>
      }
    >
      <p>
        {midStream ? 'The stream stopped. ' : ''}
        {words.body}
      </p>
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
