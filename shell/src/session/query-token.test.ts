import { memoryStorage } from '@crease/test-utils';
import { consumeQueryToken } from './query-token';
import { BrowserSession } from './session';
import { TokenStore } from './token-store';

const REFERRER = 'https://partner.example/watch?match=7';

function setup(initial: Record<string, string> = {}) {
  const storage = memoryStorage(initial);
  const store = new TokenStore(storage);
  const revoke = jest.fn(async () => undefined);
  const session = new BrowserSession(store, { password: jest.fn(), revoke }, null);
  return { storage, store, session, revoke };
}

describe('consumeQueryToken (docs/product.md §4)', () => {
  it('stores the referrer as forwarded and signs in with the query token when no forwarded marker exists', () => {
    const { storage, store, session } = setup();

    const result = consumeQueryToken(
      'https://www.crease.tv/plans?utm_source=partner&access_token=tok.en-1&lang=en#pricing',
      REFERRER,
      session,
    );

    expect(result.outcome).toBe('signed-in');
    expect(store.signedIn).toBe(true);
    expect(storage.entries()).toEqual({ access_token: 'tok.en-1', forwarded: REFERRER });
    expect(result.cleanUrl).toBe('/plans?utm_source=partner&lang=en#pricing');
  });

  it('stores an empty referrer as forwarded too (the marker is present, just empty)', () => {
    const { store, session } = setup();

    expect(consumeQueryToken('https://www.crease.tv/?access_token=abc', '', session)).toEqual({
      outcome: 'signed-in',
      cleanUrl: '/',
    });
    expect(store.forwarded).toBe('');
  });

  it('signed out with a refresh token left over, replaces it when it signs in', () => {
    const { storage, session } = setup({ refresh_token: 'old-refresh' });

    consumeQueryToken('https://www.crease.tv/?access_token=new', REFERRER, session);

    expect(storage.entries()).toEqual({ access_token: 'new', forwarded: REFERRER });
  });

  it('does not sign in when a forwarded marker is already stored, but still strips the token', () => {
    const { storage, store, session } = setup({ forwarded: 'https://first.example/' });

    const result = consumeQueryToken(
      'https://www.crease.tv/events?access_token=abc&x=1',
      REFERRER,
      session,
    );

    expect(result).toEqual({ outcome: 'ignored-already-forwarded', cleanUrl: '/events?x=1' });
    expect(store.signedIn).toBe(false);
    expect(storage.entries()).toEqual({ forwarded: 'https://first.example/' });
  });

  it('treats a forwarded marker stored as an empty string as present', () => {
    const { store, session } = setup({ forwarded: '' });

    const result = consumeQueryToken('https://www.crease.tv/?access_token=abc', REFERRER, session);

    expect(result.outcome).toBe('ignored-already-forwarded');
    expect(store.signedIn).toBe(false);
  });

  // Issue 19 §4: before, this stored the link's token over the viewer's own session and dropped
  // their refresh token. Now the viewer is asked first (decision 160); here nothing changes.
  it('signed in: changes nothing, strips the token and hands it on for the viewer to decide', () => {
    const mine = { access_token: 'my.access', refresh_token: 'my-refresh' };
    const { storage, session, revoke } = setup(mine);

    const result = consumeQueryToken(
      'https://www.crease.tv/events?access_token=their.access&x=1',
      REFERRER,
      session,
    );

    expect(result).toEqual({
      outcome: 'needs-confirmation',
      cleanUrl: '/events?x=1',
      offered: 'their.access',
    });
    expect(storage.entries()).toEqual(mine);
    expect(revoke).not.toHaveBeenCalled();
  });

  it.each([
    ['markup', '<script>'],
    ['a 20 KB string', 'a'.repeat(20 * 1024)],
    ['spaces', 'abc def ghi'],
    ['an empty value', ''],
  ])('rejects %s as malformed, stores nothing and strips it', (_name, junk) => {
    const { storage, store, session } = setup();
    const href = `https://www.crease.tv/signin?returnTo=%2Fplans&access_token=${encodeURIComponent(junk)}`;

    const result = consumeQueryToken(href, REFERRER, session);

    expect(result).toEqual({
      outcome: 'rejected-malformed',
      cleanUrl: '/signin?returnTo=%2Fplans',
    });
    expect(storage.entries()).toEqual({});
    expect(store.signedIn).toBe(false);
  });

  it("returns 'none' and no clean URL when there is no access_token parameter", () => {
    const { storage, session } = setup();

    expect(consumeQueryToken('https://www.crease.tv/plans?token=abc#x', REFERRER, session)).toEqual(
      {
        outcome: 'none',
        cleanUrl: null,
      },
    );
    expect(storage.entries()).toEqual({});
  });
});
