import {
  formatDate,
  formatDuration,
  formatMinutes,
  formatMoney,
  fromEpochSeconds,
} from './formatters';

describe('formatters', () => {
  it('formats money in the viewer’s locale', () => {
    expect(formatMoney(9.99, 'USD', ['en-US'])).toBe('$9.99');
    expect(formatMoney(9.99, 'EUR', ['de-DE'])).toBe('9,99\u00a0€');
    expect(formatMoney(499, 'INR', ['en-IN'])).toBe('₹499.00');
  });

  it('reads epoch seconds as a local date', () => {
    const date = fromEpochSeconds(1_764_000_000);
    expect(date.getTime()).toBe(1_764_000_000_000);
    expect(formatDate(new Date(2026, 0, 5), ['en-GB'])).toBe('5 Jan 2026');
  });

  it('says durations as people do', () => {
    expect(formatDuration(7, ['en'])).toBe('7 days');
    expect(formatDuration(1, ['en'])).toBe('1 day');
    expect(formatDuration(30, ['en'])).toBe('30 days');
    expect(formatDuration(90, ['en'])).toBe('90 days');
    expect(formatDuration(365, ['en'])).toBe('1 year');
  });

  it('says trial minutes in hours and minutes', () => {
    expect(formatMinutes(45, ['en'])).toBe('45 min');
    expect(formatMinutes(60, ['en'])).toBe('1 hr');
    expect(formatMinutes(90, ['en'])).toBe('1 hr 30 min');
    expect(formatMinutes(-3, ['en'])).toBe('0 min');
  });
});
