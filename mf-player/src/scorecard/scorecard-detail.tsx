import { ballsOf, countsInBalls } from '@crease/contract';
import type { Innings, MatchFormat, Scorecard } from '@crease/contract';
import { BattingCard } from './batting-card';
import styles from './scorecard.module.css';
import { useMessages } from '../messages';

function ballClass(ball: string): string {
  if (ball.includes('W')) return `${styles.ball} ${styles.ballWicket}`;
  if (ball === '4' || ball === '6') return `${styles.ball} ${styles.ballBoundary}`;
  return styles.ball!;
}

/** The chase: runs to win and the rate needed, once there is a target. */
function ChaseLine({ scorecard }: { scorecard: Scorecard }) {
  const { t } = useMessages();
  if (scorecard.target === null) return null;
  const rate =
    scorecard.requiredRunRate === null
      ? ''
      : t('card.requiredRate', { rate: scorecard.requiredRunRate.toFixed(2) });
  return (
    <p className={styles.chase}>
      {t('card.target', { target: scorecard.target })}
      {rate}
    </p>
  );
}

/**
 * The ball-by-ball card (issue 21 §6) at the picture's time: batters and bowlers with their
 * figures and the last six balls. Shown only when the timeline carries it. The Hundred counts a
 * bowler's balls, not overs, and has no maidens (issue 36 §5).
 */
export function ScorecardDetail({
  scorecard,
  innings = null,
  format = 't20',
}: {
  scorecard: Scorecard;
  /** The innings the card's batters belong to (the latest). */
  innings?: Innings | null;
  format?: MatchFormat;
}) {
  const { t } = useMessages();
  const inBalls = countsInBalls(format);
  return (
    <div className={styles.detail}>
      <ChaseLine scorecard={scorecard} />
      {scorecard.batters.length ? (
        <BattingCard scorecard={scorecard} innings={innings} format={format} />
      ) : null}
      {scorecard.bowlers.length ? (
        <table className={styles.table}>
          <caption>{t('card.bowlers')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('card.bowler')}</th>
              {inBalls ? (
                <th scope="col">{t('card.balls')}</th>
              ) : (
                <>
                  <th scope="col">{t('card.overs')}</th>
                  <th scope="col">{t('card.maidens')}</th>
                </>
              )}
              <th scope="col">{t('card.runs')}</th>
              <th scope="col">{t('card.wickets')}</th>
            </tr>
          </thead>
          <tbody>
            {scorecard.bowlers.map((bowler) => (
              <tr key={bowler.name}>
                <th scope="row">
                  {bowler.name}
                  {bowler.current ? <span aria-label={t('card.bowling')}>*</span> : null}
                </th>
                {inBalls ? (
                  <td>{ballsOf(bowler.overs)}</td>
                ) : (
                  <>
                    <td>{bowler.overs}</td>
                    <td>{bowler.maidens}</td>
                  </>
                )}
                <td>{bowler.runs}</td>
                <td>{bowler.wickets}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {scorecard.lastBalls.length ? (
        <ol className={styles.balls} aria-label={t('card.lastBalls')}>
          {scorecard.lastBalls.map((ball, index) => (
            <li key={index} className={ballClass(ball)}>
              {ball}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
