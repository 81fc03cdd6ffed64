import { HEARTBEAT_RENEWAL_GRACE_MS } from '@crease/contract';
import { renewDelayMs, withToken } from './token-url';

const now = Date.parse('2026-11-23T14:00:00.000Z');
/** A token renewed `renewIn` s and expiring `expireIn` s from `now`. */
const token = (renewIn: number, expireIn: number) => ({
  token: 't',
  renewAt: new Date(now + renewIn * 1000).toISOString(),
  expiresAt: new Date(now + expireIn * 1000).toISOString(),
});

describe('playback tokens', () => {
  it('writes the current token over the one a URL carries, keeping the rest', () => {
    expect(withToken('http://api.localhost:8080/live/a/c/720p/42.m4s?token=old&x=1', 'new')).toBe(
      'http://api.localhost:8080/live/a/c/720p/42.m4s?token=new&x=1',
    );
    expect(withToken('http://api.localhost:8080/live/a/c/master.m3u8', 'a b')).toBe(
      'http://api.localhost:8080/live/a/c/master.m3u8?token=a+b',
    );
  });

  it('renews at renewAt, at the latest 5 s before expiry, and never within a second', () => {
    expect(renewDelayMs(token(30, 60), now)).toBe(30_000);
    expect(renewDelayMs(token(58, 60), now)).toBe(55_000);
    expect(renewDelayMs(token(-10, 60), now)).toBe(1000);
  });

  it('waits a heartbeat’s grace longer when heartbeats bring the tokens, still 5 s before expiry', () => {
    expect(renewDelayMs(token(30, 60), now, HEARTBEAT_RENEWAL_GRACE_MS)).toBe(40_000);
    expect(renewDelayMs(token(50, 60), now, HEARTBEAT_RENEWAL_GRACE_MS)).toBe(55_000);
  });
});
