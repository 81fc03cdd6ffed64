import type { TimelineState, Scorecard, TimelineEntry } from '@crease/contract';

/**
 * A T20 chase ball by ball, as the catalog's demo schedule writes it for issue 21: entries with
 * commentary, key moments and a scorecard. `T0` is the first entry's wall time.
 */
export const T0 = Date.parse('2026-11-23T14:00:00.000Z');
export const atSecond = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

const FIRST_INNINGS = { team: 'MUM', runs: 156, wickets: 4, overs: '20', declared: false };

function chaseCard(overrides: Partial<Scorecard> = {}): Scorecard {
  return {
    battingTeam: 'CHE',
    batters: [
      {
        name: 'Rahul',
        runs: 34,
        balls: 27,
        fours: 4,
        sixes: 1,
        onStrike: true,
        dismissal: null,
      },
      { name: 'Iyer', runs: 12, balls: 9, fours: 1, sixes: 0, onStrike: false, dismissal: null },
    ],
    bowlers: [
      { name: 'Khan', overs: '3.2', maidens: 0, runs: 24, wickets: 1, current: true },
      { name: 'Smith', overs: '3', maidens: 1, runs: 18, wickets: 0, current: false },
    ],
    lastBalls: ['1', '0', '4', 'W', '1wd', '6'],
    target: 157,
    requiredRunRate: 8.85,
    interruption: null,
    ...overrides,
  };
}

const state = (overrides: Partial<TimelineState>): TimelineState => ({
  status: 'live',
  playState: 'in_play',
  toss: { winner: 'MUM', decision: 'bat' },
  innings: [FIRST_INNINGS],
  scoreSummary: 'MUM 156/4 (20)',
  result: null,
  eventStatus: 'live',
  ...overrides,
});

export const INNINGS_BREAK: TimelineEntry = {
  seq: 1,
  at: atSecond(0),
  state: state({
    playState: 'innings_break',
    scorecard: chaseCard({
      battingTeam: null,
      batters: [],
      bowlers: [],
      lastBalls: [],
      interruption: 'Innings break',
      requiredRunRate: null,
    }),
  }),
  moment: { kind: 'inningsEnd', label: 'End of innings: Mumbai Monsoons 156/4' },
};

export const FOUR: TimelineEntry = {
  seq: 2,
  at: atSecond(600),
  state: state({
    innings: [FIRST_INNINGS, { team: 'CHE', runs: 40, wickets: 0, overs: '4.1', declared: false }],
    scoreSummary: 'CHE 40/0 (4.1)',
    scorecard: chaseCard({ lastBalls: ['1', '0', '1', '0', '1', '4'] }),
  }),
  commentary: 'Khan to Rahul, FOUR through cover',
  moment: { kind: 'four', label: 'Four: Rahul off Khan' },
};

export const WICKET: TimelineEntry = {
  seq: 3,
  at: atSecond(1200),
  state: state({
    innings: [FIRST_INNINGS, { team: 'CHE', runs: 71, wickets: 1, overs: '8.2', declared: false }],
    scoreSummary: 'CHE 71/1 (8.2)',
    scorecard: chaseCard(),
  }),
  commentary: 'Khan to Gill, OUT, caught by Smith',
  moment: { kind: 'wicket', label: 'Wicket: Gill c Smith b Khan, 22 (19)' },
};

/** Three entries: the innings break (0 s), a four (600 s), a wicket (1200 s). */
export const CHASE_TIMELINE: TimelineEntry[] = [INNINGS_BREAK, FOUR, WICKET];
