import type { CatalogEvent, Innings, Team } from '@crease/contract';
import { englishWords } from '../messages';
import type { CatalogWords } from '../messages';

/** One innings as a scorecard writes it: "187/4", "245" (all out), "350/7d". */
export function inningsScore(innings: Innings): string {
  const score = innings.wickets >= 10 ? `${innings.runs}` : `${innings.runs}/${innings.wickets}`;
  return innings.declared ? `${score}d` : score;
}

/**
 * A team's line on the card: its innings joined with "&" (a Test has two), and the overs of the
 * latest one: "245 & 130/3", "(42.3 ov)". Null before the team has batted.
 */
export function teamScore(
  event: CatalogEvent,
  team: Team,
  words: CatalogWords = englishWords(),
): { score: string; overs: string } | null {
  const own = event.innings.filter((innings) => innings.team === team.shortName);
  const latest = own.at(-1);
  if (!latest) return null;
  return {
    score: own.map(inningsScore).join(' & '),
    overs: words.t('card.overs', { overs: latest.overs }),
  };
}

function teamBy(event: CatalogEvent, shortName: string): Team | undefined {
  return event.teams.find((team) => team.shortName === shortName);
}

/** The side at the crease while a match is live (the latest innings' team), if any. */
export function battingTeam(event: CatalogEvent): Team | null {
  const latest = event.innings.at(-1);
  return latest ? (teamBy(event, latest.team) ?? null) : null;
}

/**
 * What is happening now, in words, for a live match: "Mumbai Monsoons batting", "Rain delay ·
 * Mumbai Monsoons batting", "Innings break", "Chennai won the toss and chose to bowl".
 */
export function liveSituation(
  event: CatalogEvent,
  words: CatalogWords = englishWords(),
): {
  playState: string | null;
  detail: string | null;
} {
  const playState = event.playState ? words.t(`playState.${event.playState}`) : null;
  if (event.playState === 'innings_break') return { playState, detail: null };
  const batting = battingTeam(event);
  if (batting) return { playState, detail: words.t('card.batting', { team: batting.name }) };
  return { playState, detail: tossText(event, words) };
}

/** "Chennai Cyclones won the toss and chose to bowl", or null before the toss. */
export function tossText(event: CatalogEvent, words: CatalogWords = englishWords()): string | null {
  if (!event.toss) return null;
  const team = teamBy(event, event.toss.winner)?.name ?? event.toss.winner;
  return words.t('card.toss', { team, decision: event.toss.decision });
}

/**
 * The chase in a limited-overs match: "Target 188" from the innings break on (the break is when
 * viewers want it most). Tests and first-class matches have no single target until the fourth
 * innings, so none is shown.
 */
export function targetText(
  event: CatalogEvent,
  words: CatalogWords = englishWords(),
): string | null {
  if (event.format === 'test' || event.format === 'first_class') return null;
  const [first, second] = event.innings;
  if (!first || (!second && event.playState !== 'innings_break')) return null;
  return words.t('card.target', { target: first.runs + 1 });
}

/** A live match's side that has not batted while the other has: its row says "Yet to bat". */
export function yetToBat(event: CatalogEvent, team: Team): boolean {
  return (
    event.status === 'live' &&
    event.innings.length > 0 &&
    !event.innings.some((innings) => innings.team === team.shortName)
  );
}
