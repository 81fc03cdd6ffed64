import { ballsOf, countsInBalls } from '@crease/contract';
import type { CatalogEvent, TimelineState, Team } from '@crease/contract';
import { LiveBadge } from '@crease/ui';
import { matchPhase } from '../match/match-phase';
import { ScorecardDetail } from './scorecard-detail';
import styles from './match-panel.module.css';
import { useMessages } from '../messages';
import type { PlayerWords } from '../messages';

/** An innings' progress in the card's team rows: "20" (overs), The Hundred "100 balls". */
const progressOf = (format: CatalogEvent['format'], overs: string, words: PlayerWords) =>
  countsInBalls(format) ? words.t('panel.balls', { balls: ballsOf(overs) }) : overs;

function inningsOf(state: TimelineState | null, team: Team) {
  return state?.innings.filter((i) => i.team === team.shortName) ?? [];
}

/**
 * The match as the picture shows it: `state` is the timeline entry at the video's
 * program-date-time (decision 117), never the catalog's latest. Announced politely as it
 * changes, the way a commentator would.
 */
export function MatchPanel({
  event,
  state,
  live,
  latest,
}: {
  event: CatalogEvent;
  state: TimelineState | null;
  live: boolean;
  /** Spoiler-free off and behind live: the newest state, said apart from the picture's. */
  latest?: TimelineState | null;
}) {
  const words = useMessages();
  const { t } = words;
  const { interruption, battingTeam } = matchPhase(state, words);
  const scoreOrYet = (summary: string) => summary || t('panel.yetToBat');
  return (
    <section className={styles.panel} aria-labelledby="match-panel-title">
      <div className={styles.top}>
        {live ? <LiveBadge label={t('seek.liveBadge')} /> : null}
        <span className={styles.tag}>{t(`format.${event.format}`)}</span>
        {interruption ? <span className={styles.playState}>{interruption}</span> : null}
      </div>
      <h2 id="match-panel-title" className={styles.heading}>
        {t('panel.title')}
      </h2>
      <ul className={styles.teams}>
        {event.teams.map((team) => {
          const innings = inningsOf(state, team);
          return (
            <li key={team.shortName} className={styles.team}>
              <span
                className={styles.colours}
                style={{
                  background: `linear-gradient(135deg, ${team.colours.primary} 50%, ${team.colours.secondary} 50%)`,
                }}
                aria-hidden="true"
              />
              <span className={styles.teamName}>
                {team.name}
                {battingTeam === team.shortName ? (
                  <span className={styles.batting}>{t('panel.batting')}</span>
                ) : null}
              </span>
              <span className={styles.runs}>
                {innings.length
                  ? innings
                      .map(
                        (i) =>
                          `${i.runs}/${i.wickets}${i.declared ? 'd' : ''} (${progressOf(event.format, i.overs, words)})`,
                      )
                      .join(' & ')
                  : state
                    ? t('panel.yetToBat')
                    : '–'}
              </span>
            </li>
          );
        })}
      </ul>
      <p className={styles.summary} aria-live="polite" aria-atomic="true">
        <span className={styles.summaryLabel}>{t('panel.scoreLabel')}</span>
        {state ? scoreOrYet(state.scoreSummary) : t('panel.scoreWaits')}
      </p>
      {state?.scorecard ? (
        <ScorecardDetail
          scorecard={state.scorecard}
          innings={state.innings.at(-1) ?? null}
          format={event.format}
        />
      ) : null}
      {latest ? (
        <p className={styles.venue}>
          {/* A match with a result, or a replay, is not "live now" (issue 36): its last score is
              the final one. */}
          {t(live && !latest.result ? 'panel.liveNow' : 'panel.finalScore', {
            score: scoreOrYet(latest.scoreSummary),
          })}
          {latest.result ? ` · ${latest.result}` : ''}
        </p>
      ) : null}
      {state?.result ? <p className={styles.result}>{state.result}</p> : null}
      {state?.toss ? (
        <p className={styles.venue}>
          {t('panel.toss', {
            team:
              event.teams.find((team) => team.shortName === state.toss?.winner)?.name ??
              state.toss.winner,
            decision: state.toss.decision,
          })}
        </p>
      ) : null}
    </section>
  );
}
