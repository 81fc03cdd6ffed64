/**
 * The rolling demo schedule as a pure function of time (decision 073): which fixtures exist
 * around `now`, and each fixture's whole life as a list of states with the moment each becomes
 * true. The demo clock stores what is due; tests call these with fixed instants.
 *
 * A limited-overs fixture over its duration D: the stream goes live 15 min before the start and
 * ends 15 min after the end; the toss is 30 min before; first innings 0–46 % of D, innings break,
 * second innings 54–100 % of D; a successful chase finishes early (after 86 % of D), and the
 * match completes with its result. Every tenth-ish fixture is rain-affected (DLS), some are
 * washed out ("No result"), and some ODIs are cancelled or postponed a day ahead.
 */
import { createHash } from 'node:crypto';
import type { EventCreate, Innings, PlayState } from '@crease/contract';
import type { StoredState } from '../match-state';
import type { DemoTeam, DemoTemplate } from './demo-leagues';

export const DEMO_PAST_HOURS = 36;
export const DEMO_FUTURE_HOURS = 48;
const MINUTE = 60_000;

export interface DemoStep {
  at: Date;
  state: StoredState;
}

export interface DemoFixture {
  create: EventCreate;
  /** Every state of the fixture's life, in time order; the first is its announcement. */
  steps: DemoStep[];
}

type Variant = 'normal' | 'dls' | 'no_result' | 'cancelled' | 'postponed';

/** Deterministic numbers in [0, 1) for one fixture: the same id always plays the same match. */
function randomFor(seed: string) {
  let counter = 0;
  return () => {
    const bytes = createHash('sha256').update(`${seed}:${counter++}`).digest();
    return bytes.readUInt32BE(0) / 2 ** 32;
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
export function fixtureId(template: DemoTemplate, start: Date): string {
  return `${template.prefix}-${start.getUTCFullYear()}${pad(start.getUTCMonth() + 1)}${pad(start.getUTCDate())}-${pad(start.getUTCHours())}${pad(start.getUTCMinutes())}`;
}

/** Slot starts of a template in [from, to]: every period, from offset after UTC midnight. */
export function slotStarts(template: DemoTemplate, from: Date, to: Date): Date[] {
  const period = template.periodMinutes * MINUTE;
  const offset = template.offsetMinutes * MINUTE;
  const first = Math.ceil((from.getTime() - offset) / period) * period + offset;
  const starts: Date[] = [];
  for (let t = first; t <= to.getTime(); t += period) starts.push(new Date(t));
  return starts;
}

function variantOf(template: DemoTemplate, slot: number): Variant {
  if (template.format === 'odi') {
    if (slot % 7 === 3) return 'cancelled';
    if (slot % 7 === 5) return 'postponed';
    if (slot % 7 === 1) return 'dls';
    return 'normal';
  }
  if (slot % 11 === 7) return 'no_result';
  if (slot % 5 === 2) return 'dls';
  return 'normal';
}

const oversOf = (balls: number) => `${Math.floor(balls / 6)}${balls % 6 ? `.${balls % 6}` : ''}`;

/** The fixture's teams: a round robin over the slot number, never a team against itself. */
function pairing(template: DemoTemplate, slot: number): [DemoTeam, DemoTeam] {
  const n = template.teams.length;
  const home = template.teams[slot % n]!;
  const away = template.teams[(slot + 1 + (Math.floor(slot / n) % (n - 1))) % n]!;
  return [home, away];
}

export function demoFixture(template: DemoTemplate, start: Date): DemoFixture {
  const id = fixtureId(template, start);
  const slot = Math.floor(start.getTime() / (template.periodMinutes * MINUTE));
  const random = randomFor(id);
  const between = (low: number, high: number) => low + (high - low) * random();
  const [home, away] = pairing(template, slot);
  const duration = template.durationMinutes * MINUTE;
  const end = new Date(start.getTime() + duration);
  const at = (fraction: number) => new Date(start.getTime() + fraction * duration);
  const variant = variantOf(template, slot);
  const teams: EventCreate['teams'] = [
    { name: home.name, shortName: home.shortName, colours: home.colours },
    { name: away.name, shortName: away.shortName, colours: away.colours },
  ];
  const create: EventCreate = {
    eventId: id,
    leagueId: template.league.leagueId,
    title: `${home.name} v ${away.name}`,
    teams,
    venue: home.venue,
    format: template.format,
    startTime: start.toISOString(),
    estimatedEnd: end.toISOString(),
    channelId: `ch-${id}`,
  };

  let state: StoredState = {
    status: 'scheduled',
    playState: null,
    toss: null,
    innings: [],
    result: null,
    eventStatus: 'not_started',
  };
  const steps: DemoStep[] = [{ at: new Date(start.getTime() - 3 * 24 * 60 * MINUTE), state }];
  const step = (when: Date, change: Partial<StoredState>) => {
    state = { ...state, ...change };
    steps.push({ at: when, state });
  };

  if (variant === 'cancelled' || variant === 'postponed') {
    const announced = new Date(start.getTime() - 24 * 60 * MINUTE);
    if (variant === 'cancelled') {
      step(announced, {
        status: 'cancelled',
        result: 'Match cancelled: waterlogged outfield',
        eventStatus: 'ended',
      });
    } else {
      step(announced, { status: 'postponed' });
      step(end, {
        status: 'cancelled',
        result: 'Postponed and not rescheduled',
        eventStatus: 'ended',
      });
    }
    return { create, steps };
  }

  // The toss decides who bats first.
  const tossWinner = random() < 0.5 ? home : away;
  const decision = random() < 0.6 ? 'bowl' : 'bat';
  const batFirst = (decision === 'bat') === (tossWinner === home) ? home : away;
  const chaser = batFirst === home ? away : home;
  step(new Date(start.getTime() - 30 * MINUTE), {
    toss: { winner: tossWinner.shortName, decision },
  });
  step(new Date(start.getTime() - 15 * MINUTE), { eventStatus: 'live' });

  const balls = template.balls;
  const firstRuns = Math.round(balls * between(...template.runRate));
  const firstWickets = Math.floor(between(3, 11));
  const innings = (team: DemoTeam, runs: number, wickets: number, bowled: number): Innings => ({
    team: team.shortName,
    runs,
    wickets,
    overs: oversOf(bowled),
    declared: false,
  });
  const playAt = (playState: PlayState) => ({ status: 'live' as const, playState });
  /** One step per completed over (and the last ball), between two fractions of the duration. */
  const playInnings = (
    team: DemoTeam,
    before: Innings[],
    from: number,
    to: number,
    ballsBowled: number,
    runsAt: (ball: number) => number,
    wicketsAt: (ball: number) => number,
    totalBalls: number,
  ) => {
    for (let ball = 6; ball <= ballsBowled + 5; ball += 6) {
      const b = Math.min(ball, ballsBowled);
      step(at(from + ((to - from) * b) / totalBalls), {
        ...playAt(state.playState ?? 'in_play'),
        innings: [...before, innings(team, runsAt(b), wicketsAt(b), b)],
      });
      if (template.format === 'odi' && b === 150) {
        step(at(from + ((to - from) * (b + 3)) / totalBalls), { playState: 'drinks' });
        step(at(from + ((to - from) * (b + 5)) / totalBalls), { playState: 'in_play' });
      }
    }
  };

  step(start, { ...playAt('in_play'), innings: [innings(batFirst, 0, 0, 0)] });
  playInnings(
    batFirst,
    [],
    0,
    0.46,
    balls,
    (b) => Math.round((firstRuns * b) / balls),
    (b) => Math.floor((firstWickets * b) / balls),
    balls,
  );
  const first = state.innings[0]!;
  step(at(0.46), { playState: 'innings_break' });
  step(at(0.54), { playState: 'in_play', innings: [first, innings(chaser, 0, 0, 0)] });

  const chaseWins = random() < 0.5;
  const chaseWickets = Math.floor(between(2, chaseWins ? 8 : 10));
  if (variant === 'no_result') {
    // Rain from 66 % of D until the end: the match stays live in a rain delay, then no result.
    const played = Math.floor(balls * 0.25);
    playInnings(
      chaser,
      [first],
      0.54,
      0.66,
      played,
      (b) => Math.round((firstRuns * 0.9 * b) / balls),
      (b) => Math.floor((chaseWickets * b) / balls),
      played,
    );
    step(at(0.66), { playState: 'rain_delay' });
    step(end, {
      status: 'abandoned',
      playState: null,
      result: 'No result (rain)',
      eventStatus: 'ended',
    });
    return { create, steps: withStreamEnd(steps, end) };
  }

  // DLS: rain at 70 % of D takes a quarter of the chase away and revises the target.
  const chaseBalls = variant === 'dls' ? Math.round(balls * 0.75) : balls;
  const target = variant === 'dls' ? Math.round((first.runs + 1) * 0.8) : first.runs + 1;
  const finalBall = chaseWins ? Math.round(chaseBalls * between(0.72, 0.98)) : chaseBalls;
  // A defended total wins by at least one run (a tie would need a super over).
  const finalRuns = chaseWins ? target : target - 2 - Math.floor(between(0, 35));
  const chaseRuns = (b: number) => Math.min(finalRuns, Math.round((finalRuns * b) / finalBall));
  const chaseWicketsAt = (b: number) => Math.floor((chaseWickets * b) / finalBall);
  let finished: number;
  if (variant === 'dls') {
    const beforeRain = Math.round(chaseBalls * 0.4);
    playInnings(chaser, [first], 0.54, 0.7, beforeRain, chaseRuns, chaseWicketsAt, beforeRain);
    step(at(0.7), { playState: 'rain_delay' });
    step(at(0.8), { playState: 'in_play' });
    const rest = finalBall - beforeRain;
    finished = 0.8 + (0.2 * rest) / (chaseBalls - beforeRain);
    for (let ball = beforeRain + 6; ball <= finalBall + 5; ball += 6) {
      const b = Math.min(ball, finalBall);
      step(at(0.8 + (0.2 * (b - beforeRain)) / (chaseBalls - beforeRain)), {
        innings: [first, innings(chaser, chaseRuns(b), chaseWicketsAt(b), b)],
      });
    }
  } else {
    finished = 0.54 + (0.46 * finalBall) / chaseBalls;
    playInnings(chaser, [first], 0.54, 1, finalBall, chaseRuns, chaseWicketsAt, chaseBalls);
  }
  const method = variant === 'dls' ? ' (DLS method)' : '';
  const result = chaseWins
    ? `${chaser.name} won by ${10 - chaseWicketsAt(finalBall)} wickets${method}`
    : `${batFirst.name} won by ${target - 1 - finalRuns} runs${method}`;
  const over = at(Math.min(finished, 1));
  step(over, { status: 'completed', playState: null, result });
  return { create, steps: withStreamEnd(steps, new Date(over.getTime())) };
}

/** The stream stays on for 15 minutes of wrap-up after the match ends, then ends. */
function withStreamEnd(steps: DemoStep[], matchOver: Date): DemoStep[] {
  const last = steps[steps.length - 1]!;
  if (last.state.eventStatus === 'ended') return steps;
  return [
    ...steps,
    {
      at: new Date(matchOver.getTime() + 15 * MINUTE),
      state: { ...last.state, eventStatus: 'ended' },
    },
  ];
}

/**
 * Every demo fixture whose start lies in the rolling window around `now`. `memo` (fixture id ->
 * fixture) saves recomputing a fixture's life on every tick; ids that left the window are dropped.
 */
export function demoFixtures(
  templates: readonly DemoTemplate[],
  now: Date,
  memo?: Map<string, DemoFixture>,
): DemoFixture[] {
  const from = new Date(now.getTime() - DEMO_PAST_HOURS * 60 * MINUTE);
  const to = new Date(now.getTime() + DEMO_FUTURE_HOURS * 60 * MINUTE);
  const fixtures = templates.flatMap((template) =>
    slotStarts(template, from, to).map((start) => {
      const id = fixtureId(template, start);
      const known = memo?.get(id);
      if (known) return known;
      const fixture = demoFixture(template, start);
      memo?.set(id, fixture);
      return fixture;
    }),
  );
  if (memo && memo.size > fixtures.length) {
    const current = new Set(fixtures.map((f) => f.create.eventId));
    for (const id of memo.keys()) if (!current.has(id)) memo.delete(id);
  }
  return fixtures;
}

/** The steps due at `now` (the state the fixture is in is the last of them). */
export function dueSteps(fixture: DemoFixture, now: Date): DemoStep[] {
  return fixture.steps.filter((s) => s.at.getTime() <= now.getTime());
}
