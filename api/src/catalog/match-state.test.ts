import type { Team } from '@crease/contract';
import { isApiError } from './errors';
import { applyStateChange, scoreSummary } from './match-state';
import type { StoredState } from './match-state';

const teams: Team[] = [
  {
    name: 'Mumbai Mariners',
    shortName: 'MUM',
    colours: { primary: '#000000', secondary: '#ffffff' },
  },
  {
    name: 'Chennai Chargers',
    shortName: 'CHE',
    colours: { primary: '#111111', secondary: '#eeeeee' },
  },
];
const scheduled: StoredState = {
  status: 'scheduled',
  playState: null,
  toss: null,
  innings: [],
  result: null,
  eventStatus: 'not_started',
};

function errorOf(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isApiError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('applyStateChange', () => {
  it('walks a match from scheduled to live to innings break to completed', () => {
    const live = applyStateChange(scheduled, { status: 'live', eventStatus: 'live' }, teams);
    expect(live).toMatchObject({ status: 'live', playState: 'in_play', eventStatus: 'live' });
    const rain = applyStateChange(live, { playState: 'rain_delay' }, teams);
    expect(rain.playState).toBe('rain_delay');
    const done = applyStateChange(
      rain,
      { status: 'completed', result: 'Mumbai Mariners won by 4 runs (DLS method)' },
      teams,
    );
    expect(done).toMatchObject({ status: 'completed', playState: null, eventStatus: 'live' });
    expect(applyStateChange(done, { eventStatus: 'ended' }, teams).eventStatus).toBe('ended');
  });

  it.each([
    ['completed', 'scheduled'],
    ['completed', 'live'],
    ['cancelled', 'scheduled'],
    ['live', 'scheduled'],
    ['postponed', 'live'],
  ] as const)('refuses %s -> %s with ILLEGAL_TRANSITION', (from, to) => {
    const current = {
      ...scheduled,
      status: from,
      playState: from === 'live' ? ('in_play' as const) : null,
    };
    expect(errorOf(() => applyStateChange(current, { status: to }, teams)).code).toBe(
      'ILLEGAL_TRANSITION',
    );
  });

  it('refuses an ended stream going live again', () => {
    const ended = { ...scheduled, status: 'cancelled' as const, eventStatus: 'ended' as const };
    expect(errorOf(() => applyStateChange(ended, { eventStatus: 'live' }, teams)).code).toBe(
      'ILLEGAL_TRANSITION',
    );
  });

  it('names the field of a payload that contradicts itself', () => {
    expect(
      errorOf(() =>
        applyStateChange(scheduled, { status: 'postponed', playState: 'drinks' }, teams),
      ),
    ).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Field "playState" must be null unless the status is live.',
    });
    const live = applyStateChange(scheduled, { status: 'live' }, teams);
    expect(errorOf(() => applyStateChange(live, { status: 'completed' }, teams)).message).toBe(
      'Field "result" is required when the match is completed.',
    );
    expect(
      errorOf(() =>
        applyStateChange(
          live,
          { innings: [{ team: 'XYZ', runs: 1, wickets: 0, overs: '0.1', declared: false }] },
          teams,
        ),
      ).message,
    ).toBe('Field "innings.0.team" must be one of the teams: MUM, CHE.');
    expect(
      errorOf(() => applyStateChange(live, { toss: { winner: 'XYZ', decision: 'bat' } }, teams))
        .message,
    ).toBe('Field "toss.winner" must be one of the teams: MUM, CHE.');
  });

  it('refuses a play state for a match that is not live (409: the state, not the payload)', () => {
    expect(errorOf(() => applyStateChange(scheduled, { playState: 'tea' }, teams)).code).toBe(
      'ILLEGAL_TRANSITION',
    );
  });

  it('fills in the result of an abandoned or cancelled match', () => {
    expect(applyStateChange(scheduled, { status: 'cancelled' }, teams).result).toBe(
      'Match cancelled',
    );
  });
});

describe('scoreSummary', () => {
  it('reads like a scoreboard: all out without wickets, declarations with d', () => {
    expect(
      scoreSummary([
        { team: 'MUM', runs: 187, wickets: 4, overs: '20', declared: false },
        { team: 'CHE', runs: 143, wickets: 10, overs: '16.2', declared: false },
      ]),
    ).toBe('MUM 187/4 (20) · CHE 143 (16.2)');
    expect(
      scoreSummary([{ team: 'ENG', runs: 450, wickets: 7, overs: '131.4', declared: true }]),
    ).toBe('ENG 450/7d (131.4)');
    expect(scoreSummary([])).toBe('');
  });
});
