/**
 * The rolling demo at many clock values: always a live match with its stream live, several
 * upcoming and finished, in several leagues; every fixture's life is a chain of legal moves.
 */
import { statusGroupOf } from '@crease/contract';
import { applyStateChange } from '../match-state';
import { DEMO_TEMPLATES } from './demo-leagues';
import { demoFixture, demoFixtures, dueSteps, fixtureId, slotStarts } from './demo-schedule';
import type { DemoFixture } from './demo-schedule';

const HOUR = 3_600_000;
/** A spread of instants: every 7 minutes over three days (not aligned with any slot). */
const instants = Array.from(
  { length: (3 * 24 * 60) / 7 },
  (_, i) => new Date(Date.UTC(2026, 10, 23, 0, 3) + i * 7 * 60_000),
);

/** Shared across the instants (they go forward in time), as the demo clock shares it across ticks. */
const memo = new Map<string, DemoFixture>();

function stateAt(now: Date) {
  return demoFixtures(DEMO_TEMPLATES, now, memo).map((fixture) => {
    const due = dueSteps(fixture, now);
    return { fixture, state: due[due.length - 1]!.state };
  });
}

describe('rolling demo schedule', () => {
  it.each(instants.filter((_, i) => i % 10 === 0).map((d) => [d.toISOString(), d]))(
    'at %s shows a live match with a live stream, 3+ upcoming, 3+ finished, 2+ leagues',
    (_label, now) => {
      const events = stateAt(now as Date);
      const live = events.filter((e) => e.state.status === 'live');
      expect(live.some((e) => e.state.eventStatus === 'live')).toBe(true);
      const groups = events.map((e) => statusGroupOf(e.state.status));
      expect(groups.filter((g) => g === 'upcoming').length).toBeGreaterThanOrEqual(3);
      expect(groups.filter((g) => g === 'finished').length).toBeGreaterThanOrEqual(3);
      expect(new Set(events.map((e) => e.fixture.create.leagueId)).size).toBeGreaterThanOrEqual(2);
    },
  );

  it('has a live match with a live stream at every one of the instants', () => {
    const missing = instants.filter(
      (now) =>
        !stateAt(now).some((e) => e.state.status === 'live' && e.state.eventStatus === 'live'),
    );
    expect(missing).toEqual([]);
  });

  it('plays every fixture as legal moves, in time order, ending decided with the stream ended', () => {
    const now = new Date(Date.UTC(2026, 10, 23, 12));
    const fixtures = demoFixtures(DEMO_TEMPLATES, new Date(now.getTime() + 10 * 24 * HOUR)).concat(
      demoFixtures(DEMO_TEMPLATES, now),
    );
    const endings = new Set<string>();
    for (const { create, steps } of fixtures) {
      let state = steps[0]!.state;
      for (const [i, step] of steps.entries()) {
        if (i > 0) {
          expect(step.at.getTime()).toBeGreaterThanOrEqual(steps[i - 1]!.at.getTime());
          state = applyStateChange(state, step.state, create.teams);
          expect(state).toEqual(step.state);
        }
      }
      expect(['completed', 'abandoned', 'cancelled']).toContain(state.status);
      expect(state.result).toEqual(expect.any(String));
      expect(state.eventStatus).toBe('ended');
      endings.add(state.result!.replace(/^.* won by \d+ (runs|wickets)/, 'won by $1'));
    }
    // The variety the screens must handle: DLS, no result, cancellations, both kinds of win.
    expect([...endings].sort()).toEqual(
      expect.arrayContaining([
        'No result (rain)',
        'won by runs',
        'won by wickets',
        'won by runs (DLS method)',
        'Match cancelled: waterlogged outfield',
        'Postponed and not rescheduled',
      ]),
    );
  });

  it('is deterministic: the same slot always plays the same match, with a stable id', () => {
    const [template] = DEMO_TEMPLATES;
    const start = slotStarts(
      template!,
      new Date('2026-11-23T00:00:00Z'),
      new Date('2026-11-23T05:00:00Z'),
    );
    expect(start.map((s) => fixtureId(template!, s))).toEqual([
      'cpl-20261123-0000',
      'cpl-20261123-0400',
    ]);
    expect(demoFixture(template!, start[0]!)).toEqual(demoFixture(template!, start[0]!));
    const { create } = demoFixture(template!, start[0]!);
    expect(create.teams[0].shortName).not.toBe(create.teams[1].shortName);
    expect(create.channelId).toBe('ch-cpl-20261123-0000');
  });
});
