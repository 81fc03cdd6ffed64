/** @jest-environment node */
import { ALTCHA_BROWSER_MAX_NUMBER, altchaMaxNumberFor } from './bot-check';
import { difficultyLevel, loginPairKey, networkOf } from './sign-in-limits';

describe('sign-in difficulty (decision 170)', () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 1],
    [19, 1],
    [20, 2],
    [500, 2],
  ])('%i attempts from the network, no brake: level %i', (network, level) => {
    expect(difficultyLevel(network, 0, 1000)).toBe(level);
  });

  it('the global brake lifts every network: level 1 from the brake, 2 from five times it', () => {
    expect(difficultyLevel(0, 999, 1000)).toBe(0);
    expect(difficultyLevel(0, 1000, 1000)).toBe(1);
    expect(difficultyLevel(0, 5000, 1000)).toBe(2);
    expect(difficultyLevel(20, 1000, 1000)).toBe(2);
  });

  it('maxnumber: ×1, ×4, ×10 of the base, never past what the shell solver accepts', () => {
    expect([0, 1, 2].map((level) => altchaMaxNumberFor(50_000, level))).toEqual([
      50_000, 200_000, 500_000,
    ]);
    expect(altchaMaxNumberFor(50_000, 9)).toBe(500_000);
    // shell/src/platform/altcha-solver.ts refuses a challenge above 10 000 000.
    expect(ALTCHA_BROWSER_MAX_NUMBER).toBe(10_000_000);
    expect(altchaMaxNumberFor(5_000_000, 2)).toBe(10_000_000);
  });

  it('one network per IPv4 address and per IPv6 /64; keys cannot be confused by an email', () => {
    expect(networkOf('2001:db8:1:2::a')).toBe(networkOf('2001:db8:1:2:ffff::b'));
    expect(networkOf('198.51.100.1')).not.toBe(networkOf('198.51.100.2'));
    expect(loginPairKey('a@b.c', networkOf('198.51.100.1'))).toBe(
      'login:network-account:v4:198.51.100.1|a@b.c',
    );
  });
});
