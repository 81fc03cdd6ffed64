import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, ButtonLink, Spinner } from '@crease/ui';
import { countdownText } from './countdown';
import styles from './player-states.module.css';
import { useMessages } from '../messages';

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
  const { t } = useMessages();
  return (
    <div className={`${styles.stage} ${styles.info}`}>
      <div className={styles.card} role="status">
        <Spinner label={t('state.starting')} />
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
  const words = useMessages();
  const now = useNow(1000);
  const start = words.date(startTime, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <StateCard title={words.t('state.notStartedTitle')}>
      <p className={styles.countdown}>{countdownText(startTime, now, words)}</p>
      <p>
        {words.rich('state.scheduledFor', {
          start,
          time: (chunks) => (
            <time key="start" dateTime={startTime}>
              {chunks}
            </time>
          ),
        })}
      </p>
    </StateCard>
  );
}

export function EndedState({ navigate }: { navigate: NavigateTo }) {
  const { t } = useMessages();
  return (
    <StateCard
      title={t('state.endedTitle')}
      actions={
        <ButtonLink href="/events" navigate={navigate}>
          {t('state.findAnother')}
        </ButtonLink>
      }
    >
      <p>{t('state.endedText')}</p>
    </StateCard>
  );
}

export function NotFoundState({ navigate }: { navigate: NavigateTo }) {
  const { t } = useMessages();
  return (
    <StateCard
      tone="error"
      title={t('state.notFoundTitle')}
      actions={
        <ButtonLink href="/events" navigate={navigate}>
          {t('state.browse')}
        </ButtonLink>
      }
    >
      <p>{t('state.notFoundText')}</p>
    </StateCard>
  );
}

export function OfflineState({ onRetry }: { onRetry(): void }) {
  const { t } = useMessages();
  return (
    <StateCard
      tone="error"
      title={t('state.offlineTitle')}
      actions={
        <Button variant="secondary" onClick={onRetry}>
          {t('state.tryAgainNow')}
        </Button>
      }
    >
      <p>{t('state.offlineText')}</p>
    </StateCard>
  );
}

/**
 * Why the stream could not start. `message` is English (the API's words, or the player's); in
 * another language the catalogue's `fallback` says it, or the general failure when none is given.
 */
export function FailedState({
  message,
  fallback = 'state.failedText',
  onRetry,
}: {
  message: string;
  fallback?: 'state.failedText' | 'page.notDecoded';
  onRetry(): void;
}) {
  const { t, language } = useMessages();
  return (
    <StateCard
      tone="error"
      title={t('state.failedTitle')}
      actions={<Button onClick={onRetry}>{t('state.tryAgain')}</Button>}
    >
      <p>{language === 'en' ? message : t(fallback)}</p>
    </StateCard>
  );
}

export function UnsupportedState() {
  const { t } = useMessages();
  return (
    <StateCard tone="error" title={t('state.unsupportedTitle')}>
      <p>{t('state.unsupportedText')}</p>
    </StateCard>
  );
}
