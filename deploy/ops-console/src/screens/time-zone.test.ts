/** @jest-environment node */
import { localAndUtc } from './time-zone';

describe('a start time as the producer reads it', () => {
  it('names the producer’s zone and gives the UTC time beside it', () => {
    expect(localAndUtc('2031-06-01T15:00:00.000Z', 'Asia/Kolkata')).toBe(
      'Sun, 1 Jun 2031, 20:30 Asia/Kolkata · 15:00 UTC',
    );
  });

  it('gives the UTC date too when the producer’s day is another', () => {
    expect(localAndUtc('2031-06-01T20:00:00.000Z', 'Asia/Kolkata')).toBe(
      'Mon, 2 Jun 2031, 01:30 Asia/Kolkata · 1 Jun, 20:00 UTC',
    );
  });

  it('says the time once in a browser set to UTC', () => {
    expect(localAndUtc('2031-06-01T15:00:00.000Z', 'UTC')).toBe('Sun, 1 Jun 2031, 15:00 UTC');
    expect(localAndUtc('2031-06-01T15:00:00.000Z', 'Etc/UTC')).toBe('Sun, 1 Jun 2031, 15:00 UTC');
  });
});
