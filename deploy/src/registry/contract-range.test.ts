/** @jest-environment node */
import { isContractRange, satisfiesContract } from './contract-range';

describe('contract ranges', () => {
  it.each([
    ['^1', 1, true],
    ['^1', 2, false],
    ['1.x', 1, true],
    ['1.x', 2, false],
    ['~1', 1, true],
    ['1', 1, true],
    ['*', 7, true],
    ['>=1 <3', 1, true],
    ['>=1 <3', 2, true],
    ['>=1 <3', 3, false],
    ['^1 || ^3', 3, true],
    ['^1 || ^3', 2, false],
    ['>1', 1, false],
    ['<=2', 2, true],
  ])('%s with contract %i is %s', (range, version, expected) => {
    expect(satisfiesContract(range, version)).toBe(expected);
  });

  it('refuses what is not a range instead of guessing', () => {
    for (const bad of ['', 'latest', '^1.2', '>=', '1 ||', 'drop table', '^1;rm']) {
      expect(isContractRange(bad)).toBe(false);
      expect(satisfiesContract(bad, 1)).toBe(false);
    }
    expect(isContractRange('^1')).toBe(true);
  });
});
