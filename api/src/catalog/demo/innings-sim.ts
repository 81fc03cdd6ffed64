/**
 * One limited-overs innings, bowled one delivery at a time (decision 225). Each call of `bowl()`
 * moves the score by exactly that delivery and returns its commentary, its key moment if any, and
 * the scorecard after it, so the timeline never jumps. Outcomes are drawn from a seeded random
 * source whose boundary and wicket rates follow the innings' intended run rate.
 */
import type {
  BatterFigures,
  BowlerFigures,
  Extras,
  FallOfWicket,
  Innings,
  KeyMoment,
  Scorecard,
} from '@crease/contract';
import { ballCommentary, dismissalText, moments } from './commentary';
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

export const oversOf = (balls: number) =>
  `${Math.floor(balls / 6)}${balls % 6 ? `.${balls % 6}` : ''}`;

type Runs = Extract<BallOutcome, { kind: 'runs' }>['runs'];

const DISMISSALS: readonly [DismissalKind, number][] = [
  ['caught', 0.55],
  ['bowled', 0.2],
  ['lbw', 0.15],
  ['run_out', 0.05],
  ['stumped', 0.05],
];

interface Bowling {
  name: string;
  legal: number;
  maidens: number;
  runs: number;
  wickets: number;
}

export class InningsSim {
  runs = 0;
  wickets = 0;
  legal = 0;
  balls: number;
  target: number | null;
  private readonly batters: BatterFigures[];
  private striker = 0;
  private nonStriker = 1;
  private readonly bowling = new Map<string, Bowling>();
  private currentBowler: string | null = null;
  private overRuns = 0;
  private lastBalls: string[] = [];
  private readonly extras: Extras = { byes: 0, legByes: 0, wides: 0, noBalls: 0, penalties: 0 };
  private readonly fallOfWickets: FallOfWicket[] = [];
  private readonly boldness: number;
  private readonly spell: number;

  constructor(private readonly plan: InningsPlan) {
    this.balls = plan.balls;
    this.target = plan.target;
    this.spell = plan.spell ?? 6;
    this.boldness = Math.min(1, Math.max(0, (plan.runRate - 0.85) / 0.8));
    this.batters = plan.batting.slice(0, 2).map((name) => this.newBatter(name));
    this.batters[0]!.onStrike = true;
  }

  private newBatter(name: string): BatterFigures {
    return { name, runs: 0, balls: 0, fours: 0, sixes: 0, onStrike: false, dismissal: null };
  }

  /** Ten down, the balls used up, or the target reached. */
  get complete(): boolean {
    return (
      this.wickets === 10 ||
      this.legal >= this.balls ||
      (this.target !== null && this.runs >= this.target)
    );
  }

  innings(): Innings {
    return {
      team: this.plan.team,
      runs: this.runs,
      wickets: this.wickets,
      overs: oversOf(this.legal),
      declared: false,
    };
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
    if (this.currentBowler !== bowlerName) {
      this.currentBowler = bowlerName;
      this.overRuns = 0;
    }
    const bowler = this.bowling.get(bowlerName) ?? {
      name: bowlerName,
      legal: 0,
      maidens: 0,
      runs: 0,
      wickets: 0,
    };
    this.bowling.set(bowlerName, bowler);
    const batter = this.batters[this.striker]!;
    const outcome = this.outcome(bowlerName);
    const commentary = ballCommentary(this.plan.random, bowlerName, batter.name, outcome);
    let moment: KeyMoment | null = null;

    if (outcome.kind === 'wide' || outcome.kind === 'noBall') {
      // One run, charged to the bowler; the ball does not count and is bowled again.
      this.runs += 1;
      bowler.runs += 1;
      this.overRuns += 1;
      if (outcome.kind === 'wide') this.extras.wides += 1;
      else {
        this.extras.noBalls += 1;
        batter.balls += 1;
      }
      this.lastBalls.push(outcome.kind === 'wide' ? '1wd' : '1nb');
    } else if (outcome.kind === 'bye' || outcome.kind === 'legBye') {
      // A legal ball the batter faced; the run is not off the bat nor the bowler's.
      this.legal += 1;
      bowler.legal += 1;
      batter.balls += 1;
      this.runs += 1;
      if (outcome.kind === 'bye') this.extras.byes += 1;
      else this.extras.legByes += 1;
      this.lastBalls.push(outcome.kind === 'bye' ? '1b' : '1lb');
      this.swapStrike();
      this.endOfSpell(bowler);
    } else {
      this.legal += 1;
      bowler.legal += 1;
      batter.balls += 1;
      if (outcome.kind === 'wicket') {
        this.wickets += 1;
        if (outcome.how !== 'run_out') bowler.wickets += 1;
        batter.dismissal = dismissalText(outcome.how, bowlerName, outcome.fielder);
        batter.onStrike = false;
        this.fallOfWickets.push({
          wicket: this.wickets,
          runs: this.runs,
          batter: batter.name,
          overs: oversOf(this.legal),
        });
        moment = moments.wicket(batter.name, batter.dismissal, batter.runs, batter.balls);
        this.lastBalls.push('W');
        const next = this.plan.batting[this.wickets + 1];
        if (this.wickets < 10 && next) {
          this.batters.push(this.newBatter(next));
          this.striker = this.batters.length - 1;
        }
      } else {
        const { runs } = outcome;
        const before = batter.runs;
        this.runs += runs;
        batter.runs += runs;
        bowler.runs += runs;
        this.overRuns += runs;
        if (runs === 4) batter.fours += 1;
        if (runs === 6) batter.sixes += 1;
        this.lastBalls.push(String(runs));
        const hundred = before < 100 && batter.runs >= 100;
        if (hundred || (before < 50 && batter.runs >= 50))
          moment = moments.milestone(hundred, batter.name, batter.runs, batter.balls);
        else if (runs === 4 || runs === 6)
          moment = moments.boundary(runs, batter.name, bowlerName, oversOf(this.legal));
        if (runs % 2 === 1) this.swapStrike();
      }
      this.endOfSpell(bowler);
    }
    this.lastBalls = this.lastBalls.slice(-6);
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

  /** At the end of an over (or a set of ten) the ends change; a spell without a run is a maiden. */
  private endOfSpell(bowler: Bowling) {
    if (this.legal % this.spell !== 0) return;
    if (this.overRuns === 0) bowler.maidens += 1;
    this.swapStrike();
  }

  private swapStrike() {
    [this.striker, this.nonStriker] = [this.nonStriker, this.striker];
  }

  /** The card as it stands; `interruption` ("Innings break", "Rain delay") while play is stopped. */
  scorecard(interruption: string | null): Scorecard {
    const remaining = this.balls - this.legal;
    const needed = this.target === null ? null : Math.max(0, this.target - this.runs);
    const atCrease = (i: number) => this.batters[i]?.dismissal === null;
    return {
      battingTeam: interruption || this.complete ? null : this.plan.team,
      batters: this.batters.map((b, i) => ({
        ...b,
        onStrike: interruption === null && !this.complete && i === this.striker && atCrease(i),
      })),
      bowlers: [...this.bowling.values()].map((b) => ({
        name: b.name,
        overs: oversOf(b.legal),
        maidens: b.maidens,
        runs: b.runs,
        wickets: b.wickets,
        current: interruption === null && !this.complete && b.name === this.bowlerName(),
      })) satisfies BowlerFigures[],
      lastBalls: [...this.lastBalls],
      extras: { ...this.extras },
      fallOfWickets: this.fallOfWickets.map((fall) => ({ ...fall })),
      target: this.target,
      requiredRunRate:
        needed === null || remaining <= 0 || needed === 0
          ? null
          : Math.round((needed * 600) / remaining) / 100,
      interruption,
    };
  }
}
