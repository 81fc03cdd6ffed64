import { useCallback, useEffect, useState } from 'react';
import type { ScreenProps } from '@crease/contract';
import { Page, ScreenLink } from '@crease/ui';
import { trialTimeText } from './countdown';
import { PlayerView } from './player-view';
import { NotEntitledWithPass } from './access-states';
import {
  EndedState,
  FailedState,
  LoadingState,
  NotFoundState,
  NotStartedState,
  OfflineState,
} from './player-states';
import { ScreensBusyState } from './screens-busy-state';
import { useMatchTimeline } from './use-match-timeline';
import { useStreamSession } from './use-stream-session';
import type { SessionPhase, TrialTime } from './stream-session-state';
import type { StreamSession } from './use-stream-session';
import { FollowTeams } from '../match/follow-teams';
import styles from './player-view.module.css';
import { useMessages } from '../messages';

/** The longest the extras wait for a stream's first frame (decision 372). */
const EXTRAS_WAIT_MS = 3000;

/**
 * Whether the screen's extras (the match's timeline, the follow buttons) may be read: at once in
 * a state without a picture, and for a stream once its first frame has played (or the picture
 * could not start), so that their answers do not share the API and its origin with the
 * picture's start (decision 372). Once true it stays true.
 */
function useExtrasReady(phase: SessionPhase['kind'], pictureSettled: boolean): boolean {
  const [ready, setReady] = useState(false);
  const now = phase !== 'loading' && (phase !== 'watching' || pictureSettled);
  if (now && !ready) setReady(true);
  useEffect(() => {
    if (ready || phase !== 'watching') return;
    // A picture that never starts (autoplay refused outright) still gets its scorecard.
    const timer = setTimeout(() => setReady(true), EXTRAS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [ready, phase]);
  return ready || now;
}

function eventIdOf(search: string): string {
  return new URLSearchParams(search).get('event')?.trim() ?? '';
}

function TrialNote({ trial }: { trial: TrialTime }) {
  const words = useMessages();
  const left = [trial.secondsLeft, trial.todaySecondsLeft].filter(
    (s): s is number => typeof s === 'number',
  );
  if (!left.length) return null;
  return (
    <p className={styles.trial} role="status" aria-live="polite">
      {words.rich('page.trial', {
        time: trialTimeText(Math.min(...left), words),
        strong: (chunks) => <strong key="left">{chunks}</strong>,
      })}
    </p>
  );
}

function Body({
  props,
  session,
  eventId,
  extrasReady,
  onPictureSettled,
}: {
  props: ScreenProps;
  session: StreamSession;
  eventId: string;
  extrasReady: boolean;
  onPictureSettled: () => void;
}) {
  const timeline = useMatchTimeline(props.platform, eventId, extrasReady);
  const { phase, event } = session;
  const navigate = (to: string) => props.navigate(to);
  switch (phase.kind) {
    case 'loading':
      return <LoadingState />;
    case 'not-found':
      return <NotFoundState navigate={navigate} />;
    case 'not-started':
      return <NotStartedState startTime={phase.startTime} />;
    case 'ended':
      return <EndedState navigate={navigate} />;
    case 'not-entitled':
      return (
        <NotEntitledWithPass
          http={props.platform.http}
          eventId={eventId}
          reason={phase.reason}
          midStream={phase.midStream}
          navigate={navigate}
        />
      );
    case 'stream-limit':
      return (
        <ScreensBusyState
          devices={phase.devices}
          maxDevices={phase.maxDevices}
          busy={phase.busy}
          onStopThere={session.stopPlaybackThere}
        />
      );
    case 'offline':
      return <OfflineState onRetry={session.retry} />;
    case 'failed':
      return <FailedState message={phase.message} onRetry={session.retry} />;
    case 'watching':
      return event ? (
        <PlayerView
          session={session}
          watch={phase}
          event={event}
          timeline={timeline}
          onPictureSettled={onPictureSettled}
        />
      ) : (
        <LoadingState />
      );
  }
}

/** /player?event=<eventId>: one live match, its picture and its (spoiler-free) score. */
export function PlayerScreen(props: ScreenProps) {
  const eventId = eventIdOf(props.location.search);
  return eventId ? (
    <KnownEvent props={props} eventId={eventId} key={eventId} />
  ) : (
    <Page width="wide">
      <div className={styles.screen}>
        <NotFoundState navigate={(to) => props.navigate(to)} />
      </div>
    </Page>
  );
}

function KnownEvent({ props, eventId }: { props: ScreenProps; eventId: string }) {
  const { navigate, location } = props;
  const here = `${location.pathname}${location.search}`;
  const reRegister = useCallback(() => navigate(here, { replace: true }), [navigate, here]);
  const session = useStreamSession(props.platform, eventId, reRegister);
  const { event } = session;
  const [pictureSettled, setPictureSettled] = useState(false);
  const onPictureSettled = useCallback(() => setPictureSettled(true), []);
  const extrasReady = useExtrasReady(session.phase.kind, pictureSettled);
  const { t } = useMessages();
  return (
    <Page width="wide">
      <div className={styles.screen}>
        <div className={styles.header}>
          <ScreenLink to="/events" navigate={(to) => props.navigate(to)} className={styles.back}>
            {t('page.back')}
          </ScreenLink>
          <div className={styles.titleRow}>
            <h1 className={styles.title}>{event ? event.title : t('page.liveMatch')}</h1>
            <TrialNote trial={session.trial} />
          </div>
          {event ? (
            <p className={styles.subtitle}>
              {t(`format.${event.format}`)} · {event.venue.name}, {event.venue.city}
            </p>
          ) : null}
          {event && extrasReady ? (
            <FollowTeams http={props.platform.http} teams={event.teams} />
          ) : null}
        </div>
        <Body
          props={props}
          session={session}
          eventId={eventId}
          extrasReady={extrasReady}
          onPictureSettled={onPictureSettled}
        />
      </div>
    </Page>
  );
}
