/**
 * One innings' book (decision 225, decision 442): the score, the batters' and bowlers' figures,
 * extras, fall of wickets and the last six balls, moved by one delivery at a time. The demo's
 * simulator (demo/innings-sim.ts) draws each delivery at random; the scorer's console (issue 33
 * §3) says what happened. Both write the same scorecard and the same key moments through here.
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
import { dismissalText, moments } from './demo/commentary';
import type { DismissalKind } from './demo/commentary';

export const oversOf = (balls: number) =>
  `${Math.floor(balls / 6)}${balls % 6 ? `.${balls % 6}` : ''}`;

export type BatRuns = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * What one delivery did. `runs` on an extra: for a wide, runs run (or 4 for a boundary) beyond
 * the one-run penalty; for a no-ball, runs off the bat beyond the penalty; for byes and leg byes,
 * the runs scored. Left out: the demo's one-run extras (0 beyond a wide's or no-ball's penalty,
 * 1 bye). A wicket falls to a legal ball; `out` says which batter (a run out may be either).
 */
export type Delivery =
  | { kind: 'runs'; runs: BatRuns }
  | { kind: 'wide'; runs?: number }
  | { kind: 'noBall'; runs?: number }
  | { kind: 'bye'; runs?: number }
  | { kind: 'legBye'; runs?: number }
  | {
      kind: 'wicket';
      how: DismissalKind;
      fielder: string;
      out?: 'striker' | 'nonStriker';
      /** The batter who comes in; null when none does (ten down, or the innings ends). */
      newBatter?: string | null;
    };

export interface BookPlan {
  /** The batting side's shortName. */
  team: string;
  /** The two openers, striker first. */
  openers: readonly [string, string];
  /** Legal balls available. */
  balls: number;
  /** The chase's target, null in the first innings. */
  target: number | null;
  /** Legal balls in a bowler's turn: an over (6), or ten in The Hundred. Default 6. */
  spell?: number;
}

interface Bowling {
  name: string;
  legal: number;
  maidens: number;
  runs: number;
  wickets: number;
}

export class InningsBook {
  runs = 0;
  wickets = 0;
  legal = 0;
  balls: number;
  target: number | null;
  readonly spell: number;
  private readonly batters: BatterFigures[];
  private striker = 0;
  private nonStriker = 1;
  private readonly bowling = new Map<string, Bowling>();
  /** The bowler of the turn in progress (or just finished). */
  bowler: string | null = null;
  private turnRuns = 0;
  private lastBalls: string[] = [];
  private readonly extras: Extras = { byes: 0, legByes: 0, wides: 0, noBalls: 0, penalties: 0 };
  private readonly fallOfWickets: FallOfWicket[] = [];

  constructor(private readonly plan: BookPlan) {
    this.balls = plan.balls;
    this.target = plan.target;
    this.spell = plan.spell ?? 6;
    this.batters = plan.openers.map((name) => InningsBook.newBatter(name));
    this.batters[0]!.onStrike = true;
  }

  private static newBatter(name: string): BatterFigures {
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

  /** A bowler's turn is bowled out: the next ball needs a (different) bowler. */
  get turnComplete(): boolean {
    return this.turnDone;
  }
  private turnDone = false;

  /** Names at the crease, striker first (empty names once out). */
  crease(): { striker: string | null; nonStriker: string | null } {
    const at = (i: number) => {
      const batter = this.batters[i];
      return batter && batter.dismissal === null ? batter.name : null;
    };
    return { striker: at(this.striker), nonStriker: at(this.nonStriker) };
  }

  /** Every batter who has come in (out or not). */
  battersIn(): string[] {
    return this.batters.map((b) => b.name);
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

  /** The bowler of the next ball: a change resets the turn's runs (for maidens). */
  setBowler(name: string): void {
    if (this.bowler !== name) {
      this.bowler = name;
      this.turnRuns = 0;
    }
    this.turnDone = false;
    if (!this.bowling.has(name))
      this.bowling.set(name, { name, legal: 0, maidens: 0, runs: 0, wickets: 0 });
  }

  /** Applies one delivery by the current bowler; answers its key moment, if any. */
  deliver(delivery: Delivery): KeyMoment | null {
    const bowlerName = this.bowler;
    if (bowlerName === null) throw new Error('InningsBook: no bowler');
    const bowler = this.bowling.get(bowlerName)!;
    const batter = this.batters[this.striker]!;
    let moment: KeyMoment | null = null;
    const milestone = (before: number) => {
      const hundred = before < 100 && batter.runs >= 100;
      return hundred || (before < 50 && batter.runs >= 50)
        ? moments.milestone(hundred, batter.name, batter.runs, batter.balls)
        : null;
    };

    if (delivery.kind === 'wide' || delivery.kind === 'noBall') {
      // A one-run penalty and whatever else came off it, all charged to the bowler; the ball
      // does not count and is bowled again.
      const extra = delivery.runs ?? 0;
      this.runs += 1 + extra;
      bowler.runs += 1 + extra;
      this.turnRuns += 1 + extra;
      if (delivery.kind === 'wide') {
        this.extras.wides += 1 + extra;
        this.lastBalls.push(`${1 + extra}wd`);
      } else {
        this.extras.noBalls += 1;
        batter.balls += 1;
        const before = batter.runs;
        batter.runs += extra;
        if (extra === 4) batter.fours += 1;
        if (extra === 6) batter.sixes += 1;
        this.lastBalls.push(`${1 + extra}nb`);
        moment =
          milestone(before) ??
          (extra === 4 || extra === 6
            ? moments.boundary(extra, batter.name, bowlerName, oversOf(this.legal))
            : null);
      }
      if (extra % 2 === 1) this.swapStrike();
    } else if (delivery.kind === 'bye' || delivery.kind === 'legBye') {
      // A legal ball the batter faced; the runs are neither the batter's nor the bowler's.
      const runs = delivery.runs ?? 1;
      this.legal += 1;
      bowler.legal += 1;
      batter.balls += 1;
      this.runs += runs;
      if (delivery.kind === 'bye') this.extras.byes += runs;
      else this.extras.legByes += runs;
      this.lastBalls.push(`${runs}${delivery.kind === 'bye' ? 'b' : 'lb'}`);
      if (runs % 2 === 1) this.swapStrike();
      this.endOfTurn(bowler);
    } else {
      this.legal += 1;
      bowler.legal += 1;
      batter.balls += 1;
      if (delivery.kind === 'wicket') {
        moment = this.wicket(delivery, bowler);
      } else {
        const { runs } = delivery;
        const before = batter.runs;
        this.runs += runs;
        batter.runs += runs;
        bowler.runs += runs;
        this.turnRuns += runs;
        if (runs === 4) batter.fours += 1;
        if (runs === 6) batter.sixes += 1;
        this.lastBalls.push(String(runs));
        moment =
          milestone(before) ??
          (runs === 4 || runs === 6
            ? moments.boundary(runs, batter.name, bowlerName, oversOf(this.legal))
            : null);
        if (runs % 2 === 1) this.swapStrike();
      }
      this.endOfTurn(bowler);
    }
    this.lastBalls = this.lastBalls.slice(-6);
    return moment;
  }

  private wicket(delivery: Extract<Delivery, { kind: 'wicket' }>, bowler: Bowling): KeyMoment {
    const index = delivery.out === 'nonStriker' ? this.nonStriker : this.striker;
    const out = this.batters[index]!;
    this.wickets += 1;
    if (delivery.how !== 'run_out') bowler.wickets += 1;
    out.dismissal = dismissalText(delivery.how, bowler.name, delivery.fielder);
    out.onStrike = false;
    this.fallOfWickets.push({
      wicket: this.wickets,
      runs: this.runs,
      batter: out.name,
      overs: oversOf(this.legal),
    });
    this.lastBalls.push('W');
    if (this.wickets < 10 && delivery.newBatter) {
      // The new batter takes the dismissed one's end.
      this.batters.push(InningsBook.newBatter(delivery.newBatter));
      if (index === this.striker) this.striker = this.batters.length - 1;
      else this.nonStriker = this.batters.length - 1;
    }
    return moments.wicket(out.name, out.dismissal, out.runs, out.balls);
  }

  /** At the end of a turn the ends change; a turn without a run is a maiden. */
  private endOfTurn(bowler: Bowling) {
    if (this.legal % this.spell !== 0) return;
    if (this.turnRuns === 0) bowler.maidens += 1;
    this.turnDone = true;
    this.swapStrike();
  }

  private swapStrike() {
    [this.striker, this.nonStriker] = [this.nonStriker, this.striker];
  }

  /**
   * The card as it stands; `interruption` ("Innings break", "Rain delay") while play is stopped.
   * `current`: the bowler marked as bowling (default: this turn's, none once it is bowled out).
   */
  scorecard(interruption: string | null, current?: string | null): Scorecard {
    const remaining = this.balls - this.legal;
    const needed = this.target === null ? null : Math.max(0, this.target - this.runs);
    const atCrease = (i: number) => this.batters[i]?.dismissal === null;
    const bowling = current === undefined ? (this.turnDone ? null : this.bowler) : current;
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
        current: interruption === null && !this.complete && b.name === bowling,
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
