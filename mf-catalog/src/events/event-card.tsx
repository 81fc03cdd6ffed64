import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { statusGroupOf } from '@crease/contract';
import type { CatalogEvent, League, PassShelf, Platform, Team } from '@crease/contract';
import { ButtonLink, LiveBadge, VisuallyHidden } from '@crease/ui';
import type { Navigate } from '@crease/ui';
import { BehindLiveNote } from './behind-live';
import { FinishedDetails } from './finished-details';
import { MatchPassOffer } from './pass-offer';
import { LeagueLogo } from './league-logo';
import { liveSituation, targetText, teamScore, tossText, yetToBat } from './match-score';
import { countdownText, startTimeText } from './match-time';
import { isReplay, keepsResultHidden } from './replay';
import { SpoilerToggle } from './spoiler-toggle';
import { usePictureState } from './use-picture-state';
import { useMessages } from '../messages';
import styles from './event-card.module.css';

export interface EventCardProps {
  event: CatalogEvent;
  league: League;
  /** Shown in the all-leagues view; a league's own view says it once, above. */
  showLeague: boolean;
  apiOrigin: string;
  now: number;
  navigate: Navigate;
  /** For a live match watched behind live: reads its timeline (decision 226). */
  http?: Platform['http'];
  /** The viewer's passes and the passes' prices: the match pass offer (issue 34 §3). */
  passes?: PassShelf | null;
}

/** A message's `<hidden>` words: read out, not drawn (the Watch button names its match). */
const hidden = (chunks: ReactNode[]) => <VisuallyHidden key="hidden">{chunks}</VisuallyHidden>;

/** Where Watch goes: the player takes it from here (issue: player). */
export function watchHref(eventId: string): string {
  return `/player?${new URLSearchParams({ event: eventId })}`;
}

function TeamRow({ event, team, hidden }: { event: CatalogEvent; team: Team; hidden: boolean }) {
  const words = useMessages();
  const score = hidden ? null : teamScore(event, team, words);
  return (
    <li className={styles.team}>
      <span
        className={styles.colours}
        style={{
          background: `linear-gradient(135deg, ${team.colours.primary} 50%, ${team.colours.secondary} 50%)`,
        }}
        aria-hidden="true"
      />
      <span className={styles.teamName}>
        {team.name} <span className={styles.shortName}>({team.shortName})</span>
      </span>
      {score ? (
        <span className={styles.score}>
          <span className={styles.runs}>{score.score}</span>{' '}
          <span className={styles.overs}>({score.overs})</span>
        </span>
      ) : !hidden && yetToBat(event, team) ? (
        <span className={`${styles.score} ${styles.muted}`}>{words.t('card.yetToBat')}</span>
      ) : null}
    </li>
  );
}

function LiveDetails({ event, hidden }: { event: CatalogEvent; hidden: boolean }) {
  const words = useMessages();
  if (hidden) return null;
  const { playState, detail } = liveSituation(event, words);
  const target = targetText(event, words);
  const interrupted = event.playState !== null && event.playState !== 'in_play';
  return (
    <p className={styles.situation}>
      {playState ? (
        <span className={`${styles.playState} ${interrupted ? styles.interrupted : ''}`}>
          {playState}
        </span>
      ) : null}
      {detail ? <span>{detail}</span> : null}
      {target ? <span className={styles.muted}>{target}</span> : null}
      {event.eventStatus === 'not_started' ? (
        <span className={styles.muted}>{words.t('card.streamSoon')}</span>
      ) : null}
    </p>
  );
}

function UpcomingDetails({ event, now }: { event: CatalogEvent; now: number }) {
  const words = useMessages();
  const start = startTimeText(event.startTime, now, undefined, words);
  const countdown =
    event.status === 'scheduled' ? countdownText(event.startTime, now, words) : null;
  const toss = tossText(event, words);
  return (
    <>
      <p className={styles.when}>
        <time dateTime={event.startTime} className={styles.startTime}>
          <span className={styles.day}>{start.day}</span>{' '}
          <span className={styles.clock}>{start.time}</span>{' '}
          <span className={styles.zone}>{start.zone}</span>
        </time>
        {event.status === 'postponed' ? (
          <span className={`${styles.playState} ${styles.interrupted}`}>
            {words.t('status.postponed')}
          </span>
        ) : null}
        {countdown ? <span className={styles.countdown}>{countdown}</span> : null}
      </p>
      {toss ? <p className={styles.muted}>{toss}</p> : null}
    </>
  );
}

/**
 * One match. Live: the LIVE badge, the score, what is happening (play state, batting side) and
 * Watch; behind live, the score at the viewer's picture time until they ask for the live one.
 * Upcoming: the start in the viewer's time zone and, within 24 h, a countdown. Finished: the
 * result; a replay hides its scores and result until asked, and offers "Watch replay".
 */
export function EventCard({
  event,
  league,
  showLeague,
  apiOrigin,
  now,
  navigate,
  http,
  passes,
}: EventCardProps) {
  const { t, rich } = useMessages();
  const titleId = useId();
  const guardedId = useId();
  const [revealed, setRevealed] = useState(false);
  const group = statusGroupOf(event.status);
  const finishedPlayed = group === 'finished' && keepsResultHidden(event);
  const replay = group === 'finished' && isReplay(event);
  const picture = usePictureState(http, event);
  const behind = group === 'live' && picture.pictureTime !== null;
  const guarded = (finishedPlayed || behind) && !revealed;
  // Behind live the card shows the picture's state; with none known yet, no score at all.
  const shown = guarded && behind && picture.state ? { ...event, ...picture.state } : event;
  const hideScores = guarded && (finishedPlayed || picture.state === null);
  // A finished match's stream still on for the wrap-up is a replay, never a plain "Watch"
  // (decision 430): that would open at the wrap-up, result and all.
  const watchable = group === 'live' || (group === 'upcoming' && event.eventStatus === 'live');
  return (
    <article
      className={`${styles.card} ${group === 'live' ? styles.live : ''}`}
      aria-labelledby={titleId}
    >
      <div className={styles.top}>
        {group === 'live' ? <LiveBadge label={t('status.live')} /> : null}
        {group === 'finished' && event.status !== 'completed' ? (
          <span className={styles.tag}>{t(`status.${event.status}`)}</span>
        ) : null}
        <span className={styles.tag}>{t(`format.${event.format}`)}</span>
        {showLeague ? (
          <span className={styles.league}>
            <LeagueLogo
              league={league}
              apiOrigin={apiOrigin}
              size={20}
              decorative
              className={styles.leagueLogo}
            />
            {league.caption}
          </span>
        ) : null}
      </div>
      {/* elementtiming: the browser reports when the list's first text paints (bench:web). */}
      <h3 id={titleId} className={styles.title} {...{ elementtiming: 'event-card' }}>
        {event.title}
      </h3>
      <ul className={styles.teams} aria-label={t('card.teams')}>
        {event.teams.map((team) => (
          <TeamRow key={team.shortName} event={shown} team={team} hidden={hideScores} />
        ))}
      </ul>
      {group === 'live' ? <LiveDetails event={shown} hidden={hideScores} /> : null}
      {behind && picture.pictureTime !== null ? (
        <BehindLiveNote
          id={guardedId}
          pictureTime={picture.pictureTime}
          known={picture.state !== null}
          revealed={revealed}
        />
      ) : null}
      {group === 'upcoming' ? <UpcomingDetails event={event} now={now} /> : null}
      {group === 'finished' ? (
        <FinishedDetails event={event} hidden={guarded} resultId={guardedId} />
      ) : null}
      {finishedPlayed || behind ? (
        <SpoilerToggle
          revealed={revealed}
          onToggle={() => setRevealed(!revealed)}
          what={finishedPlayed ? 'result' : 'liveScore'}
          controls={guardedId}
        />
      ) : null}
      <p className={styles.venue}>
        {event.venue.name}, {event.venue.city}
      </p>
      {watchable ? (
        <ButtonLink href={watchHref(event.eventId)} navigate={navigate} className={styles.watch}>
          <span aria-hidden="true" className={styles.play}>
            ▶
          </span>
          {rich('card.watch', { title: event.title, hidden })}
        </ButtonLink>
      ) : null}
      {replay ? (
        <ButtonLink href={watchHref(event.eventId)} navigate={navigate} className={styles.watch}>
          <span aria-hidden="true" className={styles.play}>
            ▶
          </span>
          {rich('card.watchReplay', { title: event.title, hidden })}
        </ButtonLink>
      ) : null}
      <MatchPassOffer event={event} shelf={passes} navigate={navigate} />
    </article>
  );
}
