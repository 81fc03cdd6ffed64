/**
 * A match as its scorer recorded it (decision 442): the standing actions, replayed in order
 * through the catalog's InningsBook (the demo's own innings logic), give the innings, the play
 * state, the scorecard, and for each new action its commentary and key moment. Pure: the same
 * actions always give the same match, so an undo is "replay without the last one".
 */
import { countsInBalls } from '@crease/contract';
import type {
  Innings,
  KeyMoment,
  MatchFormat,
  PlayState,
  ScoredDelivery,
  ScoringAction,
  ScoringNeeds,
  StoppageReason,
  Team,
} from '@crease/contract';
import { InningsBook, oversOf } from '../catalog';
import type { Delivery } from '../catalog';
import { ApiError } from './errors';
import { deliveryWords, momentOfStoppage } from './words';

/** Legal balls an innings may last: limited overs by format; a Test's day is not capped. */
const INNINGS_BALLS: Record<MatchFormat, number> = {
  t20: 120,
  odi: 300,
  the_hundred: 100,
  t10: 60,
  test: Number.MAX_SAFE_INTEGER,
  first_class: Number.MAX_SAFE_INTEGER,
};
const limitedOvers = (format: MatchFormat) => INNINGS_BALLS[format] < Number.MAX_SAFE_INTEGER;

const STOPPED: Record<StoppageReason, { playState: PlayState; label: string }> = {
  drinks: { playState: 'drinks', label: 'Drinks' },
  rain: { playState: 'rain_delay', label: 'Rain delay' },
  badLight: { playState: 'bad_light', label: 'Bad light' },
};

export interface Applied {
  commentary: string;
  moment: KeyMoment | null;
}

const notNow = (message: string) => new ApiError('SCORING_NOT_NOW', message);
const invalid = (field: string, message: string) =>
  new ApiError('VALIDATION_FAILED', `Field "${field}" ${message}`);
const named = (field: string, name: string | null | undefined): string => {
  const trimmed = name?.trim() ?? '';
  if (!trimmed) throw invalid(field, 'must name a player.');
  return trimmed;
};

export class MatchBook {
  /** Innings over and done with. */
  private readonly done: Innings[] = [];
  private book: InningsBook | null = null;
  /** Null before the first innings and between innings. */
  private interruption: string | null = null;
  playState: PlayState | null = null;
  thisOver: string[] = [];

  constructor(
    private readonly format: MatchFormat,
    private readonly teams: readonly Team[],
  ) {}

  static replay(format: MatchFormat, teams: readonly Team[], actions: readonly ScoringAction[]) {
    const match = new MatchBook(format, teams);
    for (const action of actions) match.apply(action);
    return match;
  }

  private get live(): InningsBook | null {
    return this.playState === 'innings_break' ? null : this.book;
  }

  get needs(): ScoringNeeds {
    const book = this.live;
    if (!book) return 'inningsStart';
    if (this.interruption !== null) return 'resume';
    if (book.complete) return 'inningsEnd';
    if (book.turnComplete) return 'nextBowler';
    return 'ball';
  }

  innings(): Innings[] {
    const book = this.live;
    return book ? [...this.done, book.innings()] : [...this.done];
  }

  scorecard() {
    if (!this.book) return null;
    if (this.playState === 'innings_break') {
      const card = this.book.scorecard('Innings break');
      const target = this.nextTarget();
      const balls = INNINGS_BALLS[this.format];
      return target === null
        ? card
        : { ...card, target, requiredRunRate: Math.round((target * 600) / balls) / 100 };
    }
    return this.book.scorecard(this.interruption);
  }

  crease() {
    const book = this.live;
    const { striker, nonStriker } = book?.crease() ?? { striker: null, nonStriker: null };
    return { striker, nonStriker, bowler: book?.bowler ?? null };
  }

  /** The second innings of a limited-overs match chases the first's runs plus one. */
  private nextTarget(): number | null {
    return limitedOvers(this.format) && this.done.length === 1 ? this.done[0]!.runs + 1 : null;
  }

  /** The action's effect, or an ApiError naming why it does not fit now (nothing changes then). */
  apply(action: ScoringAction): Applied {
    switch (action.kind) {
      case 'inningsStart':
        return this.startInnings(action);
      case 'ball':
        return this.ball(action.delivery);
      case 'overEnd':
        return this.overEnd(action.nextBowler);
      case 'inningsEnd':
        return this.endInnings();
      case 'stoppage':
        return this.stop(action.reason);
      case 'resume':
        return this.resume();
      case 'undo':
        throw new Error('MatchBook: an undo is not replayed');
    }
  }

  private startInnings(action: Extract<ScoringAction, { kind: 'inningsStart' }>): Applied {
    if (this.live) throw notNow('An innings is in progress: end it first.');
    const maxInnings = limitedOvers(this.format) ? 2 : 4;
    if (this.done.length >= maxInnings)
      throw notNow(`A ${this.format} match has ${maxInnings} innings; all are played.`);
    const names = this.teams.map((t) => t.shortName);
    if (!names.includes(action.battingTeam))
      throw invalid('action.battingTeam', `must be one of the teams: ${names.join(', ')}.`);
    const striker = named('action.striker', action.striker);
    const nonStriker = named('action.nonStriker', action.nonStriker);
    if (striker === nonStriker) throw invalid('action.nonStriker', 'must differ from the striker.');
    const bowler = named('action.bowler', action.bowler);
    this.book = new InningsBook({
      team: action.battingTeam,
      openers: [striker, nonStriker],
      balls: INNINGS_BALLS[this.format],
      target: this.nextTarget(),
      spell: countsInBalls(this.format) ? 10 : 6,
    });
    this.book.setBowler(bowler);
    this.playState = 'in_play';
    this.interruption = null;
    this.thisOver = [];
    return {
      commentary: `${action.battingTeam} to bat: ${striker} and ${nonStriker} walk out, ${bowler} to bowl`,
      moment: null,
    };
  }

  private inPlay(): InningsBook {
    const book = this.live;
    if (!book) throw notNow('No innings is in progress: start one first.');
    if (this.interruption !== null)
      throw notNow(`Play is stopped (${this.interruption}): resume it first.`);
    return book;
  }

  private ball(scored: ScoredDelivery): Applied {
    const book = this.inPlay();
    if (book.complete) throw notNow('The innings is complete: end it.');
    if (book.turnComplete) throw notNow('The over is bowled: name the next bowler.');
    const { striker, nonStriker } = book.crease();
    let delivery: Delivery;
    if (scored.kind === 'wicket') {
      const needsFielder = scored.mode !== 'bowled' && scored.mode !== 'lbw';
      const fielder = needsFielder ? named('action.delivery.fielder', scored.fielder) : '';
      const lastMan = book.wickets + 1 === 10 || book.legal + 1 >= book.balls;
      const newBatter = scored.newBatter?.trim() || null;
      if (!lastMan && !newBatter)
        throw invalid('action.delivery.newBatter', 'must name the batter who comes in.');
      if (newBatter && book.battersIn().includes(newBatter))
        throw invalid('action.delivery.newBatter', `names ${newBatter}, who has batted already.`);
      delivery = { kind: 'wicket', how: scored.mode, fielder, out: scored.out, newBatter };
    } else {
      delivery = scored;
    }
    const bowler = book.bowler!;
    const moment = book.deliver(delivery);
    const symbol = book.scorecard(null).lastBalls.at(-1) ?? '';
    this.thisOver.push(symbol);
    const dismissed =
      scored.kind === 'wicket' && scored.out === 'nonStriker' ? nonStriker : striker;
    const out =
      scored.kind === 'wicket'
        ? (book.scorecard(null).batters.find((b) => b.name === dismissed)?.dismissal ?? '')
        : '';
    const words = deliveryWords(bowler, striker ?? '', scored, `${dismissed} ${out}`);
    return {
      commentary:
        moment?.kind === 'fifty' || moment?.kind === 'hundred'
          ? `${words}. ${moment.label.replace(/:/, ' for')}`
          : words,
      moment,
    };
  }

  private overEnd(nextBowler: string): Applied {
    const book = this.inPlay();
    if (!book.turnComplete) {
      const left = book.spell - (book.legal % book.spell);
      throw notNow(`The over is not bowled yet: ${left} legal ball${left === 1 ? '' : 's'} to go.`);
    }
    const next = named('action.nextBowler', nextBowler);
    if (next === book.bowler)
      throw invalid('action.nextBowler', 'must differ from the bowler of the last over.');
    const over = this.thisOver.join(' ');
    book.setBowler(next);
    this.thisOver = [];
    return {
      commentary: `End of over ${oversOf(book.legal)} (${over}): ${book.innings().team} ${book.runs}/${book.wickets}. ${next} to bowl`,
      moment: null,
    };
  }

  private endInnings(): Applied {
    const book = this.live;
    if (!book) throw notNow('No innings is in progress.');
    const innings = book.innings();
    this.done.push(innings);
    this.playState = 'innings_break';
    this.interruption = null;
    this.thisOver = [];
    const moment = momentOfStoppage('inningsEnd', innings, this.format);
    return { commentary: moment!.label, moment };
  }

  private stop(reason: StoppageReason): Applied {
    const book = this.inPlay();
    const { playState, label } = STOPPED[reason];
    this.playState = playState;
    this.interruption = label;
    return { commentary: label, moment: momentOfStoppage(reason, book.innings(), this.format) };
  }

  private resume(): Applied {
    if (!this.live || this.interruption === null) throw notNow('Play is not stopped.');
    this.playState = 'in_play';
    this.interruption = null;
    return { commentary: 'Play resumes', moment: null };
  }
}
