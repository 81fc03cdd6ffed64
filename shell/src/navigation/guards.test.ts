/** @jest-environment node */
// Node, not jsdom: react-router needs TextEncoder and Response, which jsdom lacks.
import { TokenStore } from '../session/token-store';
import { memoryStorage } from '@crease/test-utils';
import {
  afterSignInRedirect,
  isSafeReturnTo,
  protectedLoader,
  protectedRouteRedirect,
  welcomeLoader,
  welcomeRedirect,
} from './guards';

const signedOut = { signedIn: false, forwarded: null };

describe('protectedRouteRedirect (docs/product.md §2)', () => {
  it('sends a signed-out viewer to /signin, remembering path and query', () => {
    expect(protectedRouteRedirect(signedOut, new URL('https://www.crease.tv/plans?x=1'))).toBe(
      '/signin?returnTo=%2Fplans%3Fx%3D1',
    );
  });

  it('remembers a path without a query, and drops the hash', () => {
    expect(protectedRouteRedirect(signedOut, new URL('https://www.crease.tv/player#live'))).toBe(
      '/signin?returnTo=%2Fplayer',
    );
  });

  it('encodes characters that would otherwise break the query', () => {
    const to = protectedRouteRedirect(
      signedOut,
      new URL('https://www.crease.tv/events?a=1&b=two%20words'),
    );
    expect(to).not.toBeNull();
    const url = new URL(to as string, 'https://www.crease.tv');
    expect(url.pathname).toBe('/signin');
    expect([...url.searchParams.keys()]).toEqual(['returnTo']);
    expect(url.searchParams.get('returnTo')).toBe('/events?a=1&b=two%20words');
  });

  it('lets a signed-in viewer through', () => {
    expect(
      protectedRouteRedirect({ signedIn: true }, new URL('https://www.crease.tv/plans?x=1')),
    ).toBeNull();
  });
});

describe('welcomeRedirect (docs/product.md §2)', () => {
  it('keeps a signed-out viewer on /', () => {
    expect(welcomeRedirect(signedOut)).toBeNull();
    expect(welcomeRedirect({ signedIn: false, forwarded: 'https://partner.example/' })).toBeNull();
  });

  it("sends a signed-in viewer with a 'forwarded' marker to /plans", () => {
    expect(welcomeRedirect({ signedIn: true, forwarded: 'https://partner.example/' })).toBe(
      '/plans',
    );
  });

  it("sends a signed-in viewer without a 'forwarded' marker to /events", () => {
    expect(welcomeRedirect({ signedIn: true, forwarded: null })).toBe('/events');
  });

  it("counts a 'forwarded' marker stored as an empty string as stored", () => {
    expect(welcomeRedirect({ signedIn: true, forwarded: '' })).toBe('/plans');
  });
});

describe('loaders, with a real token store', () => {
  it('protectedLoader redirects a signed-out viewer to /signin', () => {
    const store = new TokenStore(memoryStorage());

    const result = protectedLoader(store)({
      request: new Request('https://www.crease.tv/account?tab=devices'),
    });

    expect(result).toBeInstanceOf(Response);
    expect(result?.status).toBe(302);
    expect(result?.headers.get('Location')).toBe('/signin?returnTo=%2Faccount%3Ftab%3Ddevices');
  });

  it('protectedLoader lets a signed-in viewer through', () => {
    const store = new TokenStore(memoryStorage({ access_token: 'tok' }));
    expect(
      protectedLoader(store)({ request: new Request('https://www.crease.tv/account') }),
    ).toBeNull();
  });

  it('protectedLoader treats a garbage token as signed out', () => {
    const store = new TokenStore(memoryStorage({ access_token: 'not a token' }));
    const result = protectedLoader(store)({ request: new Request('https://www.crease.tv/plans') });
    expect(result?.headers.get('Location')).toBe('/signin?returnTo=%2Fplans');
  });

  it('welcomeLoader sends a signed-in viewer on / to /plans or /events', () => {
    const forwarded = new TokenStore(memoryStorage({ access_token: 'tok', forwarded: '' }));
    const direct = new TokenStore(memoryStorage({ access_token: 'tok' }));
    const signedOutStore = new TokenStore(memoryStorage({ forwarded: 'x' }));

    expect(welcomeLoader(forwarded)()?.headers.get('Location')).toBe('/plans');
    expect(welcomeLoader(direct)()?.headers.get('Location')).toBe('/events');
    expect(welcomeLoader(signedOutStore)()).toBeNull();
  });
});

describe('afterSignInRedirect: back to where the guard sent the viewer from', () => {
  const signedIn = { signedIn: true, forwarded: null };

  it('returns to the remembered route, query included', () => {
    expect(afterSignInRedirect(signedIn, '?returnTo=%2Fplans%3Fx%3D1')).toBe('/plans?x=1');
  });

  it('applies the / rule when there is no returnTo', () => {
    expect(afterSignInRedirect(signedIn, '')).toBe('/events');
    expect(afterSignInRedirect({ signedIn: true, forwarded: '' }, '')).toBe('/plans');
  });

  it.each([
    ['another site', '//evil.example/x'],
    ['a backslash trick', '/\\evil.example'],
    ['an absolute URL', 'https://evil.example/'],
    ['a relative path', 'plans'],
    ['a control character', '/plans\u0000'],
    ['/signin itself', '/signin?returnTo=%2Fplans'],
  ])('ignores %s and applies the / rule', (_label, returnTo) => {
    expect(isSafeReturnTo(returnTo)).toBe(false);
    expect(afterSignInRedirect(signedIn, `?${new URLSearchParams({ returnTo })}`)).toBe('/events');
  });
});
