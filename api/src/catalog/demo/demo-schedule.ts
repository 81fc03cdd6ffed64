/**
 * The rolling demo schedule as a pure function of time (decision 073): which fixtures exist
 * around `now`, and each fixture's whole life as a list of states with the moment each becomes
 * true. The demo clock stores what is due; tests call these with fixed instants.
 *
 * A limited-overs fixture over its duration D: the stream goes live 15 min before the start and
 * ends 15 min after the end; the toss is 30 min before; first innings 0–46 % of D, innings break,
 * second innings 54–100 % of D, ball by ball (match-play.ts, decision 225); a successful chase
 * finishes early, and the match completes with its result. Every fifth-ish fixture is
 * rain-affected (DLS), some lose a few minutes to bad light, some are washed out ("No result"),
 * and some ODIs are cancelled or postponed a day ahead.
 */
import type { EventCreate } from '@crease/contract';
import type { StoredState } from '../match-state';
import { playMatch } from './match-play';
import type { PlayedStep } from './match-play';
import { randomFor } from './seeded-random';
import type { DemoTeam, DemoTemplate } from './demo-leagues';

export const DEMO_PAST_HOURS = 36;
export const DEMO_FUTURE_HOURS = 48;
const MINUTE = 60_000;

/** A state of the fixture, with its ball-by-ball detail once play has started (decision 225). */
export type DemoStep = PlayedStep;

export interface DemoFixture {
  create: EventCreate;
  /** Every state of the fixture's life, in time order; the first is its announcement. */
  steps: DemoStep[];
}

type Variant = 'normal' | 'bad_light' | 'dls' | 'no_result' | 'cancelled' | 'postponed';

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
    if (slot % 7 === 6) return 'bad_light';
    return 'normal';
  }
  if (slot % 11 === 7) return 'no_result';
  if (slot % 5 === 2) return 'dls';
  if (slot % 3 === 1) return 'bad_light';
  return 'normal';
}

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
  const [home, away] = pairing(template, slot);
  const duration = template.durationMinutes * MINUTE;
  const end = new Date(start.getTime() + duration);
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
  step(new Date(start.getTime() - 30 * MINUTE), {
    toss: { winner: tossWinner.shortName, decision },
  });
  step(new Date(start.getTime() - 15 * MINUTE), { eventStatus: 'live' });

  const played = playMatch(
    { template, start, home, away, batFirst, toss: state.toss!, variant, random },
    state,
  );
  steps.push(...played);
  const over = played[played.length - 1]!.at;
  return { create, steps: withStreamEnd(steps, over) };
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
      detail: last.detail && { scorecard: last.detail.scorecard, commentary: null, moment: null },
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
