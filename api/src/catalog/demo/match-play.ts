/**
 * A limited-overs fixture from the first ball to the result, one timeline step per delivery
 * (decision 225). Over the fixture's duration D: first innings from 0, innings break at 46 % of D
 * (or when the innings ends, if later), the chase from 54 %. A delivery takes the same time in
 * both innings, so a chase that ends early finishes before D. Stoppages take the field off for a
 * while: rain in a DLS fixture (target revised), rain for good in a washout, bad light briefly.
 */
import { countsInBalls } from '@crease/contract';
import type { KeyMoment, PlayState, Scorecard, Toss } from '@crease/contract';
import type { StoredState, TimelineDetail } from '../match-state';
import { inningsScore, moments } from './commentary';
import { InningsSim, oversOf } from './innings-sim';
import type { Random } from './seeded-random';
import { squads } from './squads';
import type { DemoTeam, DemoTemplate } from './demo-leagues';

export type PlayVariant = 'normal' | 'bad_light' | 'dls' | 'no_result';

export interface PlayedStep {
  at: Date;
  state: StoredState;
  detail?: TimelineDetail;
}

export interface MatchPlan {
  template: DemoTemplate;
  start: Date;
  home: DemoTeam;
  away: DemoTeam;
  batFirst: DemoTeam;
  toss: Toss;
  variant: PlayVariant;
  random: Random;
}

const SECOND = 1000;

interface Stoppage {
  /** Legal balls of the chase bowled when it starts. */
  afterBalls: number;
  playState: Extract<PlayState, 'rain_delay' | 'bad_light'>;
  /** Fraction of D off the field; null: for good (no result). */
  length: number | null;
}

function stoppageOf(variant: PlayVariant, balls: number): Stoppage | null {
  switch (variant) {
    case 'dls':
      return { afterBalls: Math.round(balls * 0.3), playState: 'rain_delay', length: 0.1 };
    case 'no_result':
      return { afterBalls: Math.floor(balls * 0.25), playState: 'rain_delay', length: null };
    case 'bad_light':
      return { afterBalls: Math.round(balls * 0.5), playState: 'bad_light', length: 0.02 };
    default:
      return null;
  }
}

const INTERRUPTION: Record<Stoppage['playState'], string> = {
  rain_delay: 'Rain delay',
  bad_light: 'Bad light',
};

/** Runs per over needed for `target` from `balls`, to two places. */
const rate = (runs: number, balls: number) => Math.round((runs * 600) / balls) / 100;

/** Every step from the first ball (the match goes live) to the result. */
export function playMatch(plan: MatchPlan, before: StoredState): PlayedStep[] {
  const { template, start, home, away, batFirst, random } = plan;
  const chaser = batFirst === home ? away : home;
  const duration = template.durationMinutes * 60 * SECOND;
  const at = (fraction: number) => start.getTime() + fraction * duration;
  const balls = template.balls;
  // The Hundred is bowled in sets of five, ten from one end; every other format in overs of six.
  const hundred = countsInBalls(template.format);
  const spell = hundred ? 10 : 6;
  const allotment = (n: number) => (hundred ? `${n} balls` : `${oversOf(n)} overs`);
  // One delivery's time: the innings' share of D over its balls and a few extras.
  const slot = (0.46 * duration) / (balls * 1.06);
  const [homeSquad, awaySquad] = squads(home.shortName, away.shortName);
  const squadOf = (team: DemoTeam) => (team === home ? homeSquad : awaySquad);
  const runRate = () =>
    template.runRate[0] + (template.runRate[1] - template.runRate[0]) * random();

  let state = before;
  const steps: PlayedStep[] = [];
  const step = (when: number, change: Partial<StoredState>, detail: TimelineDetail) => {
    state = { ...state, ...change };
    steps.push({ at: new Date(when), state, detail });
  };
  const detail = (
    scorecard: Scorecard,
    commentary: string,
    moment: KeyMoment | null = null,
  ): TimelineDetail => ({ scorecard, commentary, moment });

  const first = new InningsSim({
    team: batFirst.shortName,
    batting: squadOf(batFirst),
    fielding: squadOf(chaser),
    balls,
    runRate: runRate(),
    target: null,
    random,
    spell,
  });
  const [opener1, opener2] = squadOf(batFirst);
  let t = start.getTime();
  step(
    t,
    { status: 'live', playState: 'in_play', innings: [first.innings()] },
    detail(
      first.scorecard(null),
      `${batFirst.name} to bat: ${opener1} and ${opener2} walk out to open`,
    ),
  );
  while (!first.complete) {
    t += slot;
    const ball = first.bowl();
    step(t, { innings: [ball.innings] }, detail(ball.scorecard, ball.commentary, ball.moment));
  }

  const firstInnings = first.innings();
  const target = firstInnings.runs + 1;
  t = Math.max(at(0.46), t + 30 * SECOND);
  step(
    t,
    { playState: 'innings_break' },
    detail(
      {
        ...first.scorecard('Innings break'),
        target,
        requiredRunRate: rate(target, balls),
      },
      `End of innings: ${inningsScore(firstInnings, template.format)}. ${chaser.name} need ${target} to win from ${allotment(balls)}`,
      moments.inningsEnd(firstInnings, template.format),
    ),
  );

  const chase = new InningsSim({
    team: chaser.shortName,
    batting: squadOf(chaser),
    fielding: squadOf(batFirst),
    balls,
    runRate: runRate(),
    target,
    random,
    spell,
  });
  t = Math.max(at(0.54), t + 60 * SECOND);
  step(
    t,
    { playState: 'in_play', innings: [firstInnings, chase.innings()] },
    detail(chase.scorecard(null), `${chaser.name} begin the chase: ${target} to win`),
  );

  const stoppage = stoppageOf(plan.variant, balls);
  let stopped = false;
  while (!chase.complete) {
    if (stoppage && !stopped && chase.legal >= stoppage.afterBalls) {
      stopped = true;
      const label = INTERRUPTION[stoppage.playState];
      const now = chase.innings();
      t += 20 * SECOND;
      step(
        t,
        { playState: stoppage.playState },
        detail(
          chase.scorecard(label),
          stoppage.playState === 'rain_delay'
            ? 'Rain stops play: the covers come on'
            : 'The umpires take the players off for bad light',
          stoppage.playState === 'rain_delay'
            ? moments.rainDelay(now, template.format)
            : moments.badLight(now, template.format),
        ),
      );
      if (stoppage.length === null) {
        step(
          Math.max(at(1), t + 60 * SECOND),
          {
            status: 'abandoned',
            playState: null,
            result: 'No result (rain)',
            eventStatus: 'ended',
          },
          detail(chase.scorecard(null), 'Match abandoned: no result (rain)'),
        );
        return steps;
      }
      t += stoppage.length * duration;
      let resumed = 'Play resumes';
      if (plan.variant === 'dls') {
        chase.balls = Math.round(balls * 0.75);
        chase.target = Math.max(Math.round(target * 0.8), chase.runs + 1);
        resumed = `Play resumes: ${chaser.name}'s target revised to ${chase.target} from ${allotment(chase.balls)} (DLS method)`;
      }
      step(t, { playState: 'in_play' }, detail(chase.scorecard(null), resumed));
    }
    t += slot;
    const ball = chase.bowl();
    step(
      t,
      { innings: [firstInnings, ball.innings] },
      detail(ball.scorecard, ball.commentary, ball.moment),
    );
  }

  const final = chase.innings();
  const finalTarget = chase.target ?? target;
  const method = plan.variant === 'dls' ? ' (DLS method)' : '';
  const result =
    final.runs >= finalTarget
      ? `${chaser.name} won by ${10 - final.wickets} wickets${method}`
      : final.runs === finalTarget - 1
        ? 'Match tied'
        : `${batFirst.name} won by ${finalTarget - 1 - final.runs} runs${method}`;
  step(
    t + 20 * SECOND,
    { status: 'completed', playState: null, result },
    detail(
      chase.scorecard(null),
      `End of innings: ${inningsScore(final, template.format)}. ${result}`,
      moments.inningsEnd(final, template.format),
    ),
  );
  return steps;
}
