import { ballsOf, countsInBalls, extrasTotal } from '@crease/contract';
import type { Extras, FallOfWicket, Innings, MatchFormat, Scorecard } from '@crease/contract';
import styles from './scorecard.module.css';
import { englishWords, useMessages } from '../messages';
import type { PlayerWords } from '../messages';

/** "b 1, lb 2, w 5, nb 0, p 0": every kind, as a scorer writes them. */
export function extrasText(extras: Extras): string {
  return `b ${extras.byes}, lb ${extras.legByes}, w ${extras.wides}, nb ${extras.noBalls}, p ${extras.penalties}`;
}

/** "1-23 (Das, 3.4 ov)"; The Hundred: "1-23 (Das, 22 balls)". */
export function fallText(
  fall: FallOfWicket,
  format: MatchFormat,
  words: PlayerWords = englishWords(),
): string {
  return `${fall.wicket}-${fall.runs} (${fall.batter}, ${progressIn(format, fall.overs, words)})`;
}

/** "3.4 ov", The Hundred "22 balls", in the viewer's language. */
function progressIn(format: MatchFormat, overs: string, words: PlayerWords): string {
  return countsInBalls(format)
    ? words.t('panel.balls', { balls: ballsOf(overs) })
    : words.t('progress.overs', { overs });
}

/** "181/6 (20 ov)", "98 (16.3 ov)" all out, "143/6 (100 balls)". */
function totalText(innings: Innings, format: MatchFormat, words: PlayerWords): string {
  const wickets = innings.wickets >= 10 ? '' : `/${innings.wickets}`;
  return `${innings.runs}${wickets}${innings.declared ? 'd' : ''} (${progressIn(format, innings.overs, words)})`;
}

export interface BattingCardProps {
  scorecard: Scorecard;
  /** The innings the card's batters belong to: its total closes the card. */
  innings: Innings | null;
  format: MatchFormat;
}

/**
 * The batting card as a scorer writes it (issue 36 §5): each batter with how they were out or
 * "not out", the extras by kind, the total, then the fall of wickets. The batters and the extras
 * add up to the total. Entries written before the extras were kept have neither row.
 */
export function BattingCard({ scorecard, innings, format }: BattingCardProps) {
  const words = useMessages();
  const { t } = words;
  const { extras, fallOfWickets } = scorecard;
  return (
    <>
      <table className={styles.table}>
        <caption>{t('card.batters')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('card.batter')}</th>
            <th scope="col">{t('card.runs')}</th>
            <th scope="col">{t('card.balls')}</th>
            <th scope="col">{t('card.fours')}</th>
            <th scope="col">{t('card.sixes')}</th>
          </tr>
        </thead>
        <tbody>
          {scorecard.batters.map((batter) => (
            <tr key={batter.name}>
              <th scope="row">
                {batter.name}
                {batter.onStrike ? <span aria-label={t('card.onStrike')}>*</span> : null}
                <span className={styles.dismissal}>{batter.dismissal ?? t('card.notOut')}</span>
              </th>
              <td>{batter.runs}</td>
              <td>{batter.balls}</td>
              <td>{batter.fours}</td>
              <td>{batter.sixes}</td>
            </tr>
          ))}
        </tbody>
        {extras ? (
          <tfoot>
            <tr>
              <th scope="row">
                {t('card.extras')} <span className={styles.dismissal}>{extrasText(extras)}</span>
              </th>
              <td>{extrasTotal(extras)}</td>
              <td colSpan={3} />
            </tr>
            {innings ? (
              <tr className={styles.total}>
                <th scope="row">{t('card.total')}</th>
                <td colSpan={4}>{totalText(innings, format, words)}</td>
              </tr>
            ) : null}
          </tfoot>
        ) : null}
      </table>
      {fallOfWickets?.length ? (
        <p className={styles.falls}>
          <span className={styles.fallsLabel}>{t('card.falls')}</span>
          {fallOfWickets.map((fall) => fallText(fall, format, words)).join(', ')}
        </p>
      ) : null}
    </>
  );
}
