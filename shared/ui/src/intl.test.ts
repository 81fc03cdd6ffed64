import { formatCount, formatPercent } from './intl';

const MINUTES = { one: 'minute', other: 'minutes' };

describe('formatCount', () => {
  it('picks the word by the plural rule, not by string concatenation', () => {
    expect(formatCount(1, MINUTES, ['en'])).toBe('1 minute');
    expect(formatCount(5, MINUTES, ['en'])).toBe('5 minutes');
    expect(formatCount(0, MINUTES, ['en'])).toBe('0 minutes');
  });

  it('writes the number for the locale', () => {
    expect(formatCount(1500, MINUTES, ['en'])).toBe('1,500 minutes');
    expect(formatCount(1500, MINUTES, ['de'])).toBe('1.500 minutes');
  });
});

describe('formatPercent', () => {
  it('follows the locale: no space in English, a space in French', () => {
    expect(formatPercent(20, ['en'])).toBe('20%');
    expect(formatPercent(20, ['fr'])).toBe('20\u00a0%');
    expect(formatPercent(12.5, ['en'])).toBe('12.5%');
  });
});
