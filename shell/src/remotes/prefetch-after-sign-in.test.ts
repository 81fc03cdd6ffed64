/** @jest-environment node */
// Node, not jsdom: react-router (through the guards) needs TextEncoder, which jsdom lacks.
import { remoteAfterSignIn, remoteOfNextRoute } from './prefetch-after-sign-in';

describe('remoteAfterSignIn', () => {
  it('is mf-catalog for a plain sign-in (the viewer lands on /events)', () => {
    expect(remoteAfterSignIn({ forwarded: null }, '')).toBe('mf-catalog');
  });

  it('is mf-billing when the viewer came from the plans (forwarded is stored)', () => {
    expect(remoteAfterSignIn({ forwarded: '/plans' }, '')).toBe('mf-billing');
  });

  it('follows a safe returnTo, and ignores an unsafe one', () => {
    expect(remoteAfterSignIn({ forwarded: null }, '?returnTo=%2Faccount')).toBe('mf-billing');
    expect(remoteAfterSignIn({ forwarded: null }, '?returnTo=%2F%2Fevil.example')).toBe(
      'mf-catalog',
    );
  });

  it('is null when the destination is a shell page or mf-auth itself', () => {
    expect(remoteAfterSignIn({ forwarded: null }, '?returnTo=%2Fnowhere')).toBeNull();
    expect(remoteAfterSignIn({ forwarded: null }, '?returnTo=%2Fchange-password')).toBeNull();
  });
});

describe('remoteOfNextRoute', () => {
  it('is mf-player on /events (Watch opens /player), with or without a trailing slash', () => {
    expect(remoteOfNextRoute('/events')).toBe('mf-player');
    expect(remoteOfNextRoute('/events/')).toBe('mf-player');
  });

  it('is null where no next route is named, and on an unknown path', () => {
    expect(remoteOfNextRoute('/player')).toBeNull();
    expect(remoteOfNextRoute('/plans')).toBeNull();
    expect(remoteOfNextRoute('/')).toBeNull();
    expect(remoteOfNextRoute('/nowhere')).toBeNull();
  });
});
