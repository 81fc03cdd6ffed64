import { countOf, everyPeriodText, periodText, screensText } from './wording';

describe('viewer wording (issue 36 §6)', () => {
  it('counts with the right plural', () => {
    expect(countOf(1, 'match', 'matches')).toBe('1 match');
    expect(countOf(0, 'match', 'matches')).toBe('0 matches');
    expect(screensText(1)).toBe('1 screen');
    expect(screensText(4)).toBe('4 screens');
  });

  it('words periods as days or whole years, and renewals without a "1"', () => {
    expect(periodText(1)).toBe('1 day');
    expect(periodText(30)).toBe('30 days');
    expect(periodText(365)).toBe('1 year');
    expect(periodText(730)).toBe('2 years');
    expect(periodText(180)).toBe('180 days');
    expect(everyPeriodText(1)).toBe('every day');
    expect(everyPeriodText(30)).toBe('every 30 days');
    expect(everyPeriodText(365)).toBe('every year');
  });
});
