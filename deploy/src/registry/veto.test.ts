/** @jest-environment node */
import { DEFAULT_QUORUM } from '../signals/quorum';
import { DEFAULT_VETO_HOURS, judgeVeto } from './veto';

/**
 * Decision 411 as a rule over one fallback count, with the clock given: who may veto, how the bar
 * scales with the version's page views, when a veto lapses, and what a clearance excuses.
 */
const AT = '2026-03-29T00:30:00.000Z'; // the night the UK's clocks go forward: nothing depends on it
const hoursAfter = (hours: number) => new Date(Date.parse(AT) + hours * 3_600_000);
const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

const count = (accounts: number, accountNetworks: number, browsers = 10, networks = 5) => ({
  remote: 'mf-legal',
  failedVersion: '1.0.0-legal002',
  count: 20,
  lastAt: AT,
  legacy: false,
  reporters: {
    browsers: ids('b', browsers),
    networks: ids('n', networks),
    accounts: ids('a', accounts),
    accountNetworks: ids('n', accountNetworks),
  },
});

describe('judgeVeto (decision 411)', () => {
  const soon = { now: hoursAfter(1) };

  it('anonymous browsers never veto: enough of them are a warning, fewer are nothing', () => {
    expect(judgeVeto(count(0, 0), DEFAULT_QUORUM, soon)).toBe('anonymous');
    expect(judgeVeto(count(0, 0, 4, 2), DEFAULT_QUORUM, soon)).toBe('few');
  });

  it('signed-in viewers veto at 5 on 3 networks, not on fewer networks', () => {
    expect(judgeVeto(count(5, 3), DEFAULT_QUORUM, soon)).toBe(true);
    expect(judgeVeto(count(5, 2), DEFAULT_QUORUM, soon)).toBe('anonymous');
    expect(judgeVeto(count(4, 3), DEFAULT_QUORUM, soon)).toBe('anonymous');
  });

  it('the bar is 2 % of the version page views once that is more than 5, capped at 128', () => {
    const views = (n: number) => ({ ...soon, viewsOf: () => n });
    expect(judgeVeto(count(5, 3), DEFAULT_QUORUM, views(250))).toBe(true); // 5
    expect(judgeVeto(count(5, 3), DEFAULT_QUORUM, views(1000))).toBe('anonymous'); // 20
    expect(judgeVeto(count(20, 3), DEFAULT_QUORUM, views(1000))).toBe(true);
    expect(judgeVeto(count(127, 3), DEFAULT_QUORUM, views(1_000_000))).toBe('anonymous');
    expect(judgeVeto(count(128, 3), DEFAULT_QUORUM, views(1_000_000))).toBe(true);
  });

  it(`lapses ${DEFAULT_VETO_HOURS} h after its last report, or after the hours configured`, () => {
    const vetoing = count(5, 3);
    expect(judgeVeto(vetoing, DEFAULT_QUORUM, { now: hoursAfter(71.99) })).toBe(true);
    expect(judgeVeto(vetoing, DEFAULT_QUORUM, { now: hoursAfter(72) })).toBe('expired');
    expect(judgeVeto(vetoing, DEFAULT_QUORUM, { now: hoursAfter(2), vetoHours: 2 })).toBe(
      'expired',
    );
  });

  it('a clearance excuses the viewers known then; new ones can veto again', () => {
    const clearance = {
      version: '1.0.0-legal002',
      at: AT,
      by: 'rm',
      reason: 'CDN outage',
      accounts: ids('a', 5),
    };
    const clearanceOf = () => clearance;
    expect(judgeVeto(count(5, 3), DEFAULT_QUORUM, { ...soon, clearanceOf })).toBe('cleared');
    expect(judgeVeto(count(9, 3), DEFAULT_QUORUM, { ...soon, clearanceOf })).toBe('cleared');
    expect(judgeVeto(count(10, 3), DEFAULT_QUORUM, { ...soon, clearanceOf })).toBe(true);
  });

  it('counts from before proofs named nobody: they veto until they lapse or are cleared', () => {
    const legacy = { ...count(0, 0, 0, 0), legacy: true };
    expect(judgeVeto(legacy, DEFAULT_QUORUM, soon)).toBe(true);
    expect(judgeVeto(legacy, DEFAULT_QUORUM, { now: hoursAfter(72) })).toBe('expired');
  });
});
