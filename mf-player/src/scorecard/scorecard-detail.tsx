import type { Scorecard } from '@crease/contract';
import styles from './scorecard.module.css';

function ballClass(ball: string): string {
  if (ball.includes('W')) return `${styles.ball} ${styles.ballWicket}`;
  if (ball === '4' || ball === '6') return `${styles.ball} ${styles.ballBoundary}`;
  return styles.ball!;
}

/** The chase: runs to win and the rate needed, once there is a target. */
function ChaseLine({ scorecard }: { scorecard: Scorecard }) {
  if (scorecard.target === null) return null;
  const rate =
    scorecard.requiredRunRate === null
      ? ''
      : ` · Required rate ${scorecard.requiredRunRate.toFixed(2)}`;
  return (
    <p className={styles.chase}>
      Target {scorecard.target}
      {rate}
    </p>
  );
}

/**
 * The ball-by-ball card (issue 21 §6) at the picture's time: batters and bowlers with their
 * figures and the last six balls. Shown only when the timeline carries it.
 */
export function ScorecardDetail({ scorecard }: { scorecard: Scorecard }) {
  return (
    <div className={styles.detail}>
      <ChaseLine scorecard={scorecard} />
      {scorecard.batters.length ? (
        <table className={styles.table}>
          <caption>Batters</caption>
          <thead>
            <tr>
              <th scope="col">Batter</th>
              <th scope="col">R</th>
              <th scope="col">B</th>
              <th scope="col">4s</th>
              <th scope="col">6s</th>
            </tr>
          </thead>
          <tbody>
            {scorecard.batters.map((batter) => (
              <tr key={batter.name}>
                <th scope="row">
                  {batter.name}
                  {batter.onStrike ? <span aria-label="on strike">*</span> : null}
                  {batter.dismissal ? (
                    <span className={styles.dismissal}>{batter.dismissal}</span>
                  ) : null}
                </th>
                <td>{batter.runs}</td>
                <td>{batter.balls}</td>
                <td>{batter.fours}</td>
                <td>{batter.sixes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {scorecard.bowlers.length ? (
        <table className={styles.table}>
          <caption>Bowlers</caption>
          <thead>
            <tr>
              <th scope="col">Bowler</th>
              <th scope="col">O</th>
              <th scope="col">M</th>
              <th scope="col">R</th>
              <th scope="col">W</th>
            </tr>
          </thead>
          <tbody>
            {scorecard.bowlers.map((bowler) => (
              <tr key={bowler.name}>
                <th scope="row">
                  {bowler.name}
                  {bowler.current ? <span aria-label="bowling">*</span> : null}
                </th>
                <td>{bowler.overs}</td>
                <td>{bowler.maidens}</td>
                <td>{bowler.runs}</td>
                <td>{bowler.wickets}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {scorecard.lastBalls.length ? (
        <ol className={styles.balls} aria-label="Last six balls">
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
