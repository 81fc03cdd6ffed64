import { runtimeSatisfies } from './federation-runtime-gate';

describe('runtimeSatisfies', () => {
  it.each([
    ['2.9.2', '2.9.2', true],
    ['2.9.2', '2.9.3', true],
    ['2.9.2', '2.10.0', true],
    ['2.9.2', '2.9.1', false],
    ['2.9.2', '2.8.9', false],
    ['2.9.2', '3.0.0', false],
    ['2.9.2', '1.99.0', false],
    ['2.9.2', 'latest', false],
    ['two', '2.9.2', false],
  ])('a remote built against %s on a shell providing %s: %s', (needed, provided, expected) => {
    expect(runtimeSatisfies(needed, provided)).toBe(expected);
  });
});
