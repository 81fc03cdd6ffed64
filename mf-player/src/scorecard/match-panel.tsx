import { MATCH_FORMAT_LABELS, countsInBalls, progressText } from '@crease/contract';
import type { CatalogEvent, TimelineState, Team } from '@crease/contract';
import { LiveBadge } from '@crease/ui';
import { matchPhase } from '../match/match-phase';
import { ScorecardDetail } from './scorecard-detail';
import styles from './match-panel.module.css';

/** An innings' progress in the card's team rows: "20" (overs), The Hundred "100 balls". */
const progressOf = (format: CatalogEvent['format'], overs: string) =>
  countsInBalls(format) ? progressText(format, overs) : overs;

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
  const { interruption, battingTeam } = matchPhase(state);
  return (
    <section className={styles.panel} aria-labelledby="match-panel-title">
      <div className={styles.top}>
        {live ? <LiveBadge /> : null}
        <span className={styles.tag}>{MATCH_FORMAT_LABELS[event.format]}</span>
        {interruption ? <span className={styles.playState}>{interruption}</span> : null}
      </div>
      <h2 id="match-panel-title" className={styles.heading}>
        Scorecard
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
                  <span className={styles.batting}> batting</span>
                ) : null}
              </span>
              <span className={styles.runs}>
                {innings.length
                  ? innings
                      .map(
                        (i) =>
                          `${i.runs}/${i.wickets}${i.declared ? 'd' : ''} (${progressOf(event.format, i.overs)})`,
                      )
                      .join(' & ')
                  : state
                    ? 'Yet to bat'
                    : '–'}
              </span>
            </li>
          );
        })}
      </ul>
      <p className={styles.summary} aria-live="polite" aria-atomic="true">
        <span className={styles.summaryLabel}>Score </span>
        {state ? state.scoreSummary || 'Yet to bat' : 'The score appears with the picture'}
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
          {live && !latest.result ? 'Live now' : 'Final score'}:{' '}
          {latest.scoreSummary || 'Yet to bat'}
          {latest.result ? ` · ${latest.result}` : ''}
        </p>
      ) : null}
      {state?.result ? <p className={styles.result}>{state.result}</p> : null}
      {state?.toss ? (
        <p className={styles.venue}>
          Toss:{' '}
          {event.teams.find((t) => t.shortName === state.toss?.winner)?.name ?? state.toss.winner},
          chose to {state.toss.decision}
        </p>
      ) : null}
    </section>
  );
}
