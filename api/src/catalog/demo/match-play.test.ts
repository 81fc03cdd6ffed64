/**
 * The ball-by-ball demo (decision 225): every delivery moves the score by what it did and no
 * more, key moments sit on the balls that made them, and breaks say so on the card.
 */
import { extrasTotal } from '@crease/contract';
import type { Innings } from '@crease/contract';
import { DEMO_TEMPLATES } from './demo-leagues';
import { demoFixtures } from './demo-schedule';
import type { DemoFixture, DemoStep } from './demo-schedule';

const HOUR = 3_600_000;
/** Three days of fixtures of every league. */
const fixtures: DemoFixture[] = [0, 1, 2].flatMap((day) =>
  demoFixtures(DEMO_TEMPLATES, new Date(Date.UTC(2026, 10, 23 + 3 * day, 12))),
);
const played = fixtures.filter((f) => f.steps.some((s) => s.state.status === 'live'));
const withPlayState = (playState: string) =>
  played.find((f) => f.steps.some((s) => s.state.playState === playState))!;

const balls = (overs: string) => {
  const [whole, part] = overs.split('.');
  return Number(whole) * 6 + Number(part ?? 0);
};
const current = (s: DemoStep): Innings => s.state.innings[s.state.innings.length - 1]!;
/** The steps of play: from the first ball's state (0/0 (0)) to the result. */
const playSteps = (f: DemoFixture) => f.steps.filter((s) => s.state.innings.length > 0);

describe('the ball-by-ball demo', () => {
  it('never jumps: each step adds at most one legal ball, one wicket and one stroke of runs', () => {
    expect(played.length).toBeGreaterThan(10);
    // Collected, then checked once: tens of thousands of expect calls are slow.
    const jumps: string[] = [];
    for (const fixture of played) {
      const steps = playSteps(fixture);
      expect(current(steps[0]!)).toMatchObject({ runs: 0, wickets: 0, overs: '0' });
      for (let i = 1; i < steps.length; i++) {
        const [was, now] = [steps[i - 1]!, steps[i]!];
        const where = `${fixture.create.eventId} step ${i}`;
        if (now.at.getTime() <= was.at.getTime()) jumps.push(`${where}: not after the last`);
        if (now.state.innings.length !== was.state.innings.length) {
          const { runs, wickets, overs } = current(now);
          if (runs || wickets || overs !== '0') jumps.push(`${where}: chase starts at ${runs}`);
          continue;
        }
        const [a, b] = [current(was), current(now)];
        const runs = b.runs - a.runs;
        const wickets = b.wickets - a.wickets;
        const legal = balls(b.overs) - balls(a.overs);
        if (runs < 0 || runs > 6 || wickets < 0 || wickets > 1 || legal < 0 || legal > 1)
          jumps.push(`${where}: +${runs} runs, +${wickets} wickets, +${legal} balls`);
      }
    }
    expect(jumps).toEqual([]);
  });

  it('puts each key moment on the ball that made it, with a label a viewer reads', () => {
    const kinds = new Set<string>();
    for (const fixture of played) {
      const steps = playSteps(fixture);
      steps.forEach((now, i) => {
        const moment = now.detail?.moment;
        if (!moment || i === 0) return;
        kinds.add(moment.kind);
        const [a, b] = [current(steps[i - 1]!), current(now)];
        switch (moment.kind) {
          case 'wicket':
            expect(b.wickets).toBe(a.wickets + 1);
            expect(moment.label).toMatch(/^Wicket: [\w ]+ (c|b|lbw|st|run out) .*, \d+ \(\d+\)$/);
            expect(now.detail?.commentary).toMatch(/ to [\w ]+, OUT!/);
            expect(now.detail?.scorecard?.lastBalls.at(-1)).toBe('W');
            break;
          case 'four':
          case 'six':
            expect(b.runs - a.runs).toBe(moment.kind === 'four' ? 4 : 6);
            expect(now.detail?.commentary).toMatch(moment.kind === 'four' ? /, FOUR, / : /, SIX, /);
            break;
          case 'fifty':
          case 'hundred': {
            const [, name, runs] = /^(?:Fifty|Hundred): ([\w ]+) (\d+) \(\d+\)$/.exec(
              moment.label,
            )!;
            const batter = now.detail!.scorecard!.batters.find((x) => x.name === name)!;
            expect(batter.runs).toBe(Number(runs));
            expect(batter.runs).toBeGreaterThanOrEqual(moment.kind === 'fifty' ? 50 : 100);
            break;
          }
          case 'inningsEnd':
            expect(['innings_break', null]).toContain(now.state.playState);
            // The Hundred counts balls (issue 36 §5), every other format overs.
            expect(moment.label).toBe(
              `End of innings: ${b.team} ${b.runs}${b.wickets === 10 ? '' : `/${b.wickets}`} (${fixture.create.format === 'the_hundred' ? `${balls(b.overs)} balls` : b.overs})`,
            );
            break;
          case 'rainDelay':
          case 'badLight':
            expect(now.state.playState).toBe(
              moment.kind === 'rainDelay' ? 'rain_delay' : 'bad_light',
            );
            break;
        }
      });
    }
    expect([...kinds].sort()).toEqual(
      ['badLight', 'fifty', 'four', 'hundred', 'inningsEnd', 'rainDelay', 'six', 'wicket'].sort(),
    );
  });

  it('writes commentary as the scorer says it: bowler to batter, what happened', () => {
    const lines = played.flatMap((f) => f.steps.map((s) => s.detail?.commentary ?? ''));
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^[\w ]+ to [\w ]+, FOUR, driven through cover$/),
      ]),
    );
  });

  it('says "Innings break" in the break, with the first total, the target and the rate', () => {
    const fixture = withPlayState('innings_break');
    const inBreak = fixture.steps.find((s) => s.state.playState === 'innings_break')!;
    const [first] = inBreak.state.innings;
    expect(inBreak.state.innings).toHaveLength(1);
    expect(inBreak.detail?.scorecard).toMatchObject({
      battingTeam: null,
      interruption: 'Innings break',
      target: first!.runs + 1,
      requiredRunRate: expect.any(Number),
    });
    const chaseStart = fixture.steps[fixture.steps.indexOf(inBreak) + 1]!;
    expect(chaseStart.state.innings).toEqual([
      first,
      expect.objectContaining({ runs: 0, overs: '0' }),
    ]);
    expect(chaseStart.detail?.scorecard).toMatchObject({
      interruption: null,
      target: first!.runs + 1,
    });
  });

  it('stops for rain (target revised by DLS) and for bad light, and says so on the card', () => {
    for (const [playState, label] of [
      ['rain_delay', 'Rain delay'],
      ['bad_light', 'Bad light'],
    ] as const) {
      const fixture = withPlayState(playState);
      const stop = fixture.steps.findIndex((s) => s.state.playState === playState);
      expect(fixture.steps[stop]!.detail?.scorecard).toMatchObject({
        interruption: label,
        battingTeam: null,
      });
      const resumed = fixture.steps[stop + 1]!;
      if (resumed.state.status === 'live') {
        expect(resumed.state.playState).toBe('in_play');
        expect(resumed.at.getTime() - fixture.steps[stop]!.at.getTime()).toBeGreaterThan(60_000);
      }
    }
    const dls = played.find((f) =>
      f.steps.some((s) => /DLS method\)$/.test(s.detail?.commentary ?? '')),
    )!;
    const resume = dls.steps.find((s) => /target revised to \d+/.test(s.detail?.commentary ?? ''))!;
    const revised = Number(/revised to (\d+)/.exec(resume.detail!.commentary!)![1]);
    expect(resume.detail?.scorecard?.target).toBe(revised);
  });

  it('fills the chase card: batters with figures and dismissals, bowlers, last six, rate', () => {
    const fixture = played.find((f) => f.create.format === 't20')!;
    const chase = fixture.steps.filter(
      (s) => s.state.innings.length === 2 && s.state.playState === 'in_play',
    );
    const mid = chase[Math.floor(chase.length / 2)]!;
    const card = mid.detail!.scorecard!;
    expect(card.battingTeam).toBe(current(mid).team);
    expect(card.batters.filter((b) => b.dismissal === null)).toHaveLength(2);
    expect(card.batters.filter((b) => b.onStrike)).toHaveLength(1);
    expect(card.batters.reduce((sum, b) => sum + b.runs, 0)).toBeLessThanOrEqual(current(mid).runs);
    expect(card.bowlers.filter((b) => b.current)).toHaveLength(1);
    expect(card.lastBalls).toHaveLength(6);
    expect(card.requiredRunRate).toEqual(expect.any(Number));
    expect(fixture.steps.at(-1)!.at.getTime()).toBeLessThan(
      new Date(fixture.create.estimatedEnd).getTime() + HOUR,
    );
  });

  it("adds up: the batters' runs and the extras by kind make the innings' total, at every ball", () => {
    const wrong: string[] = [];
    const kinds = { byes: 0, legByes: 0, wides: 0, noBalls: 0 };
    for (const fixture of played) {
      for (const step of playSteps(fixture)) {
        const card = step.detail?.scorecard;
        if (!card?.extras || card.interruption === 'Innings break') continue;
        const innings = current(step);
        const bat = card.batters.reduce((sum, b) => sum + b.runs, 0);
        if (bat + extrasTotal(card.extras) !== innings.runs)
          wrong.push(
            `${fixture.create.eventId} at ${innings.overs}: ${bat} + extras ≠ ${innings.runs}`,
          );
        // Every batter out is in the fall of wickets, in order, at the score it fell.
        const out = card.batters.filter((b) => b.dismissal !== null).map((b) => b.name);
        const falls = card.fallOfWickets ?? [];
        if (falls.length !== innings.wickets || falls.some((f, i) => f.wicket !== i + 1))
          wrong.push(`${fixture.create.eventId} at ${innings.overs}: falls ${falls.length}`);
        if (
          [...out].sort().join() !==
          falls
            .map((f) => f.batter)
            .sort()
            .join()
        )
          wrong.push(`${fixture.create.eventId}: fallen ${falls.map((f) => f.batter).join()}`);
        if (falls.some((f, i) => f.runs > innings.runs || (i > 0 && f.runs < falls[i - 1]!.runs)))
          wrong.push(`${fixture.create.eventId}: falls out of order`);
      }
      const last = playSteps(fixture).at(-1)?.detail?.scorecard?.extras;
      if (last)
        for (const kind of Object.keys(kinds) as (keyof typeof kinds)[]) kinds[kind] += last[kind];
    }
    expect(wrong).toEqual([]);
    // Each kind of extra happens in three days of cricket.
    expect(Object.values(kinds).every((n) => n > 0)).toBe(true);
  });

  it('bowls The Hundred in sets of ten from one end and counts it in balls, not overs', () => {
    const hundreds = played.filter((f) => f.create.format === 'the_hundred');
    expect(hundreds.length).toBeGreaterThan(2);
    for (const fixture of hundreds) {
      const labels = fixture.steps.flatMap((s) =>
        s.detail?.moment?.kind === 'inningsEnd' ? [s.detail.moment.label] : [],
      );
      for (const label of labels) expect(label).toMatch(/\(\d+ balls\)$/);
      const chase = fixture.steps.find((s) => s.detail?.commentary?.includes(' to win from '));
      if (chase) expect(chase.detail!.commentary).toMatch(/ to win from 100 balls$/);
      // A bowler's balls come in whole sets of ten until the innings ends (at most 20 each).
      const firstInnings = fixture.steps.find((s) => s.state.playState === 'innings_break');
      const card = firstInnings?.detail?.scorecard;
      if (card && current(firstInnings).overs === '16.4') {
        for (const bowler of card.bowlers) {
          expect(balls(bowler.overs) % 10).toBe(0);
          expect(balls(bowler.overs)).toBeLessThanOrEqual(20);
        }
      }
    }
  });
});
