import { countdownText, startTimeText } from './match-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('start times in the viewer’s zone', () => {
  // 14:00 UTC on a November Monday: 19:30 in Kolkata (UTC+5:30), 14:00 in London (GMT).
  const start = '2026-11-23T14:00:00.000Z';
  const morning = Date.parse('2026-11-23T03:00:00.000Z');

  it('writes the same instant as each zone’s own clock time, with the zone', () => {
    const kolkata = startTimeText(start, morning, 'Asia/Kolkata');
    const london = startTimeText(start, morning, 'Europe/London');

    expect(kolkata.time).toMatch(/^(19:30|0?7:30\sPM)$/);
    expect(kolkata.zone).toMatch(/GMT\+5:30|IST/);
    expect(london.time).toMatch(/^(14:00|0?2:00\sPM)$/);
    expect(london.zone).toMatch(/GMT|UTC/);
  });

  it('says Today and Tomorrow by the viewer’s calendar, not UTC’s', () => {
    // 20:00 UTC on the 23rd is 01:30 on the 24th in Kolkata: tomorrow there, today in London.
    const late = '2026-11-23T20:00:00.000Z';

    expect(startTimeText(late, morning, 'Europe/London').day).toBe('Today');
    expect(startTimeText(late, morning, 'Asia/Kolkata').day).toBe('Tomorrow');
    expect(startTimeText('2026-11-28T14:00:00.000Z', morning, 'Europe/London').day).toMatch(/Sat/);
  });
});

describe('countdown', () => {
  const now = Date.parse('2026-11-23T12:00:00.000Z');
  const inMs = (ms: number) => new Date(now + ms).toISOString();

  it('counts hours and minutes within 24 hours', () => {
    expect(countdownText(inMs(2 * HOUR + 5 * MINUTE), now)).toBe('Starts in 2 hr 5 min');
    expect(countdownText(inMs(3 * HOUR), now)).toBe('Starts in 3 hr');
    expect(countdownText(inMs(42 * MINUTE), now)).toBe('Starts in 42 min');
    expect(countdownText(inMs(MINUTE + 1_000), now)).toBe('Starts in 2 min');
    expect(countdownText(inMs(24 * HOUR), now)).toBe('Starts in 24 hr');
  });

  it('says "Starting now" at the start, and nothing far ahead or long past', () => {
    expect(countdownText(inMs(0), now)).toBe('Starting now');
    expect(countdownText(inMs(20_000), now)).toBe('Starting now');
    expect(countdownText(inMs(24 * HOUR + MINUTE), now)).toBeNull();
    expect(countdownText(inMs(-5 * MINUTE), now)).toBeNull();
  });
});
