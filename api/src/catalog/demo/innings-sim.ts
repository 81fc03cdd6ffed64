/**
 * One limited-overs innings, bowled one delivery at a time (decision 225), kept in the same
 * InningsBook the scorer's console writes (decision 442). Each call of `bowl()`
 * moves the score by exactly that delivery and returns its commentary, its key moment if any, and
 * the scorecard after it, so the timeline never jumps. Outcomes are drawn from a seeded random
 * source whose boundary and wicket rates follow the innings' intended run rate.
 */
import type { Innings, KeyMoment, Scorecard } from '@crease/contract';
import { InningsBook, oversOf } from '../innings-book';
import { ballCommentary } from './commentary';
import type { BallOutcome, DismissalKind } from './commentary';
import { pick } from './seeded-random';
import type { Random } from './seeded-random';
import { FIRST_BOWLER_INDEX, KEEPER_INDEX } from './squads';

export interface InningsPlan {
  /** The batting side's shortName. */
  team: string;
  /** Batting order. */
  batting: readonly string[];
  /** The fielding side's eleven (keeper and bowlers by squads.ts positions). */
  fielding: readonly string[];
  /** Legal balls available. */
  balls: number;
  /** Intended runs per legal ball (about 0.85 for an ODI to 1.65 for a Hundred). */
  runRate: number;
  /** The chase's target, null in the first innings. */
  target: number | null;
  random: Random;
  /**
   * Legal balls a bowler bowls before the next one takes over: an over (6), or in The Hundred a
   * set of ten from one end (two sets of five, issue 36 §5). Default 6.
   */
  spell?: number;
}

export interface Delivery {
  innings: Innings;
  scorecard: Scorecard;
  commentary: string;
  moment: KeyMoment | null;
}

export { oversOf };

type Runs = Extract<BallOutcome, { kind: 'runs' }>['runs'];

const DISMISSALS: readonly [DismissalKind, number][] = [
  ['caught', 0.55],
  ['bowled', 0.2],
  ['lbw', 0.15],
  ['run_out', 0.05],
  ['stumped', 0.05],
];

export class InningsSim {
  private readonly book: InningsBook;
  private readonly boldness: number;
  private readonly spell: number;

  constructor(private readonly plan: InningsPlan) {
    this.spell = plan.spell ?? 6;
    this.book = new InningsBook({
      team: plan.team,
      openers: [plan.batting[0]!, plan.batting[1]!],
      balls: plan.balls,
      target: plan.target,
      spell: this.spell,
    });
    this.boldness = Math.min(1, Math.max(0, (plan.runRate - 0.85) / 0.8));
  }

  get runs(): number {
    return this.book.runs;
  }
  get wickets(): number {
    return this.book.wickets;
  }
  get legal(): number {
    return this.book.legal;
  }
  get balls(): number {
    return this.book.balls;
  }
  set balls(balls: number) {
    this.book.balls = balls;
  }
  get target(): number | null {
    return this.book.target;
  }
  set target(target: number | null) {
    this.book.target = target;
  }

  /** Ten down, the balls used up, or the target reached. */
  get complete(): boolean {
    return this.book.complete;
  }

  innings(): Innings {
    return this.book.innings();
  }

  /** The bowler of the over (or set) in progress: five bowlers in turn, none two running. */
  private bowlerName(): string {
    const bowlers = this.plan.fielding.slice(FIRST_BOWLER_INDEX);
    return bowlers[Math.floor(this.legal / this.spell) % bowlers.length]!;
  }

  private outcome(bowler: string): BallOutcome {
    const { random } = this.plan;
    const s = this.boldness;
    const roll = random();
    type Extra = 'wide' | 'noBall' | 'bye' | 'legBye';
    // The extras other than wides come last, out of the dot balls' share (issue 36 §5).
    const chances: [Extra | 'wicket' | Runs, number][] = [
      ['wide', 0.03],
      ['wicket', 0.02 + 0.03 * s],
      [6, 0.02 + 0.06 * s],
      [4, 0.07 + 0.07 * s],
      [3, 0.01],
      [2, 0.08],
      [1, 0.36],
      ['noBall', 0.008],
      ['legBye', 0.02],
      ['bye', 0.008],
    ];
    let sum = 0;
    for (const [kind, chance] of chances) {
      sum += chance;
      if (roll >= sum) continue;
      if (kind === 'wide' || kind === 'noBall' || kind === 'bye' || kind === 'legBye')
        return { kind };
      if (kind === 'wicket') {
        let at = random();
        const how = DISMISSALS.find(([, share]) => (at -= share) < 0)?.[0] ?? 'caught';
        const fielder =
          how === 'stumped'
            ? this.plan.fielding[KEEPER_INDEX]!
            : pick(
                random,
                this.plan.fielding.filter((name) => name !== bowler || how === 'caught'),
              );
        return { kind: 'wicket', how, fielder };
      }
      return { kind: 'runs', runs: kind };
    }
    return { kind: 'runs', runs: 0 };
  }

  /** The next delivery: its effect on the score, the words for it and the card after it. */
  bowl(): Delivery {
    const bowlerName = this.bowlerName();
    this.book.setBowler(bowlerName);
    const batter = this.book.crease().striker!;
    const outcome = this.outcome(bowlerName);
    const commentary = ballCommentary(this.plan.random, bowlerName, batter, outcome);
    const moment = this.book.deliver(
      outcome.kind === 'wicket'
        ? { ...outcome, newBatter: this.plan.batting[this.book.wickets + 2] ?? null }
        : outcome,
    );
    return {
      innings: this.innings(),
      scorecard: this.scorecard(null),
      commentary:
        moment?.kind === 'fifty' || moment?.kind === 'hundred'
          ? `${commentary}. ${moment.label.replace(/:/, ' for')}`
          : commentary,
      moment,
    };
  }

  /** The card as it stands; `interruption` ("Innings break", "Rain delay") while play is stopped. */
  scorecard(interruption: string | null): Scorecard {
    return this.book.scorecard(interruption, this.bowlerName());
  }
}
